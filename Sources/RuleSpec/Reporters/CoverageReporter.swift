import RuleCore

/// Writes a suite's coverage: a human summary with each item not covered at its rule's place, or JSON.
public enum CoverageReporter {
    /// `rules/task.yaml:10:9: not covered: TaskTitle: length max 20: 20 and 21 characters`, then the percentage.
    public static func human(_ coverage: SpecCoverage) -> String {
        var text = ""
        for item in coverage.items where !item.covered {
            text +=
                "\(item.range?.start.description ?? "<rules>"): not covered: \(item.subject): \(item.kind) \(item.what)\n"
        }
        let covered = coverage.items.count { $0.covered }
        text += "coverage \(MutationReporter.percent(coverage.percent)): \(covered) of \(coverage.items.count) items"
        let subjects = Set(coverage.items.map(\.subject)).count
        return text + " in \(subjects) types and models\n"
    }

    /// `{"percent":…, "covered":…, "total":…, "items":[{"subject":…, "kind":…, "what":…, "location":…, "covered":…}]}`.
    public static func json(_ coverage: SpecCoverage) -> String {
        let items = coverage.items.map { item in
            "{\"subject\":\(JSONString.quoted(item.subject)),\"kind\":\"\(item.kind)\",\"what\":\(JSONString.quoted(item.what)),"
                + "\"location\":\(JSONString.quoted(item.range?.start.description ?? "")),\"covered\":\(item.covered)}"
        }
        return "{\"percent\":\(MutationReporter.percent(coverage.percent).dropLast()),"
            + "\"covered\":\(coverage.items.count { $0.covered }),\"total\":\(coverage.items.count),"
            + "\"items\":[" + items.joined(separator: ",") + "]}\n"
    }
}
