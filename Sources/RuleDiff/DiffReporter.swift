import Foundation
import RuleCore
import RuleSpec

/// Writes a ``DiffReport`` for people (the default) or as JSON.
public enum DiffReporter {
    /// The human report: one block per change, then a summary line.
    public static func human(_ report: DiffReport) -> String {
        var out = "rulecheck diff \(report.old) → \(report.new) (today \(report.today))\n"
        if report.changes.isEmpty {
            return out + "No type or model changed.\n"
        }
        for change in report.changes {
            out += "\n\(change.kind) \(change.name): \(change.words)\n"
            let places = [change.oldLocation.map { "OLD \($0)" }, change.newLocation.map { "NEW \($0)" }]
                .compactMap { $0 }
            if !places.isEmpty { out += "  at " + places.joined(separator: ", ") + "\n" }
            for detail in change.details { out += "  - \(detail)\n" }
            for witness in change.witnesses {
                out +=
                    "  \(witness.kind == .codesRenamed ? "codes differ" : witness.kind.rawValue): \(witness.input): OLD \(witness.old), NEW \(witness.new)\n"
            }
            for flipped in change.specCases { out += "  spec case " + caseLine(flipped) + "\n" }
            if change.changeClass == .noWitness {
                out +=
                    "  no witness found in \(change.searched) candidates; this is not a proof that the meaning is the same\n"
            }
        }
        if !report.unexplainedCases.isEmpty {
            out += "\nspec cases that flip under no change of their own type or model:\n"
            for flipped in report.unexplainedCases { out += "  " + caseLine(flipped) + "\n" }
        }
        if let files = report.specFiles {
            let flips = report.changes.map(\.specCases.count).reduce(0, +) + report.unexplainedCases.count
            out += "\n\(flips) spec case\(flips == 1 ? "" : "s") of \(files) spec file\(files == 1 ? "" : "s") flip.\n"
        }
        var counts: [ChangeClass: Int] = [:]
        for change in report.changes { counts[change.changeClass, default: 0] += 1 }
        let summary = ChangeClass.allCases.compactMap { kind in counts[kind].map { "\($0) \(kind.words)" } }
        out += "\n\(report.changes.count) changed: " + summary.joined(separator: ", ") + "\n"
        return out
    }

    /// Markdown for a pull-request comment: a table of the changes, then each one's witnesses.
    public static func markdown(_ report: DiffReport) -> String {
        func cell(_ text: String) -> String {
            text.replacingScalars("|", with: "\\|").replacingScalars("\n", with: " ")
        }
        var out = "### rulecheck diff `\(report.old)` → `\(report.new)`\n\n"
        guard !report.changes.isEmpty else { return out + "No type or model changed.\n" }
        out += "| | change | OLD | NEW | what changed |\n|---|---|---|---|---|\n"
        for change in report.changes {
            out +=
                "| \(change.kind) `\(change.name)` | **\(change.words)** | \(cell(change.oldLocation ?? "—")) | "
                + "\(cell(change.newLocation ?? "—")) | \(cell(change.details.joined(separator: "; "))) |\n"
        }
        for change in report.changes where !change.witnesses.isEmpty || !change.specCases.isEmpty {
            out += "\n**\(change.name)**: \(change.words)\n\n"
            for witness in change.witnesses {
                out +=
                    "- \(witness.kind.rawValue): `\(cell(witness.input))`: OLD `\(cell(witness.old))`, NEW `\(cell(witness.new))`\n"
            }
            for flipped in change.specCases { out += "- spec case `\(cell(caseLine(flipped)))`\n" }
        }
        return out
    }

