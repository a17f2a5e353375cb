import Foundation

extension Violation: Codable {
    private enum CodingKeys: String, CodingKey {
        case code, builtinCode, path, pointer, min, max, greaterThan, lessThan, prefix, suffix, text, boundKind, value
        case message

        /// The keys a bound is written under: every placeholder a built-in code's bound fills.
        static let bounds: [CodingKeys] = [.min, .max, .greaterThan, .lessThan, .prefix, .suffix, .text]
    }

    /// The place of the violation as an RFC 6901 JSON Pointer into the body it was found in:
    /// `/tags/1`, `/a~1b` for the field `a/b`, `""` for the body itself.
    public var pointer: String {
        var text = ""
        for component in path {
            text += "/"
            text += Self.pointerToken(component)
        }
        return text
    }

    /// `component` as a token of a JSON Pointer: `~` as `~0`, `/` as `~1`.
    static func pointerToken(_ component: String) -> String {
        let plain = component.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }
        }
        if plain == true { return component }
        var token = ""
        for scalar in component.unicodeScalars {
            switch scalar {
            case "~": token += "~0"
            case "/": token += "~1"
            default: token.unicodeScalars.append(scalar)
            }
        }
        return token
    }

    /// The path that an RFC 6901 JSON Pointer names, as ``pointer`` writes it: `/tags/1` is
    /// `["tags", "1"]`, `/a~1b` is `["a/b"]`, `""` is `[]`; `nil` for text that is no pointer (no
    /// leading `/`, or a `~` followed by neither `0` nor `1`).
    public static func path(ofPointer pointer: String) -> [String]? {
        guard !pointer.isEmpty else { return [] }
        guard pointer.hasScalarPrefix("/") else { return nil }
        var path: [String] = []
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var component = ""
            var scalars = token.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                guard scalar == "~" else {
                    component.unicodeScalars.append(scalar)
                    continue
                }
                switch scalars.next() {
                case "0"?: component += "~"
                case "1"?: component += "/"
                default: return nil
                }
            }
            path.append(component)
        }
        return path
    }

    /// The violation as a problem details entry has it: `code`, `builtinCode`, `path`, `pointer`,
    /// the bound under its placeholder (`min`, `max`, `prefix`, `suffix` or `text`) with `boundKind`
    /// (`count`, `number`, `date` or `text`), `value` (cut, and left out when sensitive) and `message`, in the language of the
    /// encoder's `userInfo[.messageLanguage]` (`en` when it has none).
    ///
    /// NB: a number bound goes through Foundation's `Decimal`, exact to 38 digits; ``ProblemDetails``
    /// writes its JSON itself, with every digit.
    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, language: encoder.userInfo[.messageLanguage] as? String ?? "en")
    }

    /// Encodes the violation with its message in `language`.
    func encode(to encoder: any Encoder, language: String) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(builtinCode, forKey: .builtinCode)
        try container.encode(path, forKey: .path)
        try container.encode(pointer, forKey: .pointer)
        if let bound {
            let key = outcome.builtin.placeholder.flatMap(CodingKeys.init(stringValue:)) ?? .max
            switch bound {
            case .count(let count): try container.encode(count, forKey: key)
            case .number(let number): try container.encode(Decimal(string: number.description), forKey: key)
            case .date(let date): try container.encode(date.description, forKey: key)
            case .text(let text): try container.encode(text, forKey: key)
            }
            try container.encode(bound.kind, forKey: .boundKind)
        }
        try container.encodeIfPresent(value, forKey: .value)
        try container.encode(message(language: language), forKey: .message)
    }

    /// Reads a violation as ``encode(to:)`` writes it, as another implementation or a client has
    /// it: its ``message(language:)`` is the message read, in every language; without `path`, the
    /// path is the one `pointer` names.
    ///
    /// - Throws: `DecodingError` when a key is missing or of the wrong kind.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let code = try container.decode(String.self, forKey: .code)
        let builtinCode = try container.decodeIfPresent(String.self, forKey: .builtinCode) ?? code
        var path = try container.decodeIfPresent([String].self, forKey: .path) ?? []
        if !container.contains(.path), let pointer = try container.decodeIfPresent(String.self, forKey: .pointer) {
            guard let named = Self.path(ofPointer: pointer) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .pointer, in: container, debugDescription: "'\(pointer)' is not a JSON Pointer")
            }
            path = named
        }
        let boundKey = CodingKeys.bounds.first(where: container.contains)
        let placeholder = boundKey?.stringValue
        var bound: Bound?
        if let key = boundKey {
            let kind = try container.decodeIfPresent(String.self, forKey: .boundKind) ?? "number"
            switch kind {
            case "count": bound = .count(try container.decode(Int.self, forKey: key))
            case "text": bound = .text(try container.decode(String.self, forKey: key))
            case "date":
                let text = try container.decode(String.self, forKey: key)
                guard let date = LocalDate(text) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: container, debugDescription: "'\(text)' is not a date YYYY-MM-DD")
                }
                bound = .date(date)
            default:
                let decimal = try container.decode(Decimal.self, forKey: key)
                guard let number = DecimalNumber(decimal) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: container, debugDescription: "the bound is not a number")
                }
                bound = .number(number)
            }
        }
        let message = try container.decodeIfPresent(String.self, forKey: .message)
        let builtin = CheckCode(builtinCode, placeholder: placeholder, boundKind: nil, summary: "", messages: [:])
        let outcome = Outcome(
            code: code, builtin: builtin, templates: MessageTemplates(message.map { ["en": $0] } ?? [:]),
            check: nil, index: -1)
        let value = try container.decodeIfPresent(String.self, forKey: .value)
        self.init(outcome, path: path, bound: bound, value: value.map { Substring($0) })
    }
}

