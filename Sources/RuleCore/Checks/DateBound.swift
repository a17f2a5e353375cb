/// `notBefore` / `notAfter`: a date is on or after (on or before) a bound.
public enum DateBound: Hashable, Sendable, CustomStringConvertible {
    /// The validation context's today, in its time zone.
    case today
    /// A fixed date.
    case date(LocalDate)

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

    /// The default code for a date before a `notBefore` bound.
    public static let tooEarly = "tooEarly"
    /// The default code for a date after a `notAfter` bound.
    public static let tooLate = "tooLate"
    static let tooEarlyMessages = ["en": "Must be {min} or later.", "ja": "{min}以降の日付を入力してください。"]
    static let tooLateMessages = ["en": "Must be {max} or earlier.", "ja": "{max}以前の日付を入力してください。"]
}
