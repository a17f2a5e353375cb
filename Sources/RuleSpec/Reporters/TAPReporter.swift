import Foundation
import RuleCore

/// The Test Anything Protocol, version 13: a line per case, a YAML block per failure, the plan last.
public struct TAPReporter: SpecReporter {
    private let output: ReportOutput
    private var number = 0

    /// Creates a reporter writing to `output`.
    public init(output: ReportOutput) {
        self.output = output
        output.write("TAP version 13\n")
    }

    public mutating func beginFile(_ file: String) {}

    public mutating func record(_ outcome: CaseOutcome) {
        number += 1
        // NB: '#' starts a directive in TAP, so a description must escape it.
        let description = outcome.title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "#", with: "\\#")
        guard let failure = outcome.failure else {
            output.write("ok \(number) - \(description)\n")
            return
        }
        output.write("not ok \(number) - \(description)\n")
        output.write("  ---\n")
        output.write("  at: \(SpecCase.quoted(outcome.location.description))\n")
        output.write("  expected: \(SpecCase.quoted(failure.expected))\n")
        output.write("  got: \(SpecCase.quoted(failure.actual))\n")
        output.write("  ...\n")
    }

    public mutating func endFile(_ file: String, passed: Int, failed: Int) {}

    public mutating func finish(passed: Int, failed: Int) {
        output.write("1..\(number)\n")
    }
}
