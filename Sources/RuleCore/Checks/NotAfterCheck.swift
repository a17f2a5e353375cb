/// `notAfter`: a date is on or before a bound, `today` or a fixed date.
public struct NotAfterCheck: DateBoundCheck, ValueCheck {
    public static let name = "notAfter"
    public static let isUpper = true
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
}
