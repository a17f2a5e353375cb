import RuleCore

/// How generated comments name the places rules come from: `rules/task.yaml:9`, whatever path the
/// files were loaded by, so that output does not depend on the machine or the folder it ran in.
struct SourceNames {
    let displayPaths: [String: String]

    /// `rules/task.yaml:9` for a declaration's range; `nil` without one.
    func location(_ range: SourceRange?) -> String? {
        range.map { "\(displayPaths[$0.start.file] ?? $0.start.file):\($0.start.line)" }
    }

    /// "Declared at `rules/task.yaml:5`.", or nothing for a declaration made in code.
    func declared(_ range: SourceRange?) -> String? {
        location(range).map { "Declared at `\($0)`." }
    }
}
