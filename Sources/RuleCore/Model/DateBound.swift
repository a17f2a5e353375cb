/// The bound of `notBefore` or `notAfter`: the validation context's today, a date relative to
/// it, or a fixed date.
public enum DateBound: Hashable, Sendable, CustomStringConvertible {
    /// The validation context's today, in its time zone.
    case today
    /// A fixed date.
    case date(LocalDate)
    /// The validation context's today moved by an offset: `today - 13 years`.
    case fromToday(DateOffset)

    /// Reads `today`, `today ± N days/weeks/months/years` or `YYYY-MM-DD`; anything else is `nil`.
    public init?(_ text: String) {
        guard case .success(let bound) = Self.parse(text) else { return nil }
        self = bound
    }

    /// What a rule file may write, for a diagnostic.
    public static let expected = "'today', 'today ± N days/weeks/months/years' or a date as YYYY-MM-DD"

    /// The bound's date under `context`.
    public func resolve(in context: ValidationContext) -> LocalDate {
        switch self {
        case .today: context.today()
        case .date(let date): date
        case .fromToday(let offset): offset.applied(to: context.today())
        }
    }

    /// `today`, `today - 13 years` or `YYYY-MM-DD`, as written in YAML.
    public var description: String {
        switch self {
        case .today: "today"
        case .date(let date): date.description
        case .fromToday(let offset): "today \(offset)"
        }
    }

    /// Whether the bound depends on the day of validation.
    public var isRelative: Bool {
        if case .date = self { false } else { true }
    }

    /// What a bound check reports, for generated documentation: "before `min`, today".
    func summary(of code: CheckCode) -> String { code.summary + (isRelative ? ", \(self)" : "") }

    /// `notBefore` or `notAfter` compiled: a date on the wrong side of the bound, resolved when checked.
    final class Compiled: CompiledValueCheck, @unchecked Sendable {
        let limit: Limit

        init(bound: DateBound, isUpper: Bool, outcome: Outcome) {
            limit = Limit(bound: bound, isUpper: isUpper, outcome: outcome.index)
        }

        override var readsText: Bool { false }

        override func evaluate(_ text: Substring, _ value: ValidatedValue, context: ValidationContext) -> Miss? {
            guard case .date(let date) = value else { return nil }
            return limit.evaluate(date, context: context)
        }
    }

    /// A bound as a date type's steps hold it to a date, with no reference to retain on each check.
    struct Limit {
        let bound: DateBound
        /// Whether the bound is the latest date allowed (`notAfter`) rather than the earliest.
        let isUpper: Bool
        /// The ``Outcome/index`` of the outcome it reports.
        let outcome: Int

        /// What `date` misses, if it crosses the bound.
        @inline(__always)
        func evaluate(_ date: LocalDate, context: ValidationContext) -> Miss? {
            let limit = bound.resolve(in: context)
            let crossed = isUpper ? limit < date : date < limit
            return crossed ? Miss(outcome: outcome, bound: .date(limit)) : nil
        }
    }
}
