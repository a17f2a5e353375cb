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

    /// The HTTP header in which a client names its time zone, as an IANA identifier
    /// (`Time-Zone: Asia/Tokyo`), so that `today` is the client's day: see
    /// ``init(timeZoneIdentifier:clock:)``.
    public static let timeZoneHeader = "Time-Zone"

    /// The HTTP header in which a drift check (`rulecheck specs/ --endpoint …`) sends a spec
    /// file's `today:` (`Rulecheck-Today: 2026-11-22`), beside ``timeZoneHeader``. A server
    /// honours it only in a test mode the application enables (RuleHummingbird's
    /// `validationContext(…, honoringTestToday: true)`): in production it would let any client
    /// choose the day date checks use.
    public static let testTodayHeader = "Rulecheck-Today"

    /// Today as `clock` says it is in the zone of the IANA time zone database named `identifier`
    /// (`Asia/Tokyo`, `UTC`, `Etc/GMT+9`); `nil` for any other text, which Foundation's
    /// `TimeZone(identifier:)` might still read: an abbreviation (`JST`), an offset (`GMT+09:00`),
    /// another case (`asia/tokyo`), `localtime`, a path. The names are those of the machine's
    /// database, by the rule the Python package follows (``isTimeZoneName(_:)``).
    ///
    /// A server makes one per request from ``timeZoneHeader``, so that a task due "today" is due on
    /// the client's day, not the server's.
    public init?(timeZoneIdentifier identifier: String, clock: @escaping @Sendable () -> Date = { Date() }) {
        guard Self.isTimeZoneName(identifier), let timeZone = TimeZone(identifier: identifier) else { return nil }
        self.init(clock: clock, timeZone: timeZone)
    }

    /// Whether `name` names a zone of the IANA time zone database as the database spells it: a
    /// file of the machine's database (`/usr/share/zoneinfo`), outside `right/` and `posix/`, but
    /// not `localtime` or `posixrules`; the rule of Python's `zoneinfo.available_timezones()`,
    /// which the Python package's `is_iana_time_zone` reads, so that both runtimes accept the same
    /// `Time-Zone` headers.
    public static func isTimeZoneName(_ name: String) -> Bool {
        IANATimeZones.contains(name)
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
