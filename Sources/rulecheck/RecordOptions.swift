import ArgumentParser
import Foundation
import RuleAudit
import RuleCore

/// How `audit` and `diff --data` read and report stored records: the options they share, and the
/// run with a progress line that both make of them.
struct RecordOptions: ParsableArguments {
    @Option(
        name: .customLong("input"), help: "Read every file as jsonl or csv (default: csv for .csv files, else jsonl).")
    var input: InputFormatArgument?

    @Option(help: "How many examples of each code the report shows.")
    var examples = 3

    @Option(
        name: .customLong("max-record-size"),
        help: ArgumentHelp(
            "The longest record in bytes (16 MiB); a longer line is unreadable.", valueName: "bytes"))
    var maxRecordSize = 16 << 20

    @Option(help: "How many threads validate records (default: the number of cores).")
    var jobs: Int?

    enum InputFormatArgument: String, ExpressibleByArgument, CaseIterable {
        case jsonl, csv
    }

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs)") }
        if examples < 0 { throw ValidationError("--examples must be at least 0, not \(examples)") }
        if maxRecordSize < 1 { throw ValidationError("--max-record-size must be at least 1, not \(maxRecordSize)") }
    }

    /// The audit's options these set, with `context`'s today.
    func auditOptions(context: ValidationContext) -> Auditor.Options {
        var options = Auditor.Options()
        options.format = input.map { $0 == .csv ? .csv : .jsonl }
        options.examplesPerCode = examples
        options.maxRecordBytes = maxRecordSize
        if let jobs { options.jobs = jobs }
        options.context = context
        return options
    }

    /// `run`'s report, with the records counted per second on a terminal meanwhile; the
    /// diagnostics it finds printed to standard error.
    static func withProgress<Report>(
        _ run: ((@Sendable (Int) -> Void)?) -> Report, diagnostics: (Report) -> [Diagnostic]
    ) -> Report {
        let progress = isatty(STDERR_FILENO) == 1 ? ProgressLine(unit: "records") : nil
        var onProgress: (@Sendable (Int) -> Void)?
        if let progress { onProgress = { progress.update(cases: $0) } }
        let report = run(onProgress)
        progress?.clear()
        // NB: plain, never quoting a line of a data file, which may hold sensitive values.
        let found = diagnostics(report)
        if !found.isEmpty { FileHandle.standardError.write(Data(DiagnosticRenderer.plain.render(found).utf8)) }
        return report
    }
}
