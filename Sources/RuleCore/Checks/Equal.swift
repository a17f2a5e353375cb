/// `equal` (on a model): the named fields hold equal values; the violation is reported on the
/// last field named, as a "confirm password" field shows it.
public struct Equal: Hashable, Sendable {
    /// The fields compared, two or more.
    public var fields: [String]

    /// Creates the check over `fields`.
    public init(fields: [String]) {
        self.fields = fields
    }

    /// The default code.
    public static let code = "mismatch"
    static let messages = ["en": "The values do not match.", "ja": "入力内容が一致しません。"]
}
