/// A value to validate, as it arrives: text a person typed, a JSON value a server received, or
/// nothing.
///
/// Two channels reach the same validators (docs/format.md, "Types"): ``text(_:)`` is read by
/// the type (`"42"` is an integer for an integer type), while the JSON kinds must fit the type (a
/// JSON string is no integer, a JSON number no string), so that the exported JSON Schema and the
/// engine agree. ``JSONReader`` reads JSON text into the JSON kinds, and `ValidationInput(from:)` a decoder's value.
public enum ValidationInput: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByNilLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral
{
    /// No value: a missing field, or null.
    case absent
    /// Text from a form, a command line or a spec file, parsed into the type's value after normalization.
    case text(String)
    /// A JSON string: text for string and date types, the wrong kind for any other.
    case string(String)
    /// A JSON number, exactly as written: a value for integer and decimal types only.
    case number(DecimalNumber)
    /// A JSON `true` or `false`: a value for boolean types only.
    case boolean(Bool)
    /// A list of items.
    case list([ValidationInput])
    /// A model's fields by name.
    case record([String: ValidationInput])

    public init(stringLiteral text: String) { self = .text(text) }
    public init(nilLiteral: ()) { self = .absent }
    public init(dictionaryLiteral fields: (String, ValidationInput)...) {
        self = .record(Dictionary(fields, uniquingKeysWith: { _, last in last }))
    }
    public init(arrayLiteral items: ValidationInput...) { self = .list(items) }

    /// What kind of value this is, for diagnostics: `text`, `a JSON number`, `a record`…
    public var kindDescription: String {
        switch self {
        case .absent: "nothing"
        case .text: "text"
        case .string: "a JSON string"
        case .number: "a JSON number"
        case .boolean: "a JSON boolean"
        case .list: "a list"
        case .record: "a record"
        }
    }

    /// The input as a message's `{value}` shows it: text as it is, a number or boolean as JSON
    /// writes it, `[…]` for a list and `{…}` for a record, `""` for nothing.
    var shown: Substring {
        switch self {
        case .absent: ""
        case .text(let text), .string(let text): text[...]
        case .number(let number): number.description[...]
        case .boolean(let flag): flag ? "true" : "false"
        case .list: "[…]"
        case .record: "{…}"
        }
    }
}
