import RuleCore
import RuleTooling

/// Writes a mutation run's report: a human summary with each survivor at its rule's place, JUnit
/// with one test case per mutant (a survivor is a failure), or JSON.
public enum MutationReporter {
    /// One line per survivor, `rules/task.yaml:9:9: survived: TaskTitle: length: max 20 → 21`, then the score.
    public static func human(_ report: MutationRunner.Report) -> String {
        var text = ""
        for result in report.survivors {
            text += "\(place(result)): survived: \(result.mutation.title)\n"
        }
        text += "mutation score \(percent(report.score)): \(report.killed) killed, \(report.survivors.count) survived"
        text += ", \(report.equivalent) equivalent, \(report.invalid) invalid\n"
        return text
    }

    /// JUnit XML: a suite of mutants, each a test case named by its change and place; a survivor
    /// fails, an equivalent mutant is skipped with its reason.
    public static func junit(_ report: MutationRunner.Report) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let counts =
            "tests=\"\(report.results.count)\" failures=\"\(report.survivors.count)\" errors=\"0\" skipped=\"\(report.equivalent)\""
        xml += "<testsuites name=\"rulecheck mutate\" \(counts)>\n"
        xml += "  <testsuite name=\"mutations\" \(counts)>\n"
        xml += "    <properties><property name=\"score\" value=\"\(percent(report.score))\"/></properties>\n"
        for result in report.results {
            let name = JUnitReporter.escape("\(result.mutation.change) (\(place(result)))")
            xml += "    <testcase classname=\"\(JUnitReporter.escape(result.mutation.subject))\" name=\"\(name)\""
            if let reason = result.mutation.equivalence {
                xml +=
                    ">\n      <skipped message=\"\(JUnitReporter.escape("equivalent: " + reason))\"/>\n    </testcase>\n"
            } else if result.survived {
                let message = JUnitReporter.escape("\(place(result)): survived: \(result.mutation.title)")
                xml += ">\n      <failure message=\"no case notices this change\" type=\"SurvivingMutant\">"
                xml += message + "</failure>\n    </testcase>\n"
            } else {
                xml += "/>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// `{"score":…, "killed":…, "survived":…, "equivalent":…, "invalid":…, "mutants":[{…}]}`.
    public static func json(_ report: MutationRunner.Report) -> String {
        let mutants = report.results.map { result in
            let status = result.mutation.equivalence != nil ? "equivalent" : result.survived ? "survived" : "killed"
            var fields = [
                "\"subject\":\(JSONString.quoted(result.mutation.subject))",
                "\"change\":\(JSONString.quoted(result.mutation.change))",
                "\"location\":\(JSONString.quoted(place(result)))",
                "\"status\":\"\(status)\"",
            ]
            if let killer = result.killedBy { fields.append("\"killedBy\":\(JSONString.quoted(killer.description))") }
            if let reason = result.mutation.equivalence {
                fields.append("\"equivalence\":\(JSONString.quoted(reason))")
            }
            return "{" + fields.joined(separator: ",") + "}"
        }
        return "{\"score\":\(percent(report.score).dropLast()),\"killed\":\(report.killed),"
            + "\"survived\":\(report.survivors.count),\"equivalent\":\(report.equivalent),\"invalid\":\(report.invalid),"
            + "\"mutants\":[" + mutants.joined(separator: ",") + "]}\n"
    }

    /// The suggested cases of the survivors, grouped by type or model, as a spec file's `cases:`
    /// entries (indented for pasting under `cases:`); a survivor no input kills is a comment.
    public static func suggestions(_ report: MutationRunner.Report, only typeName: String? = nil) -> String {
        // NB: one case that kills several mutants is printed once, naming them all.
        var byType: [(name: String, cases: [SuggestedCase], missing: [String])] = []
        for result in report.survivors where typeName == nil || result.mutation.subject == typeName {
            let subject = result.mutation.subject
            if !byType.contains(where: { $0.name == subject }) { byType.append((subject, [], [])) }
            let index = byType.firstIndex { $0.name == subject }!
            guard let suggestion = result.suggestion else {
                byType[index].missing.append(
                    "    # no input found that kills: \(result.mutation.change) (\(place(result))): the search gave up; "
                        + "the change is not proven equivalent, so write a case by hand or simplify the rule\n")
                continue
            }
            if let same = byType[index].cases.firstIndex(where: { $0.body == suggestion.body }) {
                byType[index].cases[same].changes += suggestion.changes
            } else {
                byType[index].cases.append(suggestion)
            }
        }
        // NB: a type with no case to suggest gets no section (a key with only comments under it is
        // no list of cases, and the file would not read): its comments stand under `cases:`, named.
        return byType.map { entry in
            guard !entry.cases.isEmpty else {
                return entry.missing.map { "  # \(entry.name): " + $0.dropFirst("    # ".count) }.joined()
            }
            return "  \(entry.name):\n" + entry.cases.map { "    \($0.yaml)\n" }.joined() + entry.missing.joined()
        }.joined()
    }

    /// `existing`, a spec file whose `cases:` come last in block style (as `suggest --write` and the
    /// repository's files write them), with the suggested cases appended: each type's after its
    /// last case, a type the file does not test at the end.
    public static func appending(_ report: MutationRunner.Report, only typeName: String? = nil, to existing: String)
        -> String
    {
        var lines = existing.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var section: String?
        var additions: [(name: String, lines: [String])] = []
        for line in suggestions(report, only: typeName).split(separator: "\n").map(String.init) {
            if line.hasScalarPrefix("  "), !line.hasScalarPrefix("   "), line.hasScalarSuffix(":") {
                section = String(line.dropFirst(2).dropLast())
                additions.append((section!, []))
            } else {
                additions[additions.count - 1].lines.append(line)
            }
        }
        for (name, added) in additions {
            guard let key = lines.firstIndex(of: "  \(name):") else {
                lines += ["  \(name):"] + added
                continue
            }
            // NB: the type's block ends at the next line indented as little as its key, blank and comment lines aside.
            var end = key + 1
            // NB: blank by YAML's white space (space, tab) and a CRLF file's CR, not the platform's.
            func isBlank(_ line: String) -> Bool {
                line.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
            }
            while end < lines.count, lines[end].hasScalarPrefix("   ") || isBlank(lines[end]) { end += 1 }
            while end > key + 1, isBlank(lines[end - 1]) { end -= 1 }
            lines.insert(contentsOf: added, at: end)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A whole spec file of the suggestions, with the settings of the spec file that tests the first survivor.
    public static func suggestionFile(_ report: MutationRunner.Report, only typeName: String? = nil) -> String {
        let header = report.survivors.lazy.compactMap(\.header).first
        var text =
            "rulecheck: 1\n# Cases suggested by `rulecheck suggest`: each kills a mutant no other case noticed.\n"
        if let rules = header?.rules { text += "rules: \(JSONString.quoted(rules))\n" }
        if let today = header?.today { text += "today: \(today)\n" }
        if let language = header?.language, language != "en" { text += "language: \(language)\n" }
        return text + "cases:\n" + suggestions(report, only: typeName)
    }

    static func place(_ result: MutationRunner.Result) -> String {
        result.mutation.range?.start.description ?? "<rules>"
    }

    public static func percent(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
