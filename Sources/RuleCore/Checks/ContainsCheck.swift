/// `contains`: the value holds `text` somewhere, scalar for scalar (``TextMatchCheck``).
public struct ContainsCheck: TextMatchCheck, ValueCheck {
    public static let name = "contains"
    public static let parameters = [ParameterSpec("text", .text, required: true)]
    public static let codes = [
        CheckCode.text(
            "missingText", "text", summary: "not containing",
            en: "Include {text}.", ja: "{text}を含めて入力してください。")
    ]

    /// The text the value must hold.
    public var text: String

    /// Creates the check.
    public init(text: String) {
        self.text = text
    }

    public static func passes(_ value: Substring, _ text: String) -> Bool {
        value.containsScalars(text)
    }
}
