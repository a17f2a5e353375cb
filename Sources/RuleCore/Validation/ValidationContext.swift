public import Foundation

/// What validation needs from the world: today's date for `notBefore: today` and `notAfter: today`.
///
/// Inject a fixed day or clock in tests and specs so that date checks are deterministic.
public struct ValidationContext: Sendable {
    private enum Today: Sendable {
        case system
        case fixed(LocalDate)
        case clock(@Sendable () -> Date, TimeZone)
    }

    private let source: Today

    /// Today in the process's time zone, read only when a date check needs it.
    public init() {
        source = .system
    }

    /// A fixed today, as a spec file's `today:` sets it.
    public init(today: LocalDate) {
        source = .fixed(today)
    }

    /// Today as `clock` says it is in `timeZone`, read only when a date check needs it.
    public init(clock: @escaping @Sendable () -> Date, timeZone: TimeZone) {
        source = .clock(clock, timeZone)
    }

    /// Today's date.
    public func today() -> LocalDate {
        switch source {
        case .system: LocalDate(Date(), in: .current)
        case .fixed(let date): date
        case .clock(let clock, let timeZone): LocalDate(clock(), in: timeZone)
        }
    }
}

extension CodingUserInfoKey {
    /// The ``ValidationContext`` that generated value objects validate with while they are decoded.
    ///
    /// ```swift
    /// let decoder = JSONDecoder()
    /// decoder.userInfo[.validationContext] = ValidationContext(today: LocalDate(year: 2026, month: 11, day: 22)!)
    /// ```
    public static let validationContext = CodingUserInfoKey(rawValue: "RuleCore.ValidationContext")!
}
