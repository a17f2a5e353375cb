import Foundation
public import RuleCore

/// JUnit XML as GitHub Actions, GitLab and Jenkins read it: a `testsuite` per spec file, a
/// `testcase` per case, a `failure` with the location and the difference; a file that could not
/// be used, or whose cases had mistakes, has one more `testcase` named after the file per error
/// diagnostic, each with its `error`, and each counted in the suite's and the root's `errors`.
///
/// NB: the root element and each suite carry their totals, which are known only at the end, so
/// cases go to temporary files (``ReportSpool``) and the document is written when the run ends:
/// memory stays flat however many cases run.
public struct JUnitReporter: SpecReporter {
    private let output: ReportOutput
    private let suites = ReportSpool()
    private let cases = ReportSpool()
    private var file: String?
    private var errors: [Diagnostic] = []
    private var runErrors: [Diagnostic] = []
    /// The errors of every suite so far.
    private var erroredSuites = 0
    private var suiteSkipped = 0
    private var skipped = 0

    /// Creates a reporter writing to `output`.
    public init(output: ReportOutput) {
        self.output = output
    }

    public mutating func beginFile(_ file: String) {
        self.file = file
        errors = []
    }

    public mutating func record(_ outcome: CaseOutcome) {
        var text =
            "    <testcase classname=\"\(Self.escape(Self.className(outcome.file)))\" name=\"\(Self.escape(outcome.title))\""
        text += " file=\"\(Self.escape(outcome.file))\" line=\"\(outcome.location.line)\""
        if let reason = outcome.skipped {
            suiteSkipped += 1
            cases.write(text + ">\n      <skipped message=\"\(Self.escape(reason))\"/>\n    </testcase>\n")
            return
        }
        guard let failure = outcome.failure else {
            cases.write(text + "/>\n")
            return
        }
        let message = "expected \(failure.expected), got \(failure.actual)"
        text += ">\n      <failure message=\"\(Self.escape(message))\" type=\"SpecFailure\">"
        text += Self.escape("\(outcome.location): \(outcome.typeName): in \(outcome.inputText): \(message)")
        text += "</failure>\n    </testcase>\n"
        cases.write(text)
    }

    public mutating func record(error: Diagnostic) {
        if file == nil { runErrors.append(error) } else { errors.append(error) }
    }

    public mutating func endFile(_ file: String, passed: Int, failed: Int) {
        let errored = errors.count
        erroredSuites += errored
        suites.write(
            "  <testsuite name=\"\(Self.escape(file))\" tests=\"\(passed + failed + errored + suiteSkipped)\" "
                + "failures=\"\(failed)\" errors=\"\(errored)\" skipped=\"\(suiteSkipped)\">\n")
        skipped += suiteSkipped
        suiteSkipped = 0
        if !errors.isEmpty { suites.write(Self.errorCase(file: file, errors)) }
        cases.copy(to: suites)
        suites.write("  </testsuite>\n")
        self.file = nil
        errors = []
    }

    public mutating func finish(passed: Int, failed: Int, errors: Int) {
        let errored = erroredSuites + runErrors.count
        output.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        output.write(
            "<testsuites name=\"rulecheck\" tests=\"\(passed + failed + errored + skipped)\" failures=\"\(failed)\" "
                + "errors=\"\(errored)\" skipped=\"\(skipped)\">\n")
        suites.copy(to: output)
        if !runErrors.isEmpty {
            output.write(
                "  <testsuite name=\"rulecheck\" tests=\"\(runErrors.count)\" failures=\"0\" "
                    + "errors=\"\(runErrors.count)\" skipped=\"0\">\n")
            output.write(Self.errorCase(file: "rulecheck", runErrors))
            output.write("  </testsuite>\n")
        }
        output.write("</testsuites>\n")
    }

    /// A `testcase` named after `file` per error, each with its `error` and the place it is at (a
    /// rule file's, for rules that did not load); the testcase's `line` is the error's in `file`
    /// itself, else 1.
    private static func errorCase(file: String, _ errors: [Diagnostic]) -> String {
        var text = ""
        for error in errors {
            text +=
                "    <testcase classname=\"\(escape(className(file)))\" name=\"\(escape(file))\" file=\"\(escape(file))\""
            if file != "rulecheck" {
                let line = error.range.flatMap { $0.start.file == file ? $0.start.line : nil } ?? 1
                text += " line=\"\(line)\""
            }
            let message = error.range.map { "\($0.start): \(error.message)" } ?? error.message
            text += ">\n      <error message=\"\(escape(message))\" type=\"Diagnostic\">"
            text += escape(DiagnosticRenderer.plain.render([error]).trimmingCharacters(in: .newlines))
            text += "</error>\n    </testcase>\n"
        }
        return text
    }

    /// `specs/task.yaml` → `specs.task`: the dotted class name CI servers group by.
    static func className(_ file: String) -> String {
        var name = Substring(file)
        for suffix in [".yaml", ".yml"] where name.hasScalarSuffix(suffix) { name = name.dropLast(suffix.count) }
        return name.replacingScalars("/", with: ".")
    }

    /// Text safe in XML attributes and content; characters XML 1.0 forbids become U+FFFD.
    package static func escape(_ text: String) -> String {
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
