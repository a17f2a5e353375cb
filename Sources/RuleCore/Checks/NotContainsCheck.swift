/// `notContains`: the value nowhere holds `text`, scalar for scalar (``TextMatchCheck``).
public struct NotContainsCheck: TextMatchCheck, ValueCheck {
    public static let name = "notContains"
    public static let parameters = [ParameterSpec("text", .text, required: true)]
    public static let codes = [
        CheckCode.text(
            "forbiddenText", "text", summary: "containing",
            en: "Remove {text}.", ja: "{text}を含めないでください。")
    ]

    /// The text the value must not hold.
    public var text: String

    /// Creates the check.
    public init(text: String) {
        self.text = text
    }

    public static func passes(_ value: Substring, _ text: String) -> Bool {
        !value.containsScalars(text)
    }
}
