import RuleCore
import RuleSpec

/// An audit's report as a person, a program (JSON) or a CI server (JUnit XML) reads it; values of
/// sensitive fields never appear, since their violations carry none.
public enum AuditReporter {
    /// The counts, the files that could not be read, the codes and paths by records, the first
    /// examples of each code and the lines that were not read.
    public static func human(_ report: Auditor.Report) -> String {
        let tally = report.tally
        let files = report.files.count == 1 ? "1 file" : "\(report.files.count) files"
        var text = "audit of \(files) as '\(report.subject)': \(tally.records) records, \(tally.valid) valid, "
        text += "\(tally.invalid) invalid, \(tally.unreadable) unreadable\n"
        text += unreadFilesText(report.unreadFiles)
        if !tally.codes.isEmpty {
            text += "\ncodes (records):\n" + table(tally.codes)
            text += "\npaths (records):\n" + table(tally.paths.mapKeys(shownPath))
            text += "\nexamples:\n"
            for code in sorted(tally.codes) {
                for example in tally.examples[code.key] ?? [] {
                    text += "  \(place(example, report)): \(shownPath(example.path)): \(example.code)"
                    text += example.value.map { " (value \(JSONString.quoted($0)))" } ?? ""
                    text += "\n"
                }
            }
        }
        if !tally.reasons.isEmpty {
            text += "\nunreadable lines:\n" + table(tally.reasons)
            for reason in sorted(tally.reasons) {
                for example in tally.unreadableExamples[reason.key] ?? [] {
                    text += "  \(place(example, report)): \(example.code): \(example.message ?? "")\n"
                }
            }
        }
        return text
    }

    /// `{"records": …, "valid": …, "invalid": …, "unreadable": …, "codes": {code: records}, "paths": …,
    /// "pathCodes": …, "unreadableReasons": …, "examples": […], "unreadableLines": […], "files": […],
    /// "unreadFiles": […], "diagnostics": […]}`, keys sorted inside each map.
    public static func json(_ report: Auditor.Report) -> String {
        let tally = report.tally
        let files = report.files.enumerated().map { index, file in
            let counts = tally.files[index] ?? AuditTally.FileCounts()
            return ReportJSON.object([
                ("file", JSONString.quoted(file)), ("records", "\(counts.records)"), ("valid", "\(counts.valid)"),
                ("invalid", "\(counts.invalid)"), ("unreadable", "\(counts.unreadable)"),
            ])
        }
        let members = [
            ("subject", JSONString.quoted(report.subject)),
            ("records", "\(tally.records)"), ("valid", "\(tally.valid)"), ("invalid", "\(tally.invalid)"),
            ("unreadable", "\(tally.unreadable)"),
            ("codes", counts(tally.codes)), ("paths", counts(tally.paths)),
            (
                "pathCodes",
                ReportJSON.object(tally.pathCodes.sorted { $0.key < $1.key }.map { ($0.key, counts($0.value)) })
            ),
            ("unreadableReasons", counts(tally.reasons)),
            ("examples", examplesJSON(tally, report.files)),
            ("unreadableLines", unreadableJSON(tally, report.files)),
            ("files", "[" + files.joined(separator: ", ") + "]"),
            ("unreadFiles", unreadFilesJSON(report.unreadFiles)),
            ("diagnostics", "[" + report.diagnostics.map(ReportJSON.diagnostic).joined(separator: ", ") + "]"),
        ]
        return ReportJSON.object(members) + "\n"
    }

    /// One `testsuite` named after the type or model: a failing `testcase` per code with its count
    /// and examples, one for the unreadable lines, an `error` per file that could not be used,
    /// and a passing `valid records` case.
    public static func junit(_ report: Auditor.Report) -> String {
        let tally = report.tally
        let escape = JUnitReporter.escape
        let className = escape("audit." + report.subject)
        var cases = "    <testcase classname=\"\(className)\" name=\"valid records\"/>\n"
        var failures = 0
        for code in sorted(tally.codes) {
            failures += 1
            let message = "\(code.value) of \(tally.records) records: \(code.key)"
            var body = ""
            for example in tally.examples[code.key] ?? [] {
                body += "\(place(example, report)): \(shownPath(example.path)): \(example.code)"
                body += example.value.map { " (value \(JSONString.quoted($0)))" } ?? ""
                body += "\n"
            }
            cases += "    <testcase classname=\"\(className)\" name=\"\(escape(code.key))\">\n"
            cases += "      <failure message=\"\(escape(message))\" type=\"AuditFailure\">\(escape(body))</failure>\n"
            cases += "    </testcase>\n"
        }
        if tally.unreadable > 0 {
            failures += 1
            var body = ""
            for reason in sorted(tally.reasons) {
                for example in tally.unreadableExamples[reason.key] ?? [] {
                    body += "\(place(example, report)): \(example.code): \(example.message ?? "")\n"
                }
            }
            let message = "\(tally.unreadable) of \(tally.records) lines are not records"
            cases += "    <testcase classname=\"\(className)\" name=\"unreadable lines\">\n"
            cases += "      <failure message=\"\(escape(message))\" type=\"AuditFailure\">\(escape(body))</failure>\n"
            cases += "    </testcase>\n"
        }
        cases += junitErrors(report.unreadFiles, className: className)
        let errors = report.unreadFiles.count
        let tests = 1 + failures + errors
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\""
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"rulecheck audit\" \(counts)>\n"
            + "  <testsuite name=\"\(escape(report.subject))\" \(counts)>\n" + cases + "  </testsuite>\n"
            + "</testsuites>\n"
    }

