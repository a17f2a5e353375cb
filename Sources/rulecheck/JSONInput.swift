import Foundation
import RuleCore

/// JSON lines for `rulecheck check`: a line in is an ``Input``, a line out a result.
enum JSONInput {
    /// A JSON string, null or object as an ``Input``; numbers and booleans count as their text.
    static func parse(_ line: String) -> Input? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed]) else {
            return nil
        }
        return input(object)
    }

    private static func input(_ object: Any) -> Input? {
        switch object {
        case is NSNull: return .absent
        case let text as String: return .text(text)
        case let number as NSNumber:
            // NB: a JSON boolean arrives as an NSNumber whose type encoding is "c" (char).
            return .text(String(cString: number.objCType) == "c" ? (number.boolValue ? "true" : "false") : number.stringValue)
        case let fields as [String: Any]:
            var record: [String: Input] = [:]
            for (key, value) in fields {
                guard let field = input(value) else { return nil }
                record[key] = field
            }
            return .record(record)
        default: return nil
        }
    }

    /// `{"valid":true,"value":"Buy milk"}` or `{"valid":false,"violations":[{"code":…,"path":[…],"message":…}]}`.
    static func encode(_ result: ValidationResult, language: String) -> String {
        let object: [String: Any]
        switch result {
        case .valid(let value):
            object = ["valid": true, "value": value.map(json) ?? NSNull()]
        case .invalid(let violations):
            object = [
                "valid": false,
                "violations": violations.map { ["code": $0.code, "path": $0.path, "message": $0.message(language: language)] },
            ]
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private static func json(_ value: Value) -> Any {
        switch value {
        case .record(let fields): fields.mapValues(json)
        case .integer(let number): number
        case .boolean(let flag): flag
        default: value.description
        }
    }
}
