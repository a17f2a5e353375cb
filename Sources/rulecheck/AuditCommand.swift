import ArgumentParser
import Foundation
import RuleAudit
import RuleCore
import RuleSpec
import RuleYAML

/// `rulecheck audit FILE… --model M`: stored records against the rules, counted by code and field.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Validate stored records (JSON Lines or CSV) with a model or type, counting what the rules reject.",
        discussion: """
            A .csv file is CSV: a header row names the columns, each a field of the model, and each \
            cell is text read by its field's type; an empty cell is absent. Any other file is JSON \
            Lines: one JSON object per line for a model, one JSON value for a type. A .gz file is \
            inflated as it is read (.jsonl.gz, .csv.gz). A folder stands for its .jsonl, .ndjson \
            and .csv files (also .gz) and its subfolders', sorted by path. Blank lines are \
            skipped; a line that is not a record (not JSON, not an object, not CSV, too long) is \
            counted unreadable with its line. Values of sensitive fields are never shown. Exit \
            codes: 0 every record valid (or the rejected share within --max-invalid), 1 records \
            rejected, 2 a file could not be read or used, or no record was read.
            """)

    @Argument(help: "JSON Lines or CSV files, also gzip (.gz), or folders of them.")
    var files: [String]

    @Option(help: "Rule files or folders (default: the nearest rules/ folder, here or above).")
    var rules: [String] = []

    @Option(help: "The model each record is validated as.")
    var model: String?

    @Option(help: "The type each value is validated as (instead of --model).")
    var type: String?

    @Option(help: "The report format: human, json or junit.")
    var format: AuditFormat = .human

    @Option(
        help: ArgumentHelp(
            "Write the report to FILE (replaced atomically) instead of standard output.", valueName: "file"))
    var output: String?

    @Option(
        name: .customLong("max-invalid"),
        help: ArgumentHelp(
            "Exit 0 while the rejected share (invalid and unreadable records over all records) is at most RATIO.",
            valueName: "ratio"))
    var maxInvalid: Double?

    @OptionGroup var records: RecordOptions

    @Option(help: ArgumentHelp("The date that counts as today, YYYY-MM-DD (default: the system's).", valueName: "date"))
    var today: String?

    @Flag(name: .customLong("read-only"), help: .hidden)
    var readOnly = false

    enum AuditFormat: String, ExpressibleByArgument, CaseIterable {
        case human, json, junit
    }

    func validate() throws {
        if (model == nil) == (type == nil) { throw ValidationError("name either --model or --type") }
        if let maxInvalid, !(0...1).contains(maxInvalid) {
            throw ValidationError("--max-invalid takes a ratio from 0 to 1, such as 0.01; found \(maxInvalid)")
        }
        if let today, LocalDate(today) == nil {
            throw ValidationError("--today takes a date as YYYY-MM-DD; found '\(today)'")
        }
    }

    func run() throws {
        let ruleSet = try VerdictRules.load(rules)
        let name = model ?? type ?? ""
        guard let validator = ruleSet.validator(named: name), validator.isModel == (model != nil) else {
            let kind = model != nil ? "model" : "type"
            DiagnosticPrinter.print([
                .error("unknown \(kind) '\(name)'", at: nil, fix: .closest(to: name, among: ruleSet.names))
            ])
            throw ExitCode(2)
        }
        try VerdictRules.refuseUnimplemented(name, in: ruleSet)
        var options = records.auditOptions(
            context: today.flatMap(LocalDate.init).map { ValidationContext(today: $0) } ?? ValidationContext())
        options.readOnly = readOnly
        let report = RecordOptions.withProgress(
            { Auditor(validator: validator, options: options).run(files, progress: $0) }, diagnostics: \.diagnostics)
        let text =
            switch format {
            case .human: AuditReporter.human(report)
            case .json: AuditReporter.json(report)
            case .junit: AuditReporter.junit(report)
            }
        try ReportOutput.write(text, to: output)
        let tally = report.tally
        if report.hasErrors { throw ExitCode(2) }
        if tally.valid + tally.invalid == 0 {
            FileHandle.standardError.write(Data("rulecheck: error: no record could be read\n".utf8))
            throw ExitCode(2)
        }
        let rejected = tally.invalid + tally.unreadable
        if let maxInvalid {
            if Double(rejected) > maxInvalid * Double(tally.records) { throw ExitCode(1) }
        } else if rejected > 0 {
            throw ExitCode(1)
        }
    }
}

extension Validator {
    var isModel: Bool {
        if case .model = self { true } else { false }
    }
}
