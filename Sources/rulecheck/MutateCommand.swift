import ArgumentParser
import Foundation
import RuleCore
import RuleSpec

/// `rulecheck mutate [PATH…]`: changes the rules one at a time and reports the changes no case notices.
struct MutateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mutate",
        abstract: "Mutate the rules the spec cases in PATH… test, and report every change no case notices.",
        discussion: "Exit codes: 0 every mutant killed, 1 some mutant survived, 2 the input could not be used.")

    /// The report formats of `mutate`.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case human, json, junit
    }

    @Argument(help: "Spec files or folders.")
    var paths: [String] = ["specs"]

    @Option(help: "The report format: human, json or junit.")
    var format: Format = .human

    @Option(help: ArgumentHelp("Write the report to FILE (replaced atomically) as well.", valueName: "file"))
    var output: String?

    func run() throws {
        let report = MutationRunner().run(paths)
        DiagnosticPrinter.print(report.diagnostics)
        if report.diagnostics.hasErrors { throw ExitCode(2) }
        let text =
            switch format {
            case .human: MutationReporter.human(report)
            case .json: MutationReporter.json(report)
            case .junit: MutationReporter.junit(report)
            }
        if let output {
            try ReportOutput.write(text, to: output)
            print(MutationReporter.human(report), terminator: "")
        } else {
            print(text, terminator: "")
        }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
}
