/// `notAfter`: a date is on or before a bound, `today` or a fixed date.
public struct NotAfterCheck: CheckDescriptor, ValueCheck {
    public static let name = "notAfter"
    public static let shorthand: String? = "date"
    public static let parameters = [ParameterSpec("date", .date, required: true)]
    public static let appliesTo = CheckScope.values([.date])
    public static let codes = [
        CheckCode.max(
            "tooLate", .date, summary: "after `max`",
            en: "Must be {max} or earlier.", ja: "{max}以前の日付を入力してください。")
    ]

    /// The latest date allowed.
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
        DateBound.Compiled(bound: date, isUpper: true, outcome: outcomes[0])
    }
}
