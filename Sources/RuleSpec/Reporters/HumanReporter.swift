public import RuleCore

/// The report for people: a line per failing case, a summary per file, and last the line
/// `N passed, M failed`.
///
/// ```
/// specs/task.yaml:14:7: TaskTitle: in "   ": expected errors [titleTooShort], got valid ""
/// specs/task.yaml: 40 passed, 1 failed
/// 40 passed, 1 failed
/// ```
public struct HumanReporter: SpecReporter {
    private let output: ReportOutput
    private let style: TerminalStyle

    /// Creates a reporter; colours only when `colors` (a terminal, and no `NO_COLOR`).
    public init(output: ReportOutput, colors: Bool) {
        self.output = output
        style = TerminalStyle(isEnabled: colors)
    }

    public mutating func beginFile(_ file: String) {}

    /// Only failures are printed.
    public var recordsPassingCases: Bool { false }

    public mutating func record(_ outcome: CaseOutcome) {
        guard let failure = outcome.failure else { return }
        let name = outcome.name.map { " (\($0))" } ?? ""
        output.write(
            "\(style.paint(outcome.location.description, TerminalStyle.bold)): \(outcome.typeName)\(name): "
                + "in \(outcome.inputText): expected \(style.paint(failure.expected, TerminalStyle.green)), "
                + "got \(style.paint(failure.actual, TerminalStyle.red))\n")
    }

    /// Errors are printed to standard error as they are found, with their source line.
    public mutating func record(error: Diagnostic) {}

    public mutating func endFile(_ file: String, passed: Int, failed: Int) {
        output.write("\(file): \(passed) passed, \(failed) failed\n")
    }

    public mutating func finish(passed: Int, failed: Int) {
        output.write(
            style.paint("\(passed) passed, \(failed) failed", failed == 0 ? TerminalStyle.green : TerminalStyle.red)
                + "\n")
    }
}