    /// The files that could not be read or used, for a human report: `files not read:` and a
    /// line `file: why` for each; empty when every file was read.
    static func unreadFilesText(_ unread: [UnreadFile]) -> String {
        guard !unread.isEmpty else { return "" }
        return "\nfiles not read:\n" + unread.map { "  \($0.file): \($0.message)\n" }.joined()
    }

    /// The files that could not be read or used as JSON: `[{"file": …, "message": …}]`.
    static func unreadFilesJSON(_ unread: [UnreadFile]) -> String {
        let objects = unread.map {
            ReportJSON.object([("file", JSONString.quoted($0.file)), ("message", JSONString.quoted($0.message))])
        }
        return "[" + objects.joined(separator: ", ") + "]"
    }

    /// A JUnit `testcase` named after each file that could not be read or used, with an `error` saying why.
    static func junitErrors(_ unread: [UnreadFile], className: String) -> String {
        let escape = JUnitReporter.escape
        return unread.map { file in
            "    <testcase classname=\"\(className)\" name=\"\(escape(file.file))\">\n"
                + "      <error message=\"\(escape(file.message))\" type=\"Diagnostic\"/>\n"
                + "    </testcase>\n"
        }.joined()
    }

    /// `file:line`.
    private static func place(_ example: AuditExample, _ report: Auditor.Report) -> String {
        place(example, report.files)
    }

    /// `file:line`.
    static func place(_ example: AuditExample, _ files: [String]) -> String {
        "\(files[example.file]):\(example.line)"
    }

    /// An example's line of a report: `file:line: path: code (value "…")`.
    static func exampleLine(_ example: AuditExample, _ files: [String]) -> String {
        "\(place(example, files)): \(shownPath(example.path)): \(example.code)"
            + (example.value.map { " (value \(JSONString.quoted($0)))" } ?? "")
    }

    /// The examples of each code as JSON objects, most frequent code first.
    static func examplesJSON(_ tally: AuditTally, _ files: [String]) -> String {
        let examples = sorted(tally.codes).flatMap { tally.examples[$0.key] ?? [] }.map { example in
            var members = [
                ("code", JSONString.quoted(example.code)), ("path", JSONString.quoted(example.path)),
                ("file", JSONString.quoted(files[example.file])), ("line", "\(example.line)"),
            ]
            if let value = example.value { members.append(("value", JSONString.quoted(value))) }
            return ReportJSON.object(members)
        }
        return "[" + examples.joined(separator: ", ") + "]"
    }

    /// The unreadable lines kept, as JSON objects.
    static func unreadableJSON(_ tally: AuditTally, _ files: [String]) -> String {
        let unreadable = sorted(tally.reasons).flatMap { tally.unreadableExamples[$0.key] ?? [] }.map { example in
            ReportJSON.object([
                ("reason", JSONString.quoted(example.code)), ("file", JSONString.quoted(files[example.file])),
                ("line", "\(example.line)"), ("message", JSONString.quoted(example.message ?? "")),
            ])
        }
        return "[" + unreadable.joined(separator: ", ") + "]"
    }

    /// A path as shown: `(value)` for a type's own value.
    static func shownPath(_ path: String) -> String { path.isEmpty ? "(value)" : path }

    /// Counts, most first, then by name.
    static func sorted(_ counts: [String: Int]) -> [(key: String, value: Int)] {
        counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
    }

    /// `  name  count` lines, most first.
    static func table(_ counts: [String: Int]) -> String {
        let width = counts.keys.map(\.count).max() ?? 0
        return sorted(counts).map { entry in
            "  " + entry.key + String(repeating: " ", count: width - entry.key.count) + "  \(entry.value)\n"
        }.joined()
    }

    /// `{"code": count}`, keys sorted.
    static func counts(_ counts: [String: Int]) -> String {
        ReportJSON.object(counts.sorted { $0.key < $1.key }.map { ($0.key, "\($0.value)") })
    }
}

extension Dictionary where Key == String, Value == Int {
    func mapKeys(_ transform: (String) -> String) -> [String: Int] {
        Dictionary(map { (transform($0.key), $0.value) }, uniquingKeysWith: +)
    }
}
