/// `endsWith`: the value ends with `suffix`, scalar for scalar (``TextMatchCheck``).
public struct EndsWithCheck: TextMatchCheck, ValueCheck {
    public static let name = "endsWith"
    public static let parameters = [ParameterSpec("suffix", .text, required: true)]
    public static let codes = [
        CheckCode.text(
            "missingSuffix", "suffix", summary: "not ending with",
            en: "End with {suffix}.", ja: "{suffix}で終わる値を入力してください。")
    ]

    /// The text the value must end with.
    public var suffix: String

    /// Creates the check.
    public init(suffix: String) {
        self.suffix = suffix
    }

    public init(text: String) { self.init(suffix: text) }
    public var text: String { suffix }

    public static func passes(_ value: Substring, _ text: String) -> Bool {
        value.utf8.reversed().starts(with: text.utf8.reversed())
    }
}
