public import RuleCore

/// One JSON document, written as the run goes: every file with its failures, its errors and its
/// counts, then the run's own errors and the totals. Expectations and results are data.
///
/// ```json
/// {"files": [{"file": "specs/task.yaml", "failures": [{"line": 14, "column": 7, "type": "TaskTitle",
///   "input": "\"   \"", "expected": {"errors": {"": ["titleTooShort"]}},
///   "actual": {"valid": true, "value": ""}, "message": "expected errors […], got valid \"\""}],
///   "errors": [], "passed": 40, "failed": 1, "skipped": 0}], "runErrors": [], "passed": 40, "failed": 1,
///   "errors": 0, "skipped": 0}
/// ```
///
/// An error is a diagnostic as data (``ReportJSON/diagnostic(_:)``): `severity`, `message`,
/// `file`, `line`, `column`, `endLine`, `endColumn`; a file that could not be used has errors and
/// no cases, and every spec file whose rules did not load has their errors. `errors` at the top
/// counts every error, the files' and the run's (`runErrors`);
/// `skipped` counts the cases an `--endpoint` run did not send.
public struct JSONReporter: SpecReporter {
    private let output: ReportOutput
    private var inFile = false
    private var firstFile = true
    private var firstFailure = true
    private var errors: [Diagnostic] = []
    private var runErrors: [Diagnostic] = []
    private var fileSkipped = 0
    private var skipped = 0

    /// Creates a reporter writing to `output`.
    public init(output: ReportOutput) {
        self.output = output
        output.write("{\"files\": [")
    }

    public mutating func beginFile(_ file: String) {
        output.write(firstFile ? "\n" : ",\n")
        output.write("  {\"file\": \(JSONString.quoted(file)), \"failures\": [")
        firstFile = false
        firstFailure = true
        inFile = true
        errors = []
    }

    /// Only failures are written.
    public var recordsPassingCases: Bool { false }

    public mutating func record(_ outcome: CaseOutcome) {
        if outcome.skipped != nil { fileSkipped += 1 }
        guard let failure = outcome.failure else { return }
        let members = [
            ("line", "\(outcome.location.line)"), ("column", "\(outcome.location.column)"),
            ("type", JSONString.quoted(outcome.typeName)), ("name", outcome.name.map(JSONString.quoted) ?? "null"),
            ("input", JSONString.quoted(outcome.inputText)), ("expected", failure.expectedJSON),
            ("actual", failure.actualJSON),
            ("message", JSONString.quoted("expected \(failure.expected), got \(failure.actual)")),
        ]
        output.write((firstFailure ? "\n" : ",\n") + "    " + ReportJSON.object(members))
        firstFailure = false
    }

    public mutating func record(error: Diagnostic) {
        if inFile { errors.append(error) } else { runErrors.append(error) }
    }

    public mutating func endFile(_ file: String, passed: Int, failed: Int) {
        output.write((firstFailure ? "" : "\n  ") + "], \"errors\": \(Self.list(errors)), ")
        output.write("\"passed\": \(passed), \"failed\": \(failed), \"skipped\": \(fileSkipped)}")
        skipped += fileSkipped
        fileSkipped = 0
        inFile = false
        errors = []
    }

    public mutating func finish(passed: Int, failed: Int, errors: Int) {
        output.write((firstFile ? "" : "\n") + "], \"runErrors\": \(Self.list(runErrors)), ")
        output.write(
            "\"passed\": \(passed), \"failed\": \(failed), \"errors\": \(errors), \"skipped\": \(skipped)}\n")
    }

    private static func list(_ errors: [Diagnostic]) -> String {
        "[" + errors.map(ReportJSON.diagnostic).joined(separator: ", ") + "]"
    }
}
