/// The kind of value a type holds; text is parsed into it after normalization.
public enum ValueType: String, Hashable, Sendable, CaseIterable {
    /// Text, as normalized.
    case string
    /// A whole number written `[+-]?[0-9]+` (ASCII digits), within 64 bits.
    case integer
    /// An exact decimal number written `[+-]?[0-9]+(\.[0-9]+)?`, never rounded.
    case decimal
    /// A calendar date written `YYYY-MM-DD` (proleptic Gregorian).
    case date
    /// `true` or `false`, as YAML 1.2 and JSON spell them.
    case boolean

    /// Whether JSON carries the value as a string (text and dates), so that a string is read as text
    /// and `""` is an empty value; a string for a number or a boolean is `invalidFormat`, `""` too.
    public var isStringInJSON: Bool { self == .string || self == .date }

    /// Every value type's YAML name, for "did you mean".
    public static var allNames: [String] { allCases.map(\.rawValue) }
}
