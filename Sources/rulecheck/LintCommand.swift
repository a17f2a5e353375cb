import ArgumentParser
import Foundation
import RuleCore
import RuleLSP
import RuleSpec
import RuleTooling
import RuleYAML

/// `rulecheck lint [PATH…]`: loads and compiles rule files and prints every mistake in one run,
/// with what would go wrong only later: messages never shown, names generated Swift cannot take,
/// and rules no value can pass; and checks spec files against their rules without running them.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check the rules and spec files in PATH… and print every mistake in one run.")

    @Argument(
        help:
            "Rule files, spec files or folders (default: the nearest rules/ folder, here or above, and the specs/ beside it)."
    )
    var paths: [String] = []

    /// How `lint` reports: for people on standard error, or as data on standard output.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case human, json, sarif
    }

    @Option(
        help: "human (on standard error), json, or sarif (SARIF 2.1.0, for GitHub code scanning and editors).")
    var format: Format = .human

    func run() throws {
        // NB: spec files (a top-level `cases:`) among the paths are checked against their rules;
        // with no paths, the nearest rules/ and the specs/ beside it.
        var pathDiagnostics: [Diagnostic] = []
        let rulePaths = RuleFileLoader.rulePaths(paths)
        var lintPaths = rulePaths
        if paths.isEmpty, let rules = rulePaths.first {
            let specs = ((rules as NSString).deletingLastPathComponent as NSString).appendingPathComponent("specs")
            if FileManager.default.fileExists(atPath: specs) { lintPaths.append(specs) }
        }
        let files = RuleFileLoader.yamlFiles(at: lintPaths, diagnostics: &pathDiagnostics)
        let specFiles = files.filter(Self.isSpecFile)
        let ruleFiles = files.filter { !specFiles.contains($0) }
        // NB: only spec files: their rules are checked by loading them, not reported again here.
        let onlySpecs = ruleFiles.isEmpty && !specFiles.isEmpty
        var result = RuleFileLoader.declarationsOnly().load(onlySpecs ? [] : files.isEmpty ? rulePaths : ruleFiles)
        if onlySpecs { result.diagnostics = [] }
        var found = LintDiagnostics.rules(result)
        var specs = SpecLinter()
        found +=
            pathDiagnostics.filter { path in !result.diagnostics.contains(path) } + specs.diagnostics(of: specFiles)
        var seen: Set<String> = []
        let diagnostics = found.filter { seen.insert("\($0.range?.description ?? "")\u{0}\($0.message)").inserted }
            .enumerated().sorted { a, b in
                let none = SourceLocation(file: "", line: 0, column: 0)
                let (x, y) = (a.element.range?.start ?? none, b.element.range?.start ?? none)
                return x == y ? a.offset < b.offset : x < y
            }.map(\.element)
        let errors = diagnostics.filter { $0.severity == .error }.count
        switch format {
        case .json: print(DiagnosticLog.json(diagnostics), terminator: "")
        case .sarif:
            print(DiagnosticLog.sarif(diagnostics, version: Rulecheck.toolVersion), terminator: "")
        case .human:
            printHuman(
                diagnostics, files: result.files.count, specFiles: specFiles.count, types: result.types.count,
                models: result.models.count)
        }
        if errors > 0 { throw ExitCode(2) }
    }

    /// Whether `file` is a spec file: a line `cases:` at the top level. Of a file larger than a rule
    /// file may be, only the first 64 KiB are read: a spec file's settings come before `cases:`, and
    /// its size is checked where it is loaded, before a byte more is read.
    static func isSpecFile(_ file: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: file) else { return false }
        defer { try? handle.close() }
        let size = YAMLInput.size(of: file) ?? 0
        let read = size <= YAMLLimits.default.maxInputBytes ? size : 64 << 10
        guard let data = try? handle.read(upToCount: max(read, 1)) else { return false }
        return SpecFileCheck.isSpecFile(data)
    }

    private func printHuman(_ diagnostics: [Diagnostic], files: Int, specFiles: Int, types: Int, models: Int) {
        DiagnosticPrinter.print(diagnostics)
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        let problems =
            errors + warnings == 0
            ? "no problems"
            : [Plural.count(errors, "error"), Plural.count(warnings, "warning")].filter { !$0.hasScalarPrefix("0 ") }
                .joined(separator: ", ")
        let style = TerminalStyle(fileDescriptor: STDOUT_FILENO)
        print(
            "\(Plural.count(files, "rule file")), \(Plural.count(types, "type")), "
                + "\(Plural.count(models, "model"))"
                + (specFiles > 0 ? ", \(Plural.count(specFiles, "spec file"))" : "") + ": "
                + style.paint(
                    problems, errors > 0 ? TerminalStyle.red : warnings > 0 ? TerminalStyle.yellow : TerminalStyle.green
                ))
    }
}

/// "1 rule file", "2 rule files".
enum Plural {
    static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
