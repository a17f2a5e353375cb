public import RuleCore

/// Diagnostics as data for tools: rulecheck's JSON (the same objects as the errors of the JSON
/// spec report) and SARIF 2.1.0, which GitHub code scanning and editors read.
public enum DiagnosticLog {
    /// `{"diagnostics": [...], "errors": N, "warnings": N}`.
    public static func json(_ diagnostics: [Diagnostic]) -> String {
        var out = "{\"diagnostics\": ["
        out += diagnostics.map { "\n  " + ReportJSON.diagnostic($0) }.joined(separator: ",")
        out += diagnostics.isEmpty ? "" : "\n"
        out += "], \"errors\": \(count(.error, in: diagnostics)), \"warnings\": \(count(.warning, in: diagnostics))}\n"
        return out
    }

    /// A SARIF 2.1.0 log of one run: a result per diagnostic, its notes as related locations;
    /// columns count Unicode scalars (`columnKind: unicodeCodePoints`), as rulecheck's do.
    public static func sarif(_ diagnostics: [Diagnostic], version: String) -> String {
        let rules = [Diagnostic.Severity.error, .warning].map { severity in
            ReportJSON.object([
                ("id", JSONString.quoted(ruleID(severity))),
                ("shortDescription", ReportJSON.object([("text", JSONString.quoted(ruleText(severity)))])),
                (
                    "defaultConfiguration",
                    ReportJSON.object([("level", JSONString.quoted(severity.rawValue))])
                ),
            ])
        }
        let driver = ReportJSON.object([
            ("name", "\"rulecheck\""), ("semanticVersion", JSONString.quoted(version)),
            ("informationUri", "\"https://github.com/rulecheck/rulecheck\""),
            ("rules", "[" + rules.joined(separator: ", ") + "]"),
        ])
        let results = diagnostics.filter { $0.severity != .note }.map(result)
        var out =
            "{\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\", \"version\": \"2.1.0\", \"runs\": [{\n"
        out += "  \"tool\": {\"driver\": \(driver)},\n"
        out += "  \"columnKind\": \"unicodeCodePoints\",\n"
        out +=
            "  \"results\": [" + results.map { "\n    " + $0 }.joined(separator: ",") + (results.isEmpty ? "" : "\n  ")
        out += "]\n}]}\n"
        return out
    }

    private static func result(_ diagnostic: Diagnostic) -> String {
        var members = [
            ("ruleId", JSONString.quoted(ruleID(diagnostic.severity))),
            ("ruleIndex", diagnostic.severity == .error ? "0" : "1"),
            ("level", JSONString.quoted(diagnostic.severity == .error ? "error" : "warning")),
            ("message", ReportJSON.object([("text", JSONString.quoted(diagnostic.message))])),
        ]
        if let range = diagnostic.range { members.append(("locations", "[\(location(range))]")) }
        let related = diagnostic.notes.enumerated().compactMap { index, note in
            note.range.map { location($0, id: index, message: note.message) }
        }
        if !related.isEmpty { members.append(("relatedLocations", "[" + related.joined(separator: ", ") + "]")) }
        return ReportJSON.object(members)
    }

    private static func location(_ range: SourceRange, id: Int? = nil, message: String? = nil) -> String {
        // NB: SARIF's region ends after its last column; a range that ends where it starts marks one column.
        let end = range.end.line > range.start.line || range.end.column > range.start.column ? range.end : nil
        var region = [("startLine", "\(range.start.line)"), ("startColumn", "\(range.start.column)")]
        if let end { region += [("endLine", "\(end.line)"), ("endColumn", "\(end.column)")] }
        var members: [(String, String)] = []
        if let id { members.append(("id", "\(id)")) }
        members.append(
            (
                "physicalLocation",
                ReportJSON.object([
                    ("artifactLocation", ReportJSON.object([("uri", JSONString.quoted(uri(range.start.file)))])),
                    ("region", ReportJSON.object(region)),
                ])
            ))
        if let message { members.append(("message", ReportJSON.object([("text", JSONString.quoted(message))]))) }
        return ReportJSON.object(members)
    }

    /// A path as a URI reference: relative paths stay relative (to the checkout, for code scanning).
    private static func uri(_ path: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        var out = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            if allowed.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }

    private static func ruleID(_ severity: Diagnostic.Severity) -> String {
        severity == .error ? "rulecheck.error" : "rulecheck.warning"
    }

    private static func ruleText(_ severity: Diagnostic.Severity) -> String {
        severity == .error
            ? "A mistake that makes the rules unusable, or a rule no value can pass"
            : "A rule that is only suspicious"
    }

    private static func count(_ severity: Diagnostic.Severity, in diagnostics: [Diagnostic]) -> Int {
        diagnostics.filter { $0.severity == severity }.count
    }
}
