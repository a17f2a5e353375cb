import ArgumentParser
import Foundation
import RuleCore
import RuleDiff

/// `rulecheck diff OLD NEW`: what changed between two rule sets, by meaning, with values that flip.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two rule sets by meaning: what each type and model now accepts or refuses.",
        discussion: """
            OLD and NEW are each a rules folder or file, or git:REV[:PATH] (PATH defaults to rules), \
            read with git show, without a checkout. Each change is tightened, loosened, both, \
            normalized differently, codes renamed, messages only, unchanged in meaning, added or \
            removed, with values that flip, each checked by both rule sets. A change with no such \
            value among the candidates tried says so. Exit codes: 0 nothing of --fail-on changed, \
            1 some change of --fail-on, 2 a side could not be read.
            """)

    @Argument(help: "The rules before: a folder or file, or git:REV[:PATH].")
    var old: String

    @Argument(help: "The rules after: a folder or file, or git:REV[:PATH].")
    var new: String

    @Option(help: "The report format: human, json, markdown (for a pull-request comment) or sarif (SARIF 2.1.0).")
    var format: DiffFormat = .human

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "Exit 1 when a change of these classes is present, comma-separated; none to never fail.",
            valueName: "classes"))
    var failOn: String = "tightened,removed,codes-renamed"

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Spec files or folders to replay with both rule sets; each case that flips is listed under its change.",
            valueName: "path"))
    var specs: [String] = []

    @Option(
        name: .customLong("write-specs"),
        help: ArgumentHelp(
            "Write the witnesses to FILE as spec cases for NEW, each expecting NEW's verdict.", valueName: "file"))
    var writeSpecs: String?

    @Option(help: ArgumentHelp("The date that counts as today, YYYY-MM-DD (default: the system's).", valueName: "date"))
    var today: String?

    enum DiffFormat: String, ExpressibleByArgument, CaseIterable {
        case human, json, markdown, sarif
    }

    func validate() throws {
        if let today, LocalDate(today) == nil {
            throw ValidationError("--today takes a date as YYYY-MM-DD; found '\(today)'")
        }
        _ = try failClasses()
    }

    func failClasses() throws -> Set<ChangeClass> {
        if failOn == "none" { return [] }
        var classes: Set<ChangeClass> = []
        for name in failOn.split(separator: ",").map({ String($0.trimmingSpacesAndTabs()) }) {
            guard let kind = ChangeClass(rawValue: name) else {
                let known = ChangeClass.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--fail-on: no class '\(name)'; the classes are \(known), or none")
            }
            classes.insert(kind)
        }
        return classes
    }

    /// NEW's folder relative to the spec file's, for its `rules:`; `nil` for a git side.
    func rulesPath(from specFile: String) -> String? {
        guard !new.hasScalarPrefix("git:") else { return nil }
        let folder = URL(fileURLWithPath: specFile).standardizedFileURL.deletingLastPathComponent().pathComponents
        let target = URL(fileURLWithPath: new).standardizedFileURL.pathComponents
        let common = zip(folder, target).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: folder.count - common) + target.dropFirst(common)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    func run() throws {
        let before: RuleSource
        let after: RuleSource
        do {
            before = try RuleSource.load(old, side: "OLD")
            after = try RuleSource.load(new, side: "NEW")
        } catch {
            DiagnosticPrinter.print(error.diagnostics)
            FileHandle.standardError.write(Data("rulecheck: error: \(error.message)\n".utf8))
            throw ExitCode(2)
        }
        let day = today.flatMap(LocalDate.init) ?? ValidationContext().today()
        let differ = RuleDiffer(old: before, new: after, today: day)
        var report = differ.diff()
        if !specs.isEmpty {
            do {
                try differ.replay(specs, into: &report)
            } catch {
                DiagnosticPrinter.print(error.diagnostics)
                FileHandle.standardError.write(
                    Data("rulecheck: error: the spec files of --specs cannot be read\n".utf8))
                throw ExitCode(2)
            }
        }
        switch format {
        case .human: print(DiffReporter.human(report), terminator: "")
        case .json: print(DiffReporter.json(report), terminator: "")
        case .markdown: print(DiffReporter.markdown(report), terminator: "")
        case .sarif:
            let version = Rulecheck.toolVersion
            print(DiffReporter.sarif(report, failing: try failClasses(), version: version), terminator: "")
        }
        if let writeSpecs {
            let text = DiffReporter.specFile(report, rules: rulesPath(from: writeSpecs))
            do {
                let file = URL(fileURLWithPath: writeSpecs)
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file, options: .atomic)
            } catch {
                FileHandle.standardError.write(
                    Data("rulecheck: error: cannot write '\(writeSpecs)': \(error.localizedDescription)\n".utf8))
                throw ExitCode(2)
            }
        }
        if report.contains(any: try failClasses()) { throw ExitCode(1) }
    }
}
