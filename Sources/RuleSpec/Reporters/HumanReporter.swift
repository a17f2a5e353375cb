public import RuleCore

/// The report for people: a line per failing case, a summary per file, and last the line
/// `N passed, M failed`, followed by `, K errors` when K errors kept cases from running (each counted).
///
/// ```
/// specs/task.yaml:14:7: TaskTitle: in "   ": expected errors [titleTooShort], got valid ""
/// specs/task.yaml: 40 passed, 1 failed
/// specs/login.yaml: 0 passed, 0 failed, 1 error
/// 40 passed, 1 failed, 1 error
/// ```
public struct HumanReporter: SpecReporter {
    private let output: ReportOutput
    private let style: TerminalStyle
    private var fileErrors = 0
    private var fileSkipped = 0
    private var skipped = 0

    /// Creates a reporter; colours only when `colors` (a terminal, and no `NO_COLOR`).
    public init(output: ReportOutput, colors: Bool) {
        self.output = output
        style = TerminalStyle(isEnabled: colors)
    }

    public mutating func beginFile(_ file: String) {
        fileErrors = 0
    }

    /// Only failures are printed.
    public var recordsPassingCases: Bool { false }

    public mutating func record(_ outcome: CaseOutcome) {
        if outcome.skipped != nil { fileSkipped += 1 }
        guard let failure = outcome.failure else { return }
        let name = outcome.name.map { " (\($0))" } ?? ""
        output.write(
            "\(style.paint(outcome.location.description, TerminalStyle.bold)): \(outcome.typeName)\(name): "
                + "in \(outcome.inputText): expected \(style.paint(failure.expected, TerminalStyle.green)), "
                + "got \(style.paint(failure.actual, TerminalStyle.red))\n")
    }

    /// Errors are printed to standard error as they are found, with their source line; here they
    /// are counted.
    public mutating func record(error: Diagnostic) {
        fileErrors += 1
    }

    public mutating func endFile(_ file: String, passed: Int, failed: Int) {
        output.write(
            "\(file): \(Self.counts(passed: passed, failed: failed, errors: fileErrors, skipped: fileSkipped))\n"
        )
        skipped += fileSkipped
        fileErrors = 0
        fileSkipped = 0
    }

    public mutating func finish(passed: Int, failed: Int, errors: Int) {
        let clean = failed == 0 && errors == 0
        output.write(
            style.paint(
                Self.counts(passed: passed, failed: failed, errors: errors, skipped: skipped),
                clean ? TerminalStyle.green : TerminalStyle.red) + "\n")
    }

    /// `N passed, M failed`, then `, K errors` and `, S skipped` when there are any: a run with
    /// errors never reads like a clean one, and cases that did not run are never left out.
    public static func counts(passed: Int, failed: Int, errors: Int, skipped: Int = 0) -> String {
        "\(passed) passed, \(failed) failed" + (errors == 0 ? "" : ", \(errors) error\(errors == 1 ? "" : "s")")
            + (skipped == 0 ? "" : ", \(skipped) skipped")
    }
}
