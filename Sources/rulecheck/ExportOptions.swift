import ArgumentParser
import Foundation
import RuleCore
import RuleSpec
import RuleYAML

/// What every `export` subcommand reads and where it writes.
struct ExportOptions: ParsableArguments {
    @Argument(help: "Rule files or folders (default: the nearest rules/ folder, here or above).")
    var rules: [String] = []

    @Option(help: ArgumentHelp("Write to FILE (replaced atomically) instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(
        help:
            "Do not print the warnings of what the export can only approximate (the rules still mean it exactly); errors are still printed."
    )
    var quiet = false

    /// The compiled rules; their diagnostics are printed, and exit 2 when they do not compile.
    func load() throws -> RuleSet {
        let result = RuleFileLoader.declarationsOnly().load(RuleFileLoader.rulePaths(rules))
        DiagnosticPrinter.print(result.diagnostics)
        guard let ruleSet = result.ruleSet else { throw ExitCode(2) }
        return ruleSet
    }

    /// Writes `text` to the output, then prints `warnings` unless `--quiet`.
    func write(_ text: String, warnings: [Diagnostic]) throws {
        try ReportOutput.write(text, to: output)
        DiagnosticPrinter.print(quiet ? warnings.filter { $0.severity == .error } : warnings)
    }
}
