import RuleCore
import RuleSpec

/// What a rule change does to stored records (``FlipAuditor/Report``), as the sections `rulecheck diff
/// --data` adds to its human, JSON, Markdown and JUnit reports; values of sensitive fields never appear.
public enum FlipReporter {
    /// The section of the human report: the counts under OLD and NEW, then each way records flip,
    /// by code and path, with the first examples.
    public static func human(_ report: FlipAuditor.Report) -> String {
        let tally = report.tally
        let files = report.files.count == 1 ? "1 file" : "\(report.files.count) files"
        var text = "\nstored records of \(files) as '\(report.subject)': \(tally.new.records) records, "
        text += "\(tally.new.unreadable) unreadable\n"
        text += "  OLD: \(tally.old.valid) valid, \(tally.old.invalid) invalid\n"
        text += "  NEW: \(tally.new.valid) valid, \(tally.new.invalid) invalid\n"
        text += "  tightened: \(records(tally.tightened.records)) valid under OLD, invalid under NEW\n"
        text += "  loosened: \(records(tally.loosened.records)) invalid under OLD, valid under NEW\n"
        text += "  codes differ: \(records(tally.recoded.records)) invalid under both, with other codes\n"
        text += AuditReporter.unreadFilesText(report.unreadFiles)
        for (name, part) in sections(tally) where part.records > 0 {
            text += "\n\(name), codes (records):\n" + AuditReporter.table(part.codes)
            text += "\(name), paths (records):\n" + AuditReporter.table(part.paths.mapKeys(AuditReporter.shownPath))
            text += "\(name), examples:\n"
            for code in AuditReporter.sorted(part.codes) {
                for example in part.examples[code.key] ?? [] {
                    text += "  " + AuditReporter.exampleLine(example, report.files) + "\n"
                }
            }
        }
        if !tally.new.reasons.isEmpty {
            text += "\nunreadable lines:\n" + AuditReporter.table(tally.new.reasons)
            for reason in AuditReporter.sorted(tally.new.reasons) {
                for example in tally.new.unreadableExamples[reason.key] ?? [] {
                    text +=
                        "  \(AuditReporter.place(example, report.files)): \(example.code): \(example.message ?? "")\n"
                }
            }
        }
        return text
    }

    /// The `data` member of the JSON report: `{"subject", "files", "records", "unreadable", "old": {"valid",
    /// "invalid", "codes"}, "new": {…}, "tightened": {"records", "codes", "paths", "pathCodes", "examples"},
    /// "loosened": {…}, "recoded": {…}, "unreadableReasons", "unreadableLines", "unreadFiles", "diagnostics"}`.
    public static func json(_ report: FlipAuditor.Report) -> String {
        let tally = report.tally
        func side(_ part: AuditTally) -> String {
            ReportJSON.object([
                ("valid", "\(part.valid)"), ("invalid", "\(part.invalid)"), ("codes", AuditReporter.counts(part.codes)),
            ])
        }
        func flips(_ part: AuditTally) -> String {
            ReportJSON.object([
                ("records", "\(part.records)"), ("codes", AuditReporter.counts(part.codes)),
                ("paths", AuditReporter.counts(part.paths)),
                (
                    "pathCodes",
                    ReportJSON.object(
                        part.pathCodes.sorted { $0.key < $1.key }.map { ($0.key, AuditReporter.counts($0.value)) })
                ),
                ("examples", AuditReporter.examplesJSON(part, report.files)),
            ])
        }
        return ReportJSON.object([
            ("subject", JSONString.quoted(report.subject)),
            ("files", "[" + report.files.map(JSONString.quoted).joined(separator: ", ") + "]"),
            ("records", "\(tally.new.records)"), ("unreadable", "\(tally.new.unreadable)"),
            ("old", side(tally.old)), ("new", side(tally.new)),
            ("tightened", flips(tally.tightened)), ("loosened", flips(tally.loosened)),
            ("recoded", flips(tally.recoded)),
            ("unreadableReasons", AuditReporter.counts(tally.new.reasons)),
            ("unreadableLines", AuditReporter.unreadableJSON(tally.new, report.files)),
            ("unreadFiles", AuditReporter.unreadFilesJSON(report.unreadFiles)),
            ("diagnostics", "[" + report.diagnostics.map(ReportJSON.diagnostic).joined(separator: ", ") + "]"),
        ])
    }

    /// The section of the Markdown report: a table of the counts, then the codes each way flips by.
    public static func markdown(_ report: FlipAuditor.Report) -> String {
        let tally = report.tally
        var text = "\n#### Stored records as `\(report.subject)`\n\n"
        text += "\(tally.new.records) records in \(report.files.count) file\(report.files.count == 1 ? "" : "s"), "
        text += "\(tally.new.unreadable) unreadable.\n\n"
        text += "| | valid | invalid |\n|---|---|---|\n"
        text +=
            "| OLD | \(tally.old.valid) | \(tally.old.invalid) |\n| NEW | \(tally.new.valid) | \(tally.new.invalid) |\n"
        if !report.unreadFiles.isEmpty {
            text += "\n**not read**:\n\n"
            text += report.unreadFiles.map { "- `\($0.file)`: \($0.message)\n" }.joined()
        }
        for (name, part) in sections(tally) where part.records > 0 {
            text += "\n**\(name)**: \(records(part.records))\n\n"
            for code in AuditReporter.sorted(part.codes) {
                text += "- `\(code.key)`: \(code.value)"
                if let example = part.examples[code.key]?.first {
                    text +=
                        ", first at `\(AuditReporter.place(example, report.files))` (\(AuditReporter.shownPath(example.path)))"
                }
                text += "\n"
            }
        }
        return text
    }

    /// A JUnit `testsuite`: a failing `testcase` per code of the records NEW newly rejects, with their
    /// examples, an `error` per file that could not be used, and a passing case for the rest.
    public static func junitSuite(_ report: FlipAuditor.Report) -> (xml: String, tests: Int, failures: Int, errors: Int)
    {
        let tally = report.tally
        let escape = JUnitReporter.escape
        let className = escape("diff.data." + report.subject)
        var cases = "    <testcase classname=\"\(className)\" name=\"records no stricter\"/>\n"
        var failures = 0
        for code in AuditReporter.sorted(tally.tightened.codes) {
            failures += 1
            let message =
                "\(code.value) of \(tally.new.records) records valid under OLD are invalid under NEW: \(code.key)"
            let body = (tally.tightened.examples[code.key] ?? []).map {
                AuditReporter.exampleLine($0, report.files) + "\n"
            }.joined()
            cases += "    <testcase classname=\"\(className)\" name=\"tightened: \(escape(code.key))\">\n"
            cases += "      <failure message=\"\(escape(message))\" type=\"Tightened\">\(escape(body))</failure>\n"
            cases += "    </testcase>\n"
        }
        cases += AuditReporter.junitErrors(report.unreadFiles, className: className)
        let errors = report.unreadFiles.count
        let tests = 1 + failures + errors
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\""
        let xml =
            "  <testsuite name=\"\(escape("stored records as " + report.subject))\" \(counts)>\n" + cases
            + "  </testsuite>\n"
        return (xml, tests, failures, errors)
    }

    /// The ways records flip, named as the reports name them.
    private static func sections(_ tally: FlipTally) -> [(String, AuditTally)] {
        [("tightened", tally.tightened), ("loosened", tally.loosened), ("codes differ", tally.recoded)]
    }

    private static func records(_ count: Int) -> String { count == 1 ? "1 record" : "\(count) records" }
}
