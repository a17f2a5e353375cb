/// `startsWith`: the value begins with `prefix`, scalar for scalar (``TextMatchCheck``).
public struct StartsWithCheck: TextMatchCheck, ValueCheck {
    public static let name = "startsWith"
    public static let parameters = [ParameterSpec("prefix", .text, required: true)]
    public static let codes = [
        CheckCode.text(
            "missingPrefix", "prefix", summary: "not starting with",
            en: "Start with {prefix}.", ja: "{prefix}で始まる値を入力してください。")
    ]

    /// The text the value must start with.
    public var prefix: String

    /// Creates the check.
    public init(prefix: String) {
        self.prefix = prefix
    }

    public init(text: String) { self.init(prefix: text) }
    public var text: String { prefix }

    public static func passes(_ value: Substring, _ text: String) -> Bool {
        // NB: the bytes compared in place; `starts(with:)` over two UTF-8 views indexed both, at
        // three times the cost (docs/performance.md).
        var value = value
        var text = text
        return value.withUTF8 { value in
            text.withUTF8 { prefix in
                guard prefix.count <= value.count else { return false }
                for offset in 0..<prefix.count where value[offset] != prefix[offset] { return false }
                return true
            }
        }
    }
}
