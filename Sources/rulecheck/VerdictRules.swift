import ArgumentParser
import RuleCore
import RuleYAML

/// Rules loaded for a command that gives verdicts on one type or model (`check`, `audit`): a custom
/// check is read as its declaration, and only a type or model that uses one with no implementation is
/// refused, so that a card number's `luhn` does not keep `check Price` from running.
enum VerdictRules {
    /// The rules at `paths`, with every diagnostic printed; exit 2 when they do not load.
    static func load(_ paths: [String]) throws -> RuleSet {
        let loaded = RuleFileLoader.declarationsOnly().load(RuleFileLoader.rulePaths(paths))
        DiagnosticPrinter.print(loaded.diagnostics)
        guard let ruleSet = loaded.ruleSet else { throw ExitCode(2) }
        return ruleSet
    }

    /// Exit 2, naming the checks, when `name` uses a custom check this command has no implementation of.
    static func refuseUnimplemented(_ name: String, in ruleSet: RuleSet) throws {
        let missing = ruleSet.unimplementedCustomChecks(of: name)
        guard !missing.isEmpty else { return }
        let quoted = missing.map { "'\($0)'" }.joined(separator: ", ")
        DiagnosticPrinter.print([
            .error(
                "'\(name)' needs custom check \(quoted), which rulecheck has no implementation of; validate it "
                    + "through a runtime given one, or from Swift with RuleFileLoader(customChecks:)", at: nil)
        ])
        throw ExitCode(2)
    }
}
