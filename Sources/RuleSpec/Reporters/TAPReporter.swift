import Foundation
public import RuleCore

/// The Test Anything Protocol, version 13: a line per case, a YAML block per failure, the plan last;
/// a diagnostic that made a file or some of its cases unusable is a `not ok` line of its own.
public struct TAPReporter: SpecReporter {
    private let output: ReportOutput
    private var number = 0
    private var file: String?

    /// Creates a reporter writing to `output`.
    public init(output: ReportOutput) {
        self.output = output
        output.write("TAP version 13\n")
    }

    public mutating func beginFile(_ file: String) {
        self.file = file
    }

    public mutating func record(_ outcome: CaseOutcome) {
        number += 1
        let description = Self.description(outcome.title)
        if let reason = outcome.skipped {
            output.write("ok \(number) - \(description) # SKIP \(Self.description(reason))\n")
            return
        }
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

    public mutating func record(error: Diagnostic) {
        number += 1
        // NB: the spec file the error stops, then where the error is when that is elsewhere (its rules).
        var place = file ?? error.range?.start.file ?? "rulecheck"
        if let range = error.range, range.start.file != place { place += ": \(range.start)" }
        output.write("not ok \(number) - \(Self.description("\(place): \(error.message)"))\n")
        output.write("  ---\n")
        if let range = error.range { output.write("  at: \(SpecCase.quoted(range.start.description))\n") }
        output.write("  severity: error\n")
        output.write("  message: \(SpecCase.quoted(error.message))\n")
        output.write("  ...\n")
    }

    /// A test line's description: '#' starts a directive in TAP, so it is escaped.
    private static func description(_ text: String) -> String {
        // NB: most descriptions hold none of the three; they are written as they are.
        guard
            text.utf8.contains(where: {
                $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "\n")
            })
        else { return text }
        return text.replacingScalars("\\", with: "\\\\").replacingScalars("#", with: "\\#").replacingScalars(
            "\n", with: " ")
    }

    public mutating func endFile(_ file: String, passed: Int, failed: Int) {
        self.file = nil
    }

    public mutating func finish(passed: Int, failed: Int, errors: Int) {
        output.write("1..\(number)\n")
    }
}
