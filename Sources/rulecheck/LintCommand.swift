import ArgumentParser
import RuleCore
import RuleYAML

/// `rulecheck lint [PATH…]`: loads and compiles rule files and prints their mistakes.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint", abstract: "Load and compile the rules in PATH… (default: rules/) and print every mistake.")

    @Argument(help: "Rule files or folders.")
    var paths: [String] = ["rules"]

    func run() throws {
        let result = RuleFileLoader().load(paths)
        DiagnosticPrinter.print(result.diagnostics)
        guard let rules = result.ruleSet else { throw ExitCode(2) }
        let warnings = result.diagnostics.count
        print(
            "\(result.files.count) rule files, \(rules.types.count) types, \(rules.models.count) models: "
                + (warnings == 0 ? "no problems" : "\(warnings) warnings"))
    }
}
