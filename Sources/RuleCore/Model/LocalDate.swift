public import Foundation

/// A calendar date with no time and no time zone, as `dueDate: 2026-11-22` means it.
public struct LocalDate: Hashable, Sendable, Comparable, LosslessStringConvertible {
    /// The year, 1 to 9999.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to the month's length.
    public let day: Int

    /// The date, or `nil` when no such day exists (February 30th, month 13).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date in one `Int` (year, month and day in bits from the 16th, 8th and 0th), as
    /// ``init(packed:)`` reads it back.
    var packed: Int { year << 16 | month << 8 | day }

    /// The date of ``packed``.
    init(packed: Int) {
        (year, month, day) = (packed >> 16, packed >> 8 & 0xFF, packed & 0xFF)
    }

    /// The date in 23 bits (the year in 14 from the 9th, the month in 4 from the 5th, the day in
    /// 5), as ``init(packedSmall:)`` reads it back: two fit in a ``Violations``' bound bits.
    var packedSmall: Int { year << 9 | month << 5 | day }

    /// The bits ``packedSmall`` uses.
    static let packedSmallMask = 1 << 23 - 1

    /// The date of ``packedSmall``.
    init(packedSmall: Int) {
        (year, month, day) = (packedSmall >> 9, packedSmall >> 5 & 0xF, packedSmall & 0x1F)
    }

    /// Parses exactly `YYYY-MM-DD` with ASCII digits; anything else is `nil`.
    public init?(_ text: some StringProtocol) {
        self.init(Substring(text))
    }

    /// Parses exactly `YYYY-MM-DD` with ASCII digits; anything else is `nil`.
    public init?(_ text: Substring) {
        // NB: reads the UTF-8 bytes in place; a date is parsed on every keystroke, so no copy.
        var text = text
        guard let (year, month, day) = text.withUTF8(Self.parse) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD` with ASCII digits; anything else is `nil`.
    public init?(_ text: String) {
        var text = text
        self.init(reading: &text)
    }

    /// ``init(_:)-(String)`` of text its caller owns, read without a copy of it.
    init?(reading text: inout String) {
        // NB: a native string's bytes are read in place, with no slice made of it; the calendar
        // is checked here, not in a call (a date is read on every keystroke).
        guard let (year, month, day) = text.withUTF8(Self.parse), year >= 1, (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The year, month and day of `YYYY-MM-DD`, unchecked against the calendar.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int)? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for offset in range {
                let digit = bytes[offset] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int(digit)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return (year, month, day)
    }

    /// The date that `instant` falls on in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        self.year = parts.year!
        self.month = parts.month!
        self.day = parts.day!
    }

    /// The first instant of this date in `timeZone`: its midnight, or, where a change to daylight
    /// saving time skips midnight, the first time the day has. `LocalDate(date.start(in: zone), in: zone)`
    /// is `date` again.
    ///
    /// ```swift
    /// LocalDate("2026-03-29")!.start(in: TimeZone(identifier: "Europe/Berlin")!)   // 2026-03-28 23:00 UTC
    /// ```
    public func start(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: day)
        // NB: a skipped midnight gives the next instant that exists, still on this date.
        return calendar.startOfDay(for: calendar.date(from: components)!)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        // NB: written digit by digit into a 10-byte small string: no allocation, as a violation's `{min}` needs.
        String(unsafeUninitializedCapacity: 10) { buffer in
            func write(_ value: Int, endingAt end: Int, width: Int) {
                var rest = value
                for position in stride(from: end - 1, through: end - width, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            write(year, endingAt: 4, width: 4)
            buffer[4] = UInt8(ascii: "-")
            write(month, endingAt: 7, width: 2)
            buffer[7] = UInt8(ascii: "-")
            write(day, endingAt: 10, width: 2)
            return 10
        }
    }

    public static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
