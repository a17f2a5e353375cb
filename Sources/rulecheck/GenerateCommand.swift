import ArgumentParser
import Foundation
import RuleCore
import RuleGen
import RuleYAML

/// `rulecheck generate swift [RULES…] --output DIR`: generates code from rules.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate", abstract: "Generate code from the rules.", subcommands: [GenerateSwiftCommand.self])
}

/// `rulecheck generate swift`: writes a Swift file of value objects for each rule file.
struct GenerateSwiftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swift",
        abstract: "Write a Swift file of value objects for each rule file in RULES….",
        discussion: """
            A file is written only when its text changes, so that builds compile only what changed; \
            files generated earlier for rule files that no longer exist are removed.
            """)

    @Argument(help: "Rule files or folders.")
    var rules: [String] = ["rules"]

    @Option(help: ArgumentHelp("The folder to write the Swift files into; created when missing.", valueName: "dir"))
    var output: String

    func run() throws {
        var diagnostics: [Diagnostic] = []
        let sources = rules.flatMap { argument in
            RuleFileLoader.yamlFiles(at: [argument], diagnostics: &diagnostics).map {
                RuleSource(path: $0, foundIn: argument)
            }
        }
        let loaded = RuleFileLoader().load(sources.map(\.path))
        DiagnosticPrinter.print(diagnostics + loaded.diagnostics)
        guard let ruleSet = loaded.ruleSet, !diagnostics.hasErrors else { throw ExitCode(2) }
        let generated = SwiftGenerator(rules: ruleSet, sources: sources).generate()
        DiagnosticPrinter.print(generated.diagnostics)
        guard !generated.diagnostics.hasErrors else { throw ExitCode(2) }
        try write(generated.files)
    }

    private func write(_ files: [GeneratedFile]) throws {
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let written = try files.filter { try $0.write(into: folder) }.count
        let removed = try GeneratedFile.removeStale(in: folder, keeping: Set(files.map(\.name)))
        print(
            "\(files.count) files in \(output): \(written) written, \(files.count - written) unchanged"
                + (removed.isEmpty ? "" : ", \(removed.count) removed"))
    }
}
