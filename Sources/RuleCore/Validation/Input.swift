/// A value to validate, as a form, a request or a spec case gives it: text, nothing, or a
/// record of fields for a model.
public enum Input: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByNilLiteral,
    ExpressibleByDictionaryLiteral
{
    /// No value: a missing field, or null.
    case absent
    /// Text, parsed into the type's value after normalization.
    case text(String)
    /// A model's fields by name.
    case record([String: Input])

    public init(stringLiteral text: String) { self = .text(text) }
    public init(nilLiteral: ()) { self = .absent }
    public init(dictionaryLiteral fields: (String, Input)...) {
        self = .record(Dictionary(fields, uniquingKeysWith: { _, last in last }))
    }
}
