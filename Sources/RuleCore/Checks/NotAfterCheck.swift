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
            if limit < date { violations.append(Violation(outcome, bound: .date(limit), value: value.text)) }
        }
    }
}
