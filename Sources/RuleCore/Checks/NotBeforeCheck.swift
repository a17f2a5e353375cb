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

    public func summary(of code: CheckCode) -> String { code.summary + (date == .today ? ", today" : "") }

    func compile(for valueType: ValueType, outcomes: [Outcome]) -> any CompiledValueCheck {
        Compiled(bound: date, outcome: outcomes[0])
    }

    private struct Compiled: CompiledValueCheck {
        let bound: DateBound
        let outcome: Outcome

        func evaluate(_ value: CheckedValue, context: ValidationContext, into violations: inout Violations) {
            guard case .date(let date) = value.value else { return }
            let limit = bound.resolve(in: context)
            if date < limit { violations.append(Violation(outcome, bound: .date(limit), value: value.text)) }
        }
    }
}
