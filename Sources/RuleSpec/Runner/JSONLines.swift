import Foundation
public import RuleCore

/// The JSON lines that `rulecheck check` reads and writes: an input is a string, null or an
/// object of fields; a result is `{"valid": true, "value": …}` or `{"valid": false, "violations": […]}`.
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

    private static func json(_ value: Value) -> Any {
        switch value {
        case .record(let fields): fields.mapValues(json)
        case .integer(let number): number
        case .boolean(let flag): flag
        default: value.description
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
