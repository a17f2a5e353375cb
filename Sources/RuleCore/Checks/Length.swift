/// `length`: the value's length, in `unit`, lies within `min...max`.
public struct Length: Hashable, Sendable {
    /// What a length counts.
    public enum Unit: String, Hashable, Sendable, CaseIterable {
        /// Extended grapheme clusters, as Swift's `String.count` (the default).
        case characters
        /// Unicode scalars (code points), as JSON Schema and Python's `len`.
        case scalars
        /// UTF-16 code units, as JavaScript's `.length`.
        case utf16
        /// UTF-8 bytes, as a database column's size.
        case bytes

        /// Every unit's YAML name, for "did you mean".
        public static var allNames: [String] { allCases.map(\.rawValue) }
    }

    /// The smallest length allowed, if any.
    public var min: Int?
    /// The largest length allowed, if any.
    public var max: Int?
    /// What the bounds count.
    public var unit: Unit

    /// Creates a length check; at least one bound should be given.
    public init(min: Int? = nil, max: Int? = nil, unit: Unit = .characters) {
        self.min = min
        self.max = max
        self.unit = unit
    }

    /// The length of `text` in `unit`.
    @inlinable
    public static func count(_ text: Substring, in unit: Unit) -> Int {
        switch unit {
        case .characters: text.count
        case .scalars: text.unicodeScalars.count
        case .utf16: text.utf16.count
        case .bytes: text.utf8.count
        }
    }

    /// The default code for a value below `min`.
    public static let tooShort = "tooShort"
    /// The default code for a value above `max`.
    public static let tooLong = "tooLong"
    static let tooShortMessages = ["en": "Too short: the minimum is {min}.", "ja": "{min}文字以上で入力してください。"]
    static let tooLongMessages = ["en": "Too long: the maximum is {max}.", "ja": "{max}文字以内で入力してください。"]
}
