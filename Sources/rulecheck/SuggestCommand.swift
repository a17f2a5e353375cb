import ArgumentParser
import Foundation
import RuleCore
import RuleSpec
import RuleTooling
import RuleYAML

/// `rulecheck suggest [PATH…] [--type TYPE]`: prints spec cases that kill the mutants the suite
/// in PATH… lets survive.
struct SuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Print spec cases that kill the mutants no case of the suite in PATH… notices, in the spec format.",
        discussion: """
            Each case's expectation is what the rules give today: review it before keeping it. \
            With --write FILE, a spec file of them is written; `rulecheck mutate` then finds them.
            """)

    @Argument(help: "Spec files or folders of the suite, as for test and mutate.")
    var paths: [String] = ["specs"]

    @Option(help: ArgumentHelp("Only the cases of this type or model.", valueName: "name"))
    var type: String?

    @Option(
        help: ArgumentHelp(
            "Append the suggested cases to the spec file FILE, or write it when there is none.", valueName: "file"))
    var write: String?

    func validate() throws {
        // NB: before PATH…, the argument was the type; a name like one (an ASCII identifier with a
        // capital first, as types and models are named) is told how to give it.
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            let looksLikeAName =
                path.unicodeScalars.first.map { (0x41...0x5A).contains($0.value) } == true
                && path.unicodeScalars.allSatisfy {
                    ASCIICase.isASCIILetter($0) || ASCIICase.isASCIIDigit($0) || $0 == "_"
                }
            throw ValidationError(
                "no spec file or folder '\(path)'"
                    + (looksLikeAName ? "; to suggest the cases of a type or model, use --type \(path)" : ""))
        }
    }

    func run() throws {
        let report = MutationRunner().run(paths, suggest: true, only: type)
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
            var text = MutationReporter.suggestionFile(report, only: type)
            // NB: a spec file over the size limit is refused before a byte of it is read, as `test` does.
            if let size = YAMLInput.size(of: write), let error = YAMLLimits.specFile.sizeError(size, file: write) {
                throw error
            }
            if let existing = FileManager.default.contents(atPath: write) {
                text = MutationReporter.appending(report, only: type, to: String(decoding: existing, as: UTF8.self))
                // NB: the append is by lines; a file it would break is left as it was.
                if let mistake = SpecFileCheck.mistake(in: text, file: write) {
                    DiagnosticPrinter.print([
                        .error("cannot append the cases to '\(write)' (\(mistake)); write them to a new file", at: nil)
                    ])
                    throw ExitCode(2)
                }
            }
            let file = try ReportOutput.file(write)
            file.write(text)
            try file.close()
        } catch let diagnostic as Diagnostic {
            DiagnosticPrinter.print([diagnostic])
            throw ExitCode(2)
        }
    }
}