extension Bound {
    /// `count`, `number`, `date` or `text`: how ``Violation``'s coding spells the kind.
    public var kind: String {
        switch self {
        case .count: "count"
        case .number: "number"
        case .date: "date"
        case .text: "text"
        }
    }
}

extension ValidatedValue: Codable {
    /// Encodes the value as the JSON channel reads it back: a string, an integer or decimal as a
    /// number (a decimal through `Decimal`, exact to 38 digits), a date as `YYYY-MM-DD`, a boolean,
    /// a record as an object and a list as an array.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .integer(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .decimal(let number):
            var container = encoder.singleValueContainer()
            try container.encode(Decimal(string: number.description))
        case .date(let date):
            var container = encoder.singleValueContainer()
            try container.encode(date.description)
        case .boolean(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .record(let fields):
            try fields.encode(to: encoder)
        case .list(let items):
            try items.encode(to: encoder)
        }
    }

    /// Reads a value as ``encode(to:)`` writes it. Without its rule the kinds are JSON's: a whole
    /// number within `Int` is an integer and any other number a decimal, and a date reads back
    /// as a string; validate with the rule to get its type's value.
    ///
    /// - Throws: `DecodingError` for `null`, which is no value.
    public init(from decoder: any Decoder) throws {
        switch try ValidationInput(from: decoder) {
        case .absent:
            throw DecodingError.valueNotFound(
                ValidatedValue.self,
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "null is no value"))
        case .text(let text), .string(let text): self = .string(text)
        case .number(let number): self = number.exactInteger.map(ValidatedValue.integer) ?? .decimal(number)
        case .boolean(let flag): self = .boolean(flag)
        case .list: self = .list(try [ValidatedValue](from: decoder))
        case .record: self = .record(try [String: ValidatedValue](from: decoder))
        }
    }
}

extension CodingUserInfoKey {
    /// The language, such as `ja`, in which an encoded ``Violation`` writes its `message`.
    public static let messageLanguage = CodingUserInfoKey(rawValue: "RuleCore.messageLanguage")!
}
