import RuleCore

/// Reading and writing JSON-RPC messages with the project's one JSON reader (``JSONReader``) and
/// writer (``ValidationInput/jsonText``): a message is a ``ValidationInput`` record.
extension ValidationInput {
    /// The member `key` of a record, ``absent`` when there is none or this is no record.
    subscript(_ key: String) -> ValidationInput {
        if case .record(let fields) = self { fields[key] ?? .absent } else { .absent }
    }

    /// Whether this is a record with a member `key`, even `null`.
    func has(_ key: String) -> Bool {
        if case .record(let fields) = self { fields[key] != nil } else { false }
    }

    /// The text of a JSON string.
    var stringValue: String? {
        switch self {
        case .string(let text), .text(let text): text
        default: nil
        }
    }

    /// A JSON number that is a whole `Int`.
    var intValue: Int? {
        if case .number(let number) = self { Int(number.description) } else { nil }
    }

    /// The items of a JSON array.
    var listValue: [ValidationInput]? {
        if case .list(let items) = self { items } else { nil }
    }

    /// A JSON number from an `Int`.
    static func integer(_ value: Int) -> ValidationInput {
        .number(DecimalNumber(json: String(value))!)
    }

    /// A JSON object from members; `absent` members are written as `null`.
    static func object(_ members: [String: ValidationInput]) -> ValidationInput {
        .record(members)
    }
}
