public import RuleCore

/// The JSON of reports: values, codes by path and diagnostics as data, written with the one
/// escaper, `JSONString`.
public enum ReportJSON {
    /// An expected value: a scalar as the string written, `null` for absent, objects and arrays.
    static func value(_ value: ExpectedValue) -> String {
        switch value {
        case .absent: "null"
        case .scalar(let text): JSONString.quoted(text)
        case .record(let fields): object(fields.sorted { $0.key < $1.key }.map { ($0.key, Self.value($0.value)) })
        case .list(let items): "[" + items.map { Self.value($0) }.joined(separator: ", ") + "]"
        }
    }

    /// A validated value: text and dates as strings, integers and decimals as numbers, booleans.
    static func value(_ value: ValidatedValue?) -> String {
        guard let value else { return "null" }
        switch value {
        case .string(let text): return JSONString.quoted(text)
        case .date(let date): return JSONString.quoted(date.description)
        case .integer, .decimal, .boolean: return value.description
        case .record(let fields):
            return object(fields.sorted { $0.key < $1.key }.map { ($0.key, Self.value($0.value)) })
        case .list(let items): return "[" + items.map { Self.value($0) }.joined(separator: ", ") + "]"
        }
    }

    /// Codes by field path (`""` for a type's own value), paths sorted.
    static func codes(_ codes: [String: [String]]) -> String {
        object(
            codes.sorted { $0.key < $1.key }.map {
                ($0.key, "[" + $0.value.map(JSONString.quoted).joined(separator: ", ") + "]")
            })
    }

    /// `{"valid": true, "value": …}` or `{"errors": {path: [codes]}}`.
    static func result(_ result: ValidationResult) -> String {
        switch result {
        case .valid(let value): "{\"valid\": true, \"value\": \(Self.value(value))}"
        case .invalid(let violations): "{\"errors\": \(codes(CaseEvaluator.codesByPath(violations)))}"
        }
    }

    /// `{"message": {"path": …, "text": …}}`; `text` is `null` when there was no message.
    static func message(path: String, text: String?) -> String {
        "{\"message\": {\"path\": \(JSONString.quoted(path)), \"text\": \(text.map(JSONString.quoted) ?? "null")}}"
    }

    /// A diagnostic as data: `severity`, `message`, and `file`, `line`, `column`, `endLine`, `endColumn`
    /// when it has a place (lines from 1, columns in Unicode scalars from 1), and its `notes`.
    public static func diagnostic(_ diagnostic: Diagnostic) -> String {
        var members = [
            ("severity", JSONString.quoted(diagnostic.severity.rawValue)),
            ("message", JSONString.quoted(diagnostic.message)),
        ]
        if let range = diagnostic.range {
            members += [
                ("file", JSONString.quoted(range.start.file)), ("line", "\(range.start.line)"),
                ("column", "\(range.start.column)"), ("endLine", "\(range.end.line)"),
                ("endColumn", "\(range.end.column)"),
            ]
        }
        if !diagnostic.notes.isEmpty {
            members.append(("notes", "[" + diagnostic.notes.map(Self.diagnostic).joined(separator: ", ") + "]"))
        }
        return object(members)
    }

    /// An object of members already written as JSON, in the order given.
    package static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { JSONString.quoted($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }
}
