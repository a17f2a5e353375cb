/// `notBefore`: a date is on or after a bound, `today` or a fixed date.
public struct NotBeforeCheck: CheckDescriptor, ValueCheck {
    public static let name = "notBefore"
    public static let shorthand: String? = "date"
    public static let parameters = [ParameterSpec("date", .date, required: true)]
    public static let appliesTo = CheckScope.values([.date])
    public static let codes = [
        CheckCode.min(
            "tooEarly", .date, summary: "before `min`",
            en: "Must be {min} or later.", ja: "{min}以降の日付を入力してください。")
    ]

    /// The earliest date allowed.
    public var date: DateBound

    /// Creates the check.
    public init(date: DateBound) {
        self.date = date
    }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {
        guard let date = parameters.date("date") else { return nil }
        self.init(date: date)
    }

    public var arguments: [(name: String, value: ParameterValue)] { [("date", .date(date))] }

    public func summary(of code: CheckCode) -> String { date.summary(of: code) }

    func compile(for valueType: ValueType, outcomes: [Outcome]) -> any CompiledValueCheck {
        DateBound.Compiled(bound: date, isUpper: false, outcome: outcomes[0])
    }
}
