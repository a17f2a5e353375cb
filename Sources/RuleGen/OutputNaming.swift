/// How generated Swift files are named.
///
/// NB: `Plugins/RuleGenPlugin/` holds a byte-identical copy of this file, because a package
/// plugin cannot import a target; a test keeps the two equal. Keep this file free of imports.
enum OutputNaming {
    /// What every generated file's name ends in, so that generated files are told apart from others.
    static let suffix = ".rules.swift"

    /// The generated file's name for a rule file, named by its path inside the rules folder it was
    /// found in (or by its file name, when it was given alone): `task.yaml` becomes
    /// `task.rules.swift`, and `auth/login.yml` becomes `auth_login.rules.swift`.
    static func swiftFileName(forRuleFile relativePath: String) -> String {
        var name = Substring(relativePath)
        for ext in [".yaml", ".yml"] where name.hasSuffix(ext) {
            name = name.dropLast(ext.count)
        }
        return name.split(separator: "/").joined(separator: "_") + suffix
    }
}
