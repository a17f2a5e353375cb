import Foundation
public import RuleCore

/// JUnit XML as GitHub Actions, GitLab and Jenkins read it: a `testsuite` per spec file, a
/// `testcase` per case, a `failure` with the location and the difference; a file that could not
/// be used, or whose cases had mistakes, has one more `testcase` named after the file per error
/// diagnostic, each with its `error`, and each counted in the suite's and the root's `errors`.
///
/// NB: the root element and each suite carry their totals, which are known only at the end, so
/// the cases of every file go to one temporary file (``ReportSpool``), in order, and the document is
/// written when the run ends, each suite's start tag before its share of them: memory stays flat
/// however many cases run. A case is written as bytes, its file's part of the tag made once.
public struct JUnitReporter: SpecReporter {
    private let output: ReportOutput
    private let cases = ReportSpool()
    /// Each file's suite: its start tag, its error cases and how many bytes of ``cases`` are its own.
    private var suites: [(start: String, errors: String, bytes: Int)] = []
    /// Where the current file's cases start in ``cases``.
    private var fileStart = 0
    /// `    <testcase classname="…"` of the current file, escaped.
    private var casePrefix: [UInt8] = []
    /// ` file="…" line="` of the current file, escaped.
    private var caseFile: [UInt8] = []
    /// The case being written, kept for its capacity.
    private var line: [UInt8] = []
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
        fileStart = cases.count
        casePrefix = Array("    <testcase classname=\"\(Self.escape(Self.className(file)))\" name=\"".utf8)
        caseFile = Array("\" file=\"\(Self.escape(file))\" line=\"".utf8)
    }

    public mutating func record(_ outcome: CaseOutcome) {
        line.removeAll(keepingCapacity: true)
        line += casePrefix
        Self.appendEscaped(outcome.typeName, to: &line)
        if let name = outcome.name {
            line += ": ".utf8
            Self.appendEscaped(name, to: &line)
        } else {
            line += ": in ".utf8
            Self.appendEscaped(outcome.inputText, to: &line)
        }
        line += caseFile
        line += String(outcome.location.line).utf8
        if let reason = outcome.skipped {
            suiteSkipped += 1
            line += "\">\n      <skipped message=\"".utf8
            Self.appendEscaped(reason, to: &line)
            line += "\"/>\n    </testcase>\n".utf8
        } else if let failure = outcome.failure {
            let message = "expected \(failure.expected), got \(failure.actual)"
            line += "\">\n      <failure message=\"".utf8
            Self.appendEscaped(message, to: &line)
            line += "\" type=\"SpecFailure\">".utf8
            Self.appendEscaped(
                "\(outcome.location): \(outcome.typeName): in \(outcome.inputText): \(message)", to: &line)
            line += "</failure>\n    </testcase>\n".utf8
        } else {
            line += "\"/>\n".utf8
        }
        line.withUnsafeBufferPointer { cases.write($0) }
    }

    public mutating func record(error: Diagnostic) {
        if file == nil { runErrors.append(error) } else { errors.append(error) }
    }

    public mutating func endFile(_ file: String, passed: Int, failed: Int) {
        let errored = errors.count
        erroredSuites += errored
        suites.append(
            (
                start:
                    "  <testsuite name=\"\(Self.escape(file))\" tests=\"\(passed + failed + errored + suiteSkipped)\" "
                    + "failures=\"\(failed)\" errors=\"\(errored)\" skipped=\"\(suiteSkipped)\">\n",
                errors: errors.isEmpty ? "" : Self.errorCase(file: file, errors), bytes: cases.count - fileStart
            ))
        skipped += suiteSkipped
        suiteSkipped = 0
        self.file = nil
        errors = []
    }

    public mutating func finish(passed: Int, failed: Int, errors: Int) {
        let errored = erroredSuites + runErrors.count
        output.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        output.write(
            "<testsuites name=\"rulecheck\" tests=\"\(passed + failed + errored + skipped)\" failures=\"\(failed)\" "
                + "errors=\"\(errored)\" skipped=\"\(skipped)\">\n")
        cases.rewind()
        for suite in suites {
            output.write(suite.start)
            output.write(suite.errors)
            cases.copy(suite.bytes, to: output)
            output.write("  </testsuite>\n")
        }
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
        var out: [UInt8] = []
        appendEscaped(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` as ``escape(_:)`` gives it, as UTF-8; a run of bytes that need no escape
    /// is copied whole.
    static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var copied = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let replacement: StaticString
                var width = 1
                switch byte {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "\n"): replacement = "&#10;"
                case UInt8(ascii: "\t"): replacement = "&#9;"
                case UInt8(ascii: "\r"): replacement = "&#13;"
                case 0..<0x20: replacement = "\u{FFFD}"
                // NB: U+FFFE and U+FFFF, EF BF BE and EF BF BF in UTF-8.
                case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE:
                    replacement = "\u{FFFD}"
                    width = 3
                default:
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                out.append(
                    contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                index += width
                copied = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        }
    }
}
