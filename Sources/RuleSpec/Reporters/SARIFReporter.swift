public import RuleCore

/// SARIF 2.1.0 of a spec run, for code scanning: a result per failing case (`rulecheck/failed-case`,
/// at the case) and one per error per spec file it stopped, at the error's own place (a rule
/// file's, when the rules did not load), its message starting with the spec file.
///
/// NB: SARIF is one JSON document whose results come last, so only failures and errors are
/// kept until the end; passing cases are not recorded.
public struct SARIFReporter: SpecReporter {
    private let output: ReportOutput
    private let version: String
    private var file: String?
    private var results: [(Diagnostic, Int)] = []

    /// Creates a reporter writing to `output`; `version` is rulecheck's.
    public init(output: ReportOutput, version: String) {
        self.output = output
        self.version = version
    }

    public var recordsPassingCases: Bool { false }

    public mutating func beginFile(_ file: String) {
        self.file = file
    }

    public mutating func record(_ outcome: CaseOutcome) {
        guard let failure = outcome.failure, outcome.skipped == nil else { return }
        let message =
            "\(outcome.typeName): in \(outcome.inputText): expected \(failure.expected), got \(failure.actual)"
        results.append((.error(message, at: SourceRange(start: outcome.location)), DiagnosticLog.failedCase))
    }

    public mutating func record(error: Diagnostic) {
        var shown = error
        if let file { shown.message = "\(file): \(error.message)" }
        results.append((shown, DiagnosticLog.kindIndex(of: error)))
    }

    public mutating func endFile(_ file: String, passed: Int, failed: Int) {
        self.file = nil
    }

    public mutating func finish(passed: Int, failed: Int, errors: Int) {
        output.write(DiagnosticLog.sarif(classified: results, version: version))
    }
}
