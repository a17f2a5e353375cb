/// `notBefore`: a date is on or after a bound, `today` or a fixed date.
public struct NotBeforeCheck: DateBoundCheck, ValueCheck {
    public static let name = "notBefore"
    public static let isUpper = false
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
}
