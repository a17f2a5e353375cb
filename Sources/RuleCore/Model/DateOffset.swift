/// A number of days, weeks, months or years before or after a date: the `- 13 years` of
/// `notAfter: today - 13 years`.
///
/// Days and weeks count calendar days. Months and years are calendar arithmetic on the date's
/// year and month, the day clamped to the last of the month reached: 2024-02-29 − 1 year is
/// 2023-02-28, 2026-01-31 + 1 month is 2026-02-28. A date beyond 0001-01-01…9999-12-31 is clamped
/// to that range.
public struct DateOffset: Hashable, Sendable, CustomStringConvertible {
    /// What an offset counts.
    public enum Unit: String, Hashable, Sendable, CaseIterable {
        case day, week, month, year
    }

    /// How many units, negative for an offset into the past.
    public let amount: Int
    /// What ``amount`` counts.
    public let unit: Unit

    /// The most units an offset may count, in either direction: 9999 years spans every date.
    public static let maximumAmount = 9999

    /// An offset of `amount` units, such as `DateOffset(-13, .year)`.
    public init(_ amount: Int, _ unit: Unit) {
        self.amount = amount
        self.unit = unit
    }

    /// `+ 1 day`, `- 13 years`: as a rule file writes it after `today`.
    public var description: String {
        let count = amount.magnitude
        return (amount < 0 ? "- " : "+ ") + "\(count) \(unit.rawValue)" + (count == 1 ? "" : "s")
    }

    /// `date` moved by this offset.
    public func applied(to date: LocalDate) -> LocalDate {
        switch unit {
        case .day, .week:
            let days = date.dayNumber + amount * (unit == .week ? 7 : 1)
            return LocalDate(dayNumber: min(max(days, LocalDate.earliest.dayNumber), LocalDate.latest.dayNumber))
        case .month, .year:
            let months = date.year * 12 + (date.month - 1) + amount * (unit == .year ? 12 : 1)
            let (year, month) = (months.floorDivided(by: 12), months - months.floorDivided(by: 12) * 12 + 1)
            guard year >= LocalDate.earliest.year else { return .earliest }
            guard year <= LocalDate.latest.year else { return .latest }
            return LocalDate(year: year, month: month, day: min(date.day, LocalDate.daysIn(month: month, year: year)))!
        }
    }
}

extension Int {
    /// The quotient rounded toward negative infinity, so that month -1 is December of the year before.
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }
}

extension LocalDate {
    /// 0001-01-01, the earliest date.
    public static let earliest = LocalDate(year: 1, month: 1, day: 1)!
    /// 9999-12-31, the latest date.
    public static let latest = LocalDate(year: 9999, month: 12, day: 31)!

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (negative before it).
    ///
    /// NB: Howard Hinnant's `days_from_civil`, in eras of 400 years that start on March 1st, so
    /// that the leap day is the last of its year.
    var dayNumber: Int {
        let year = month <= 2 ? self.year - 1 : self.year
        let era = year.floorDivided(by: 400)
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `dayNumber` days after 1970-01-01; within ``earliest``…``latest``.
    init(dayNumber: Int) {
        let shifted = dayNumber + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(year: year, month: month, day: day)!
    }
}
