/// The bound of `notBefore` or `notAfter`: the validation context's today, or a fixed date.
public enum DateBound: Hashable, Sendable, CustomStringConvertible {
    /// The validation context's today, in its time zone.
    case today
    /// A fixed date.
    case date(LocalDate)

    /// Reads `today` or `YYYY-MM-DD`; anything else is `nil`.
    public init?(_ text: String) {
        if text == "today" {
            self = .today
        } else if let date = LocalDate(text) {
            self = .date(date)
        } else {
            return nil
        }
    }

    /// What a rule file may write, for a diagnostic: "'today' or a date as YYYY-MM-DD".
    public static let expected = "'today' or a date as YYYY-MM-DD"

    /// The bound's date under `context`.
    public func resolve(in context: ValidationContext) -> LocalDate {
        switch self {
        case .today: context.today()
        case .date(let date): date
        }
    }

    /// `today` or `YYYY-MM-DD`, as written in YAML.
    public var description: String {
        switch self {
        case .today: "today"
        case .date(let date): date.description
        }
    }
}
