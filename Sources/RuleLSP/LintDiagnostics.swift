public import RuleCore
import RuleGen
import RuleTooling
public import RuleYAML

/// What `rulecheck lint` says of loaded rules, beyond the loader's own diagnostics: what `RuleLinter`
/// finds (messages never shown, rules no value passes), names generated Swift cannot take, and, as
/// warnings, names TypeScript refuses. `lint` and the language server both say exactly this.
public enum LintDiagnostics {
    /// The loader's diagnostics and every later finding of `lint` on `result`.
    public static func rules(_ result: RuleFileLoader.Result) -> [Diagnostic] {
        let names = SwiftNameChecker()
        var found =
            result.diagnostics
            + RuleLinter(types: result.types, models: result.models, incomplete: result.incomplete).diagnostics()
        found += unusedCustomChecks(result)
        found += names.diagnostics(types: result.types, models: result.models)
        if let rules = result.ruleSet { found += names.diagnostics(rules: rules) }
        // NB: warnings: the rules may never be generated as TypeScript, which alone refuses these names.
        found += TypeScriptGenerator.nameDiagnostics(types: result.types, models: result.models).map {
            var warning = $0
            warning.severity = .warning
            return warning
        }
        return found
    }

    /// A warning for each custom check its file declares and no type of it uses.
    static func unusedCustomChecks(_ result: RuleFileLoader.Result) -> [Diagnostic] {
        result.customChecks.filter { !$0.isUsed }.map { declaration, _ in
            .warning(
                "custom check '\(declaration.name)' is declared but no type uses it; list it under a type's "
                    + "'checks:' or remove it", at: declaration.range)
        }
    }
}
