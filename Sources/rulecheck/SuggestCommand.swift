import ArgumentParser
import Foundation
import RuleCore
import RuleSpec

/// `rulecheck suggest [TYPE]`: prints spec cases that kill the mutants the suite lets survive.
struct SuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Print spec cases that kill the mutants no case of the suite notices, in the spec format.",
        discussion: """
            Each case's expectation is what the rules give today: review it before keeping it. \
            With --write FILE, a spec file of them is written; `rulecheck mutate` then finds them.
            """)

    @Argument(help: "Only the cases of this type or model.")
    var type: String?

    @Option(help: ArgumentHelp("The spec files or folder of the suite.", valueName: "path"))
    var specs: [String] = ["specs"]

    @Option(help: ArgumentHelp("Write a spec file of the suggested cases to FILE.", valueName: "file"))
    var write: String?

    func run() throws {
        let report = MutationRunner().run(specs, suggest: true)
        DiagnosticPrinter.print(report.diagnostics)
        if report.diagnostics.hasErrors { throw ExitCode(2) }
        if let type, !report.results.contains(where: { $0.mutation.subject == type }) {
            throw ValidationError("no mutant of '\(type)': it is no type or model the suite's rules declare")
        }
        guard let write else {
            print(MutationReporter.suggestions(report, only: type), terminator: "")
            return
        }
        do {
            let file = try ReportOutput.file(write)
            file.write(MutationReporter.suggestionFile(report, only: type))
            try file.close()
        } catch {
            DiagnosticPrinter.print([error])
            throw ExitCode(2)
        }
    }
}
