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

    /// Every value type's YAML name, for "did you mean".
    public static var allNames: [String] { allCases.map(\.rawValue) }
}
