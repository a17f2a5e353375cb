import Foundation
public import RuleCore

/// The JSON lines that `rulecheck check` reads and writes and the conformance protocol
/// (`docs/conformance.md`) exchanges: an input is a string, null or an object of fields; a
/// result is `{"valid": true, "value": …}` or `{"valid": false, "violations": […]}`.
public enum JSONLines {
    /// A JSON string, null or object as an ``Input``; numbers and booleans count as their text.
    public static func input(fromLine line: String) -> Input? {
        guard let json = JSON(line) else { return nil }
        return input(json)
    }

    private static func input(_ json: JSON) -> Input? {
        switch json {
        case .null: return .absent
        case .array: return nil
        case .object(let fields):
            var record: [String: Input] = [:]
            for (key, value) in fields {
                guard let field = input(value) else { return nil }
                record[key] = field
            }
            return .record(record)
        case .string(let text), .scalar(let text): return .text(text)
        }
    }

    /// `{"valid":true,"value":"Buy milk"}` or `{"valid":false,"violations":[{"code":…,"path":[…],"message":…}]}`,
    /// keys sorted; integers and booleans are JSON numbers and booleans, every other value its text.
    public static func line(for result: ValidationResult, language: String) -> String {
        let object: [String: Any]
        switch result {
        case .valid(let value):
            object = ["valid": true, "value": value.map(json) ?? NSNull()]
        case .invalid(let violations):
            object = [
                "valid": false,
                "violations": violations.map {
                    ["code": $0.code, "path": $0.path, "message": $0.message(language: language)]
                },
            ]
        }
        return encode(object)
    }

    /// A conformance request: `{"input":…,"language":…,"today":…,"type":…}`.
    static func request(type: String, input: Input, today: LocalDate, language: String) -> String {
        encode(["type": type, "input": json(input), "today": today.description, "language": language])
    }

    /// A conformance response read back as a result, values read as the validator's types read
    /// them, each violation's message kept as its text in `language`.
    ///
    /// - Throws: what is wrong, when the line is not a response.
    static func result(
        fromResponse line: String, validator: Validator, rules: RuleSet, language: String
    ) throws(JSONLinesError) -> ValidationResult {
        guard case .object(let object)? = JSON(line), case .scalar(let valid)? = object["valid"],
            valid == "true" || valid == "false"
        else { throw JSONLinesError("is not a JSON object with \"valid\": true or false") }
        if valid == "true" {
            return .valid(value(object["value"] ?? .null, as: validator, rules: rules))
        }
        guard case .array(let violations)? = object["violations"], !violations.isEmpty else {
            throw JSONLinesError("is invalid but has no \"violations\" list")
        }
        return .invalid(
            Violations(
                try violations.map { item throws(JSONLinesError) in
                    guard case .object(let fields) = item, case .string(let code)? = fields["code"],
                        case .array(let path)? = fields["path"], case .string(let message)? = fields["message"]
                    else {
                        throw JSONLinesError(
                            "has a violation without a string \"code\", a \"path\" list and a string \"message\"")
                    }
                    let names = path.compactMap { if case .string(let name) = $0 { name } else { nil } }
                    guard names.count == path.count else {
                        throw JSONLinesError("has a violation whose \"path\" is not all strings")
                    }
                    return Violation(code: code, path: names, templates: MessageTemplates([language: message]))
                }))
    }

    /// A response's value read as `validator` reads text, so that `"2026-11-22"` is a date and
    /// `1990` an integer; what does not read as the type stays text, to be reported as a mismatch.
    private static func value(_ json: JSON, as validator: Validator?, rules: RuleSet) -> Value? {
        switch json {
        case .null:
            return nil
        case .array:
            return .string("[…]")
        case .object(let fields):
            var types: [String: String] = [:]
            if case .model(let model)? = validator {
                for field in model.rule.fields { types[field.name] = field.typeName }
            }
            var record: [String: Value] = [:]
            for (key, field) in fields {
                record[key] = value(field, as: types[key].flatMap(rules.validator(named:)), rules: rules)
            }
            return .record(record)
        case .string(let text), .scalar(let text):
            guard case .type(let type)? = validator else { return .string(text) }
            return ValueFormat.parse(text[...], as: type.rule.valueType) ?? .string(text)
        }
    }

    private static func json(_ value: Value) -> Any {
        switch value {
        case .record(let fields): fields.mapValues(json)
        case .integer(let number): number
        case .boolean(let flag): flag
        default: value.description
        }
    }

    private static func json(_ input: Input) -> Any {
        switch input {
        case .absent: NSNull()
        case .text(let text), .string(let text): text
        case .number(let number): number.description
        case .boolean(let flag): flag
        case .list(let items): items.map(json)
        case .record(let fields): fields.mapValues(json)
        }
    }

    private static func encode(_ object: Any) -> String {
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

/// A parsed JSON line: numbers and booleans keep their text, since every value here is read as text.
///
/// NB: read with `JSONDecoder`, because `JSONSerialization` on Linux drops a U+FEFF that starts a string.
private enum JSON: Decodable {
    case null
    case string(String)
    /// A number or a boolean, as its text: `1990`, `1.5`, `true`.
    case scalar(String)
    case array([JSON])
    case object([String: JSON])

    init?(_ line: String) {
        guard let json = try? JSONDecoder().decode(JSON.self, from: Data(line.utf8)) else { return nil }
        self = json
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .scalar(flag ? "true" : "false")
        } else if let integer = try? container.decode(Int.self) {
            self = .scalar(String(integer))
        } else if let number = try? container.decode(Double.self) {
            self = .scalar(number.description)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([JSON].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }
}

/// Why a line is not a conformance response, as the end of "the implementation's answer …".
public struct JSONLinesError: Error, Sendable {
    /// Lower-case, no final period.
    public var message: String

    init(_ message: String) { self.message = message }
}
