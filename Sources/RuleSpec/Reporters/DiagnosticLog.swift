import Foundation
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

    /// The project's home, SARIF's `informationUri`; each kind's help links into its docs.
    public static let informationURI = "https://github.com/rulecheck/rulecheck"

    /// A kind of diagnostic, one SARIF rule: code scanning groups, filters and explains results by it.
    public struct Kind: Sendable {
        /// `rulecheck/unknown-check`.
        public var id: String
        /// One line: what is wrong.
        public var shortDescription: String
        /// What to do about it.
        public var help: String
        /// The doc that explains it, relative to the repository root.
        public var doc: String
        /// Its SARIF default level: `error`, or `warning` for the kinds that are only suspicious.
        public var level: Diagnostic.Severity = .error
        /// Whether a diagnostic is of this kind (the first kind that claims it wins).
        var matches: @Sendable (Diagnostic) -> Bool
    }

    /// Every kind, most specific first; the last two take what no other claims, by severity.
    public static let kinds: [Kind] = [
        Kind(
            id: "rulecheck/failed-case", shortDescription: "A spec case did not meet its expectation",
            help: "Fix the rule, or the case's expectation if the rule is right ('rulecheck specs/ --update=all' "
                + "rewrites expectations after a deliberate change).",
            doc: "docs/testing-rules.md", matches: { _ in false }),
        Kind(
            id: "rulecheck/unsatisfiable", shortDescription: "A rule that no value can pass",
            help: "The checks of the type or model contradict each other; loosen one of them, as the message says.",
            doc: "README.md",
            matches: { d in
                ["no value", "no date", "no record", "no trimmed value"].contains { d.message.hasScalarPrefix($0) }
                    || d.message.hasScalarSuffix("no value could pass")
            }),
        Kind(
            id: "rulecheck/never-decides", shortDescription: "A check or a value that can never make a difference",
            help: "Remove the check, bound or value, or fix the rule that makes it unreachable.", doc: "README.md",
            level: .warning,
            matches: { d in
                (d.severity == .warning
                    && ["is shadowed", "which no value of type", "but 'pattern' matches at most"].contains {
                        d.message.contains($0)
                    }) || d.message.hasScalarSuffix("so the check never fails")
            }),
        Kind(
            id: "rulecheck/unknown-check", shortDescription: "A check that rulecheck does not know",
            help: "Use one of the checks the rule language defines (the message suggests the nearest name).",
            doc: "README.md", matches: { $0.message.contains("unknown check") }),
        Kind(
            id: "rulecheck/unknown-type", shortDescription: "A type or model that no rule file declares",
            help: "Declare the type in a rule file, or correct its name (the message suggests the nearest).",
            doc: "README.md", matches: { $0.message.contains("unknown type") || $0.message.contains("unknown model") }),
        Kind(
            id: "rulecheck/unknown-key", shortDescription: "A key that the rule or spec language does not know",
            help: "Correct the key (the message suggests the nearest) or remove it; nothing reads an unknown key.",
            doc: "README.md", matches: { $0.message.contains("unknown key") }),
        Kind(
            id: "rulecheck/unknown-field", shortDescription: "A field that the model does not have",
            help: "Correct the field's name (the message suggests the nearest) or add the field to the model.",
            doc: "README.md", matches: { $0.message.contains("has no field") }),
        Kind(
            id: "rulecheck/unused-message", shortDescription: "A message that is never shown",
            help: "Remove the message, or its placeholder, or correct the code it is for.",
            doc: "README.md",
            matches: { $0.message.contains("never shown") || $0.message.contains("never fills") }),
        Kind(
            id: "rulecheck/generated-name", shortDescription: "A name that generated Swift code cannot take",
            help: "Rename the type or field, or give it a 'swiftName:'.", doc: "docs/swift.md",
            matches: { $0.message.contains("generated") || $0.message.contains("swiftName") }),
        Kind(
            id: "rulecheck/yaml", shortDescription: "A file that is not well-formed YAML, or too large to read",
            help: "Fix the YAML at the place shown: libyaml's message says what it expected.", doc: "README.md",
            matches: { d in
                [
                    "while parsing", "while scanning", "did not find expected", "UTF-8", "duplicate key", "limit of",
                    "is indented by", "a tab indents", "cannot follow the list item",
                ].contains { d.message.contains($0) }
            }),
        Kind(
            id: "rulecheck/error", shortDescription: "A mistake that keeps the rules or the specs from being used",
            help: "Fix the file at the place shown, as the message says; nothing of it runs until then.",
            doc: "README.md", matches: { $0.severity == .error }),
        Kind(
            id: "rulecheck/warning", shortDescription: "A rule that is only suspicious",
            help: "Check that the rule means what it says; the message says why it looks wrong.", doc: "README.md",
            level: .warning, matches: { _ in true }),
    ]

    /// The index in ``kinds`` of `rulecheck/failed-case`, which only a spec run's report gives.
    static let failedCase = 0

    /// The index in ``kinds`` of the kind of `diagnostic`.
    public static func kindIndex(of diagnostic: Diagnostic) -> Int {
        kinds.firstIndex { $0.matches(diagnostic) } ?? kinds.count - 1
    }

    /// A SARIF 2.1.0 log of one run: a rule per kind of diagnostic (``kinds``), a result per
    /// diagnostic, its notes as related locations; relative paths are relative to the repository
    /// root (`originalUriBaseIds` `%SRCROOT%`, the current folder); columns count Unicode scalars
    /// (`columnKind: unicodeCodePoints`), as rulecheck's do.
    public static func sarif(_ diagnostics: [Diagnostic], version: String) -> String {
        sarif(classified: diagnostics.map { ($0, kindIndex(of: $0)) }, version: version)
    }

    /// A SARIF log of diagnostics whose kinds (indices in ``kinds``) are already known.
    static func sarif(classified diagnostics: [(Diagnostic, Int)], version: String) -> String {
        let rules = kinds.map { kind in
            ReportJSON.object([
                ("id", JSONString.quoted(kind.id)),
                ("name", JSONString.quoted(ruleName(kind.id))),
                ("shortDescription", ReportJSON.object([("text", JSONString.quoted(kind.shortDescription))])),
                ("fullDescription", ReportJSON.object([("text", JSONString.quoted(kind.shortDescription + "."))])),
                ("help", ReportJSON.object([("text", JSONString.quoted(kind.help))])),
                ("helpUri", JSONString.quoted(informationURI + "/blob/main/" + kind.doc)),
                (
                    "defaultConfiguration",
                    ReportJSON.object([("level", JSONString.quoted(kind.level.rawValue))])
                ),
            ])
        }
        let driver = ReportJSON.object([
            ("name", "\"rulecheck\""), ("semanticVersion", JSONString.quoted(version)),
            ("informationUri", JSONString.quoted(informationURI)),
            ("rules", "[" + rules.joined(separator: ", ") + "]"),
        ])
        let results = diagnostics.filter { $0.0.severity != .note }.map { result($0.0, kind: $0.1) }
        let root = FileManager.default.currentDirectoryPath
        var out =
            "{\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\", \"version\": \"2.1.0\", \"runs\": [{\n"
        out += "  \"tool\": {\"driver\": \(driver)},\n"
        out +=
            "  \"originalUriBaseIds\": {\"%SRCROOT%\": {\"uri\": \(JSONString.quoted(uri(root.hasScalarSuffix("/") ? root : root + "/"))), "
            + "\"description\": {\"text\": \"The repository root, where rulecheck ran\"}}},\n"
        out += "  \"columnKind\": \"unicodeCodePoints\",\n"
        out +=
            "  \"results\": [" + results.map { "\n    " + $0 }.joined(separator: ",") + (results.isEmpty ? "" : "\n  ")
        out += "]\n}]}\n"
        return out
    }

    /// `rulecheck/unknown-check` → `UnknownCheck`.
    private static func ruleName(_ id: String) -> String {
        id.split(separator: "/").last.map {
            $0.split(separator: "-").map { ASCIICase.upperFirst($0) }.joined()
        }
            ?? id
    }

    private static func result(_ diagnostic: Diagnostic, kind index: Int) -> String {
        var members = [
            ("ruleId", JSONString.quoted(kinds[index].id)),
            ("ruleIndex", "\(index)"),
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
                    ("artifactLocation", artifact(range.start.file)),
                    ("region", ReportJSON.object(region)),
                ])
            ))
        if let message { members.append(("message", ReportJSON.object([("text", JSONString.quoted(message))]))) }
        return ReportJSON.object(members)
    }

    /// A path as a URI reference: relative paths stay relative (to the checkout, for code scanning).
    private static func uri(_ path: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        var out = path.hasScalarPrefix("/") ? "file://" : ""
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

    /// A relative path is relative to `%SRCROOT%`; an absolute one stands alone.
    private static func artifact(_ path: String) -> String {
        var members = [("uri", JSONString.quoted(uri(path)))]
        if !path.hasScalarPrefix("/") { members.append(("uriBaseId", "\"%SRCROOT%\"")) }
        return ReportJSON.object(members)
    }

    private static func count(_ severity: Diagnostic.Severity, in diagnostics: [Diagnostic]) -> Int {
        diagnostics.filter { $0.severity == severity }.count
    }
}
