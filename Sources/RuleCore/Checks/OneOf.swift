/// `oneOf`: the value is one of a list; strings compare exactly after normalization, integers
/// by value (`007` is `7`).
public struct OneOf: Hashable, Sendable {
    /// The allowed values as written.
    public var values: [String]

    /// Creates the check from the allowed values as written.
    public init(_ values: [String]) {
        self.values = values
    }

    /// The default code.
    public static let code = "notAllowed"
    static let messages = ["en": "'{value}' is not one of the allowed values.", "ja": "「{value}」は選択できません。"]
}
