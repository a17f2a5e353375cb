import Foundation
import RuleCore

/// JUnit XML as GitHub Actions, GitLab and Jenkins read it: a `testsuite` per spec file, a
/// `testcase` per case, a `failure` with the location and the difference.
///
/// NB: the root element carries the totals, so the document is written when the run ends.
public struct JUnitReporter: SpecReporter {
    private let output: ReportOutput
    private var suites = ""
    private var cases = ""

    /// Creates a reporter writing to `output`.
    public init(output: ReportOutput) {
        self.output = output
    }

    public mutating func beginFile(_ file: String) {
        cases = ""
    }

    public mutating func record(_ outcome: CaseOutcome) {
        let file = Self.escape(outcome.file)
        cases +=
            "    <testcase classname=\"\(Self.escape(Self.className(outcome.file)))\" name=\"\(Self.escape(outcome.title))\""
        cases += " file=\"\(file)\" line=\"\(outcome.location.line)\""
        guard let failure = outcome.failure else {
            cases += "/>\n"
            return
        }
        let message = "expected \(failure.expected), got \(failure.actual)"
        cases += ">\n      <failure message=\"\(Self.escape(message))\" type=\"SpecFailure\">"
        cases += Self.escape("\(outcome.location): \(outcome.typeName): in \(outcome.inputText): \(message)")
        cases += "</failure>\n    </testcase>\n"
    }

    public mutating func endFile(_ file: String, passed: Int, failed: Int) {
        suites +=
            "  <testsuite name=\"\(Self.escape(file))\" tests=\"\(passed + failed)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\">\n"
        suites += cases
        suites += "  </testsuite>\n"
        cases = ""
    }

    public mutating func finish(passed: Int, failed: Int) {
        output.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        output.write(
            "<testsuites name=\"rulecheck\" tests=\"\(passed + failed)\" failures=\"\(failed)\" errors=\"0\">\n")
        output.write(suites)
        output.write("</testsuites>\n")
    }

    /// `specs/task.yaml` → `specs.task`: the dotted class name CI servers group by.
    static func className(_ file: String) -> String {
        var name = Substring(file)
        for suffix in [".yaml", ".yml"] where name.hasSuffix(suffix) { name = name.dropLast(suffix.count) }
        return name.replacingOccurrences(of: "/", with: ".")
    }

    /// Text safe in XML attributes and content; characters XML 1.0 forbids become U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\t", "\r": out += "&#\(scalar.value);"
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