    /// SARIF 2.1.0, for code scanning: a result per change, at NEW's declaration (OLD's when
    /// removed), `error` for a class of `failing`, else `note`; its rule is the class.
    public static func sarif(_ report: DiffReport, failing: Set<ChangeClass>, version: String) -> String {
        func quoted(_ text: String) -> String { JSONString.quoted(text) }
        let rules = ChangeClass.allCases.map { kind in
            "{\"id\":\(quoted("rulecheck/diff/" + kind.rawValue)),\"shortDescription\":{\"text\":\(quoted(kind.words))}}"
        }
        let results = report.changes.map { change in
            let fails = change.isAny(of: failing)
            var text = "\(change.kind) \(change.name): \(change.words)"
            if !change.details.isEmpty { text += ": " + change.details.joined(separator: "; ") }
            if let witness = change.witnesses.first {
                text += ". For example \(witness.input): OLD \(witness.old), NEW \(witness.new)"
            }
            var location = ""
            if let place = change.newLocation ?? change.oldLocation, let colon = place.lastIndex(of: ":") {
                var file = String(place[..<colon])
                // NB: a git side's `git:REV:path` is the path in the repository.
                if file.hasScalarPrefix("git:"), let second = file.dropFirst(4).firstIndex(of: ":") {
                    file = String(file[file.index(after: second)...])
                }
                let line = place[place.index(after: colon)...]
                location =
                    ",\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\(quoted(file))},"
                    + "\"region\":{\"startLine\":\(line)}}}]"
            }
            return "{\"ruleId\":\(quoted("rulecheck/diff/" + change.changeClass.rawValue)),"
                + "\"level\":\(quoted(fails ? "error" : "note")),\"message\":{\"text\":\(quoted(text))}\(location)}"
        }
        return
            "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{\"tool\":"
            + "{\"driver\":{\"name\":\"rulecheck\",\"version\":\(quoted(version)),\"rules\":[\(rules.joined(separator: ","))]}},"
            + "\"results\":[\(results.joined(separator: ","))]}]}\n"
    }

    /// The witnesses as a spec file for NEW: one case each, its expectation NEW's verdict, under
    /// the type's or model's name (a field's change under its model's, its path in the case's
    /// name). A witness that NEW's spec case cannot hold (a field NEW does not declare) is a comment.
    public static func specFile(_ report: DiffReport, rules: String?) -> String {
        var out = "rulecheck: 1.1\n"
        if let rules { out += "rules: \(JSONString.quoted(rules))\n" }
        out += "today: \(report.today)\ncases:\n"
        var byName: [(name: String, cases: [String], inputs: Set<String>)] = []
        var unwritten: [String] = []
        for change in report.changes where !change.witnesses.isEmpty {
            let subject = change.kind == "field" ? String(change.name.prefix { $0 != "." }) : change.name
            let what = change.kind == "field" ? "\(change.name) " : ""
            for witness in change.witnesses where witness.expectation.isEmpty {
                unwritten.append(
                    "  # not written, \(subject) names a field NEW does not declare: \(what)\(witness.kind.rawValue): "
                        + "\(witness.input): OLD \(witness.old), NEW \(witness.new)")
            }
            let cases = change.witnesses.filter { !$0.expectation.isEmpty }
            guard !cases.isEmpty else { continue }
            let index = byName.firstIndex { $0.name == subject } ?? byName.count
            if index == byName.count { byName.append((subject, [], [])) }
            for witness in cases where byName[index].inputs.insert(witness.input).inserted {
                let name = JSONString.quoted("diff: \(what)\(witness.kind.rawValue), was \(witness.old)")
                byName[index].cases.append("    - { name: \(name), in: \(witness.input), \(witness.expectation) }")
            }
        }
        for line in unwritten { out += line + "\n" }
        for (name, cases, _) in byName { out += "  \(name):\n" + cases.joined(separator: "\n") + "\n" }
        return out
    }

    private static func caseLine(_ flipped: FlippedCase) -> String {
        "\(flipped.location)\(flipped.name.map { " (\($0))" } ?? ""): \(flipped.typeName): OLD \(flipped.old), NEW \(flipped.new)"
    }

