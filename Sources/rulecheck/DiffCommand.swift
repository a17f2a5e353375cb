import ArgumentParser
import Foundation
import RuleAudit
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
            value among the candidates tried says so. With --data FILE… and --model M (or --type \
            T), each stored record (JSON Lines or CSV, read as audit reads them) is validated by \
            both rule sets, and the records that flip are counted by code and path, with examples \
            at file:line (sensitive values never shown). Exit codes: 0 nothing of --fail-on \
            changed, 1 some change of --fail-on (rejects-stored: more than --max-rejects stored \
            records valid under OLD are invalid under NEW), 2 a side could not be read, the model \
            or type is missing on a side, a data file could not be read, or no record was.
            """)

    @Argument(help: "The rules before: a folder or file, or git:REV[:PATH].")
    var old: String

    @Argument(help: "The rules after: a folder or file, or git:REV[:PATH].")
    var new: String

    @Option(
        help: "The report format: human, json, markdown (for a pull-request comment), sarif (SARIF 2.1.0) or junit.")
    var format: DiffFormat = .human

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "Exit 1 when a change of these classes is present, comma-separated; rejects-stored with --data; "
                + "none to never fail.",
            valueName: "classes"))
    var failOn: String = "tightened,removed,codes-renamed"

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Stored records (JSON Lines or CSV, as audit reads them) to validate with both rule sets.",
            valueName: "file"))
    var data: [String] = []

    @Option(help: "With --data: the model each record is validated as.")
    var model: String?

    @Option(help: "With --data: the type each value is validated as (instead of --model).")
    var type: String?

    @Option(
        name: .customLong("max-rejects"),
        help: ArgumentHelp(
            "With --fail-on rejects-stored: how many stored records valid under OLD may be invalid under NEW.",
            valueName: "n"))
    var maxRejects: Int?

    @OptionGroup(title: "With --data") var records: RecordOptions

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
        case human, json, markdown, sarif, junit
    }

    /// The class `--fail-on` takes for stored records that NEW newly rejects.
    static let rejectsStored = "rejects-stored"

    /// Whether `--fail-on` names `rejects-stored`.
    var failsOnRejects: Bool {
        failOn.split(separator: ",").contains { $0.trimmingSpacesAndTabs() == Self.rejectsStored }
    }

    func validate() throws {
        if data.isEmpty {
            if model != nil || type != nil { throw ValidationError("--model and --type go with --data FILE…") }
            if failsOnRejects { throw ValidationError("--fail-on rejects-stored needs --data FILE…") }
        } else if (model == nil) == (type == nil) {
            throw ValidationError("--data needs either --model or --type")
        }
        if let maxRejects {
            if maxRejects < 0 { throw ValidationError("--max-rejects must be at least 0, not \(maxRejects)") }
            if !failsOnRejects { throw ValidationError("--max-rejects applies to --fail-on rejects-stored; add it") }
        }
        if let today, LocalDate(today) == nil {
            throw ValidationError("--today takes a date as YYYY-MM-DD; found '\(today)'")
        }
        _ = try failClasses()
    }

    func failClasses() throws -> Set<ChangeClass> {
        if failOn == "none" { return [] }
        var classes: Set<ChangeClass> = []
        for name in failOn.split(separator: ",").map({ String($0.trimmingSpacesAndTabs()) })
        where name != Self.rejectsStored {
            guard let kind = ChangeClass(rawValue: name) else {
                let known = ChangeClass.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError(
                    "--fail-on: no class '\(name)'; the classes are \(known), \(Self.rejectsStored), or none")
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
        let validators = try dataValidators(before, after)
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
        let stored = validators.map { audit(old: $0.old, new: $0.new, today: day) }
        switch format {
        case .human: print(DiffReporter.human(report) + (stored.map(FlipReporter.human) ?? ""), terminator: "")
        case .json: print(DiffReporter.json(report, data: stored.map(FlipReporter.json)), terminator: "")
        case .markdown: print(DiffReporter.markdown(report) + (stored.map(FlipReporter.markdown) ?? ""), terminator: "")
        case .sarif:
            let version = Rulecheck.toolVersion
            print(DiffReporter.sarif(report, failing: try failClasses(), version: version), terminator: "")
        case .junit:
            let suites =
                [DiffReporter.junitSuite(report, failing: try failClasses())]
                + (stored.map { [FlipReporter.junitSuite($0)] } ?? [])
            print(DiffReporter.junit(suites), terminator: "")
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
        if let stored {
            if stored.hasErrors { throw ExitCode(2) }
            if stored.tally.new.valid + stored.tally.new.invalid == 0 {
                FileHandle.standardError.write(Data("rulecheck: error: --data: no stored record could be read\n".utf8))
                throw ExitCode(2)
            }
            if failsOnRejects, stored.tally.tightened.records > maxRejects ?? 0 { throw ExitCode(1) }
        }
        if report.contains(any: try failClasses()) { throw ExitCode(1) }
    }

    /// OLD's and NEW's validators of `--model` or `--type`; `nil` without `--data`.
    ///
    /// - Throws: `ExitCode(2)` when a side does not declare it, or it needs a custom check with no
    ///   implementation here, after saying so.
    func dataValidators(_ before: RuleSource, _ after: RuleSource) throws -> (old: Validator, new: Validator)? {
        guard !data.isEmpty, let name = model ?? type else { return nil }
        let kind = model != nil ? "model" : "type"
        func validator(_ source: RuleSource, _ side: String) throws -> Validator {
            if let validator = source.rules.validator(named: name), validator.isModel == (model != nil) {
                try VerdictRules.refuseUnimplemented(name, in: source.rules)
                return validator
            }
            DiagnosticPrinter.print([
                .error(
                    "--data: \(side) '\(source.spelling)' declares no \(kind) '\(name)'; the stored records are "
                        + "compared as a \(kind) both sides declare",
                    at: nil, fix: .closest(to: name, among: source.rules.names))
            ])
            throw ExitCode(2)
        }
        return (try validator(before, "OLD"), try validator(after, "NEW"))
    }

    /// The stored records of `--data` validated with both sides; its file diagnostics printed.
    func audit(old: Validator, new: Validator, today: LocalDate) -> FlipAuditor.Report {
        let options = records.auditOptions(context: ValidationContext(today: today))
        return RecordOptions.withProgress(
            { FlipAuditor(old: old, new: new, options: options).run(data, progress: $0) }, diagnostics: \.diagnostics)
    }
}
