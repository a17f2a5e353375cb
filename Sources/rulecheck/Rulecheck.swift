import ArgumentParser
import Foundation
import RuleCore

/// The `rulecheck` command: runs spec cases by default, and lints rules or checks values.
@main
struct Rulecheck: ParsableCommand {
    /// rulecheck's own version, as SARIF reports name the tool's.
    static let toolVersion = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "rulecheck",
        abstract: "Validation rules declared once in YAML, checked against table-driven spec cases.",
        discussion: """
            Examples:
              rulecheck specs/                         run every spec case under specs/
              rulecheck specs/ --format junit --output report.xml
              rulecheck lint rules/                    print every mistake in the rules
              rulecheck check TaskTitle "  Buy milk  " validate values by hand
              rulecheck generate swift rules/ --output Sources/App/Generated

            Exit codes: 0 all passed, 1 some case failed or a value is invalid, \
            2 the input could not be used (bad YAML, unknown type, bad option).
            """,
        // NB: the Unicode version of the pinned tables is part of what a verdict means.
        version: "\(toolVersion) (Unicode \(PinnedUnicode.version))",
        subcommands: [
            TestCommand.self, MutateCommand.self, SuggestCommand.self, LintCommand.self, CheckCommand.self,
            GenerateCommand.self, ExportCommand.self, SchemaCommand.self, DiffCommand.self, AuditCommand.self,
            LSPCommand.self,
        ],
        defaultSubcommand: TestCommand.self
    )

    /// Parses, runs, and maps every outcome to the exit codes of docs/cli.md: help and `--version` exit 0,
    /// an `ExitCode` from `run()` passes through, anything else is a message on stderr and exit 2.
    static func main() {
        // NB: `--update=all` is a flag with a value, which argument parser has no spelling for.
        var arguments = CommandLine.arguments.dropFirst().map { $0 == "--update=all" ? "--update-all" : $0 }
        if arguments.first == "check" { arguments = arguments.map(CheckCommand.markingNegativeNumber) }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            // NB: one prefix for every mistake, argument parser's as the diagnostics' (`rulecheck: error:`).
            var message = fullMessage(for: error)
            if message.hasScalarPrefix("Error: ") {
                message = "rulecheck: error: " + message.dropFirst("Error: ".count)
            }
            if arguments.first == "check",
                let hint = CheckCommand.hint(forUnknownOptionIn: message, arguments: arguments)
            {
                let end = message.firstIndex(of: "\n") ?? message.endIndex
                message.insert(contentsOf: "\n" + hint, at: end)
            }
            FileHandle.standardError.write(Data((message + "\n").utf8))
            Foundation.exit(2)
        }
    }
}