    /// The JSON report: `{"old", "new", "today", "changes": [{name, kind, class, old, new, details,
    /// witnesses: [{kind, input, old, new}], searched}]}`, and `data` when given (`--data`'s section).
    public static func json(_ report: DiffReport, data: String? = nil) -> String {
        func quoted(_ text: String?) -> String { text.map(JSONString.quoted) ?? "null" }
        func caseJSON(_ flipped: FlippedCase) -> String {
            "{\"at\":\(quoted(flipped.location)),\"name\":\(quoted(flipped.name)),\"type\":\(quoted(flipped.typeName)),"
                + "\"old\":\(quoted(flipped.old)),\"new\":\(quoted(flipped.new))}"
        }
        let changes = report.changes.map { change in
            let witnesses = change.witnesses.map { witness in
                "{\"kind\":\(quoted(witness.kind.rawValue)),\"input\":\(quoted(witness.input)),"
                    + "\"old\":\(quoted(witness.old)),\"new\":\(quoted(witness.new))}"
            }
            return "{\"name\":\(quoted(change.name)),\"kind\":\(quoted(change.kind)),"
                + "\"class\":\(quoted(change.changeClass.rawValue)),"
                + "\"classes\":[\(change.classes.map { quoted($0.rawValue) }.joined(separator: ","))],"
                + "\"old\":\(quoted(change.oldLocation)),"
                + "\"new\":\(quoted(change.newLocation)),"
                + "\"details\":[\(change.details.map(quoted).joined(separator: ","))],"
                + "\"witnesses\":[\(witnesses.joined(separator: ","))],\"searched\":\(change.searched),"
                + "\"specCases\":[\(change.specCases.map(caseJSON).joined(separator: ","))]}"
        }
        return
            "{\"old\":\(quoted(report.old)),\"new\":\(quoted(report.new)),\"today\":\(quoted(report.today.description)),"
            + "\"changes\":[\(changes.joined(separator: ","))],"
            + "\"unexplainedSpecCases\":[\(report.unexplainedCases.map(caseJSON).joined(separator: ","))]"
            + (data.map { ",\"data\":" + $0 } ?? "") + "}\n"
    }

    /// A JUnit `testsuite` of the changes: a `testcase` per change, failing when it is of a class of
    /// `failing`, its details and witnesses in the failure.
    public static func junitSuite(_ report: DiffReport, failing: Set<ChangeClass>) -> (
        xml: String, tests: Int, failures: Int, errors: Int
    ) {
        let escape = JUnitReporter.escape
        var cases = ""
        var failures = 0
        for change in report.changes {
            let name = escape("\(change.kind) \(change.name)")
            guard change.isAny(of: failing) else {
                cases += "    <testcase classname=\"diff\" name=\"\(name)\"/>\n"
                continue
            }
            failures += 1
            var body = change.details.map { "- \($0)\n" }.joined()
            for witness in change.witnesses {
                body += "\(witness.kind.rawValue): \(witness.input): OLD \(witness.old), NEW \(witness.new)\n"
            }
            cases += "    <testcase classname=\"diff\" name=\"\(name)\">\n"
            cases +=
                "      <failure message=\"\(escape(change.words))\" type=\"\(escape(change.changeClass.rawValue))\">"
            cases += escape(body) + "</failure>\n    </testcase>\n"
        }
        if report.changes.isEmpty { cases = "    <testcase classname=\"diff\" name=\"no type or model changed\"/>\n" }
        let tests = max(report.changes.count, 1)
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\""
        let xml =
            "  <testsuite name=\"\(escape("\(report.old) → \(report.new)"))\" \(counts)>\n" + cases
            + "  </testsuite>\n"
        return (xml, tests, failures, 0)
    }

    /// A JUnit document of `suites`, with their totals.
    public static func junit(_ suites: [(xml: String, tests: Int, failures: Int, errors: Int)]) -> String {
        let tests = suites.map(\.tests).reduce(0, +)
        let failures = suites.map(\.failures).reduce(0, +)
        let errors = suites.map(\.errors).reduce(0, +)
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"rulecheck diff\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" "
            + "skipped=\"0\">\n" + suites.map(\.xml).joined() + "</testsuites>\n"
    }
}
