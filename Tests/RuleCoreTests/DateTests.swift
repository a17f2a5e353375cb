import Foundation
import Testing

@testable import RuleCore

@Suite struct DateTests {
    struct Parse: Sendable, CustomTestStringConvertible {
        var text: String
        var valid: Bool
        var testDescription: String { "'\(text)' \(valid ? "is" : "is not") a date" }
    }

    @Test(
        "dates are exactly YYYY-MM-DD on real calendar days",
        arguments: [
            Parse(text: "2026-11-22", valid: true), Parse(text: "2024-02-29", valid: true),
            Parse(text: "2000-02-29", valid: true), Parse(text: "1900-02-29", valid: false),
            Parse(text: "2026-02-29", valid: false), Parse(text: "2026-13-01", valid: false),
            Parse(text: "2026-04-31", valid: false), Parse(text: "2026-00-10", valid: false),
            Parse(text: "2026-1-01", valid: false), Parse(text: "2026/11/22", valid: false),
            Parse(text: "20261122", valid: false), Parse(text: "２０２６-１１-２２", valid: false),
            Parse(text: "2026-11-22T00:00", valid: false), Parse(text: "", valid: false),
        ])
    func parse(_ c: Parse) {
        #expect((LocalDate(c.text) != nil) == c.valid)
        if c.valid { #expect(LocalDate(c.text)?.description == c.text) }
    }

    /// `YYYY-MM-DD` read one byte at a time, as the format says: what the word-at-a-time reader must equal.
    static func plainRead(_ bytes: [UInt8]) -> LocalDate? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    @Test("every byte value at every position of a date reads as the plain reading does", arguments: 0..<10)
    func everyByteAt(_ position: Int) {
        for base in ["2026-11-22", "0999-09-09", "9999-12-31", "2024-02-29"] {
            for byte in UInt8.min...UInt8.max {
                var bytes = Array(base.utf8)
                bytes[position] = byte
                let text = String(decoding: bytes, as: UTF8.self)
                let expected = Self.plainRead(Array(text.utf8))
                #expect(LocalDate(text) == expected, "\(bytes)")
                #expect(LocalDate(text[...]) == expected, "\(bytes)")
            }
        }
    }

    @Test func everyDayOfEightYearsReadsAsThePlainReadingDoes() {
        var read = 0
        for year in [1, 1600, 1900, 2000, 2024, 2026, 2100, 9999] {
            for month in 0...13 {
                for day in 0...32 {
                    let text = String(format: "%04d-%02d-%02d", year, month, day)
                    #expect(LocalDate(text) == Self.plainRead(Array(text.utf8)), "\(text)")
                    read += LocalDate(text) == nil ? 0 : 1
                }
            }
        }
        #expect(read == 8 * 365 + 3)  // 1600, 2000 and 2024 are leap years
    }

    struct AroundToday: Sendable, CustomTestStringConvertible {
        var timeZone: String
        var due: String
        var expected: [String]
        var testDescription: String { "due \(due) in \(timeZone) → \(expected)" }
    }

    /// 2026-11-21T20:00Z is still the 21st in UTC but already the 22nd in Tokyo (UTC+9).
    static let instant = Date(timeIntervalSince1970: 1_795_291_200)

    @Test(
        "notBefore: today uses the injected clock in the injected time zone",
        arguments: [
            AroundToday(timeZone: "UTC", due: "2026-11-20", expected: ["tooEarly"]),
            AroundToday(timeZone: "UTC", due: "2026-11-21", expected: []),
            AroundToday(timeZone: "UTC", due: "2026-11-22", expected: []),
            AroundToday(timeZone: "Asia/Tokyo", due: "2026-11-21", expected: ["tooEarly"]),
            AroundToday(timeZone: "Asia/Tokyo", due: "2026-11-22", expected: []),
            AroundToday(timeZone: "Asia/Tokyo", due: "2026-11-23", expected: []),
        ])
    func aroundToday(_ c: AroundToday) throws {
        #expect(LocalDate(Self.instant, in: TimeZone(identifier: "UTC")!).description == "2026-11-21")
        let due = TypeRule(name: "Due", base: .valueType(.date), checks: [Check(NotBeforeCheck(date: .today))])
        let rules = try RuleSet.compile(types: [due], models: [])
        let context = ValidationContext(clock: { Self.instant }, timeZone: TimeZone(identifier: c.timeZone)!)
        let result = rules.validator(named: "Due")!.validate(.text(c.due), context: context)
        #expect(result.violations.map(\.code) == c.expected)
    }

    @Test func notAfterAFixedDateReportsTheBoundInTheMessage() throws {
        let bound = try #require(LocalDate("2026-12-31"))
        let type = TypeRule(name: "D", base: .valueType(.date), checks: [Check(NotAfterCheck(date: .date(bound)))])
        let rules = try RuleSet.compile(types: [type], models: [])
        let violation = try #require(rules.validator(named: "D")!.validate("2027-01-01").violations.first)
        #expect(violation.code == "tooLate")
        #expect(violation.message(language: "en") == "Must be 2026-12-31 or earlier.")
        #expect(violation.message(language: "ja") == "2026-12-31以前の日付を入力してください。")
    }

    /// A date type's miss keeps its bound and the date packed and rebuilds the text when read: it
    /// must read, compare and hash as the violation built from the text does.
    @Test(
        "a date's miss reads as the violation of its text, at the extremes of the calendar",
        arguments: [
            ("0001-01-01", "9999-12-31", false), ("9999-12-31", "0001-01-01", true), ("2026-02-28", "2026-02-27", true),
            ("2024-02-29", "2024-03-01", false),
        ])
    func aDateMissReadsAsItsText(date: String, bound: String, upper: Bool) throws {
        let limit = try #require(LocalDate(bound))
        let check = upper ? Check(NotAfterCheck(date: .date(limit))) : Check(NotBeforeCheck(date: .date(limit)))
        let plain = TypeRule(name: "D", base: .valueType(.date), checks: [check])
        let trimmed = TypeRule(name: "T", base: .valueType(.date), normalizers: [.trim], checks: [check])
        let sensitive = TypeRule(name: "S", base: .valueType(.date), checks: [check], sensitive: true)
        let rules = try RuleSet.compile(types: [plain, trimmed, sensitive], models: [])
        for (name, input, echoed) in [("D", date, date), ("T", " \(date) ", date), ("S", date, nil)]
            as [(String, String, String?)]
        {
            guard case .type(let validator)? = rules.validator(named: name) else {
                Issue.record("no type \(name)")
                continue
            }
            let result = validator.validate(input)
            // The text read in place (a `String`) and read as JSON text give the same violation.
            #expect(validator.validate(.text(input)) == result, "\(name)")
            let violation = try #require(result.violations.first)
            #expect(violation.code == (upper ? "tooLate" : "tooEarly"), "\(name)")
            #expect(violation.bound == .date(limit), "\(name)")
            #expect(violation.value == echoed, "\(name)")
            #expect(violation.message(language: "en").contains(bound), "\(name)")
            // The same violation held as an array compares and hashes alike.
            let built = ValidationResult.invalid(Violations([violation]))
            #expect(result == built, "\(name)")
            #expect(result.hashValue == built.hashValue, "\(name)")
        }
    }

    @Test func aDateMissingTwoBoundsReportsBothWithItsText() throws {
        let due = TypeRule(
            name: "Due", base: .valueType(.date),
            checks: [
                Check(NotBeforeCheck(date: .date(LocalDate("2026-01-01")!))),
                Check(NotBeforeCheck(date: .date(LocalDate("2026-06-01")!))),
            ])
        let rules = try RuleSet.compile(types: [due], models: [])
        let violations = rules.validator(named: "Due")!.validate("2025-12-31").violations
        #expect(violations.map(\.bound) == [.date(LocalDate("2026-01-01")!), .date(LocalDate("2026-06-01")!)])
        #expect(violations.map(\.value) == ["2025-12-31", "2025-12-31"])
    }
}

/// A `LocalDate` from and to Foundation's `Date` in a time zone, as a date picker gives and shows
/// it: the date an instant falls on there, and the first instant of a date there.
@Suite struct LocalDateInstantTests {
    struct Day: Sendable, CustomTestStringConvertible {
        var date: String
        var timeZone: String
        /// The first instant of `date` in `timeZone`, in UTC.
        var start: String
        var testDescription: String { "\(date) in \(timeZone)" }
    }

    static func instant(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    @Test(
        "a date starts at its midnight in the zone, or where DST skips midnight, at the first time it has",
        arguments: [
            Day(date: "2026-01-01", timeZone: "UTC", start: "2026-01-01T00:00:00Z"),
            Day(date: "2026-01-01", timeZone: "Asia/Tokyo", start: "2025-12-31T15:00:00Z"),
            Day(date: "2026-01-01", timeZone: "America/Los_Angeles", start: "2026-01-01T08:00:00Z"),
            Day(date: "2026-03-29", timeZone: "Europe/Berlin", start: "2026-03-28T23:00:00Z"),
            Day(date: "2026-03-30", timeZone: "Europe/Berlin", start: "2026-03-29T22:00:00Z"),
            Day(date: "2026-10-25", timeZone: "Europe/Berlin", start: "2026-10-24T22:00:00Z"),
            Day(date: "2026-10-26", timeZone: "Europe/Berlin", start: "2026-10-25T23:00:00Z"),
            // Brazil moved its clocks from midnight to 01:00 on 2018-11-04: the day starts at 01:00.
            Day(date: "2018-11-04", timeZone: "America/Sao_Paulo", start: "2018-11-04T03:00:00Z"),
        ])
    func aDateStartsInItsZone(_ day: Day) throws {
        let zone = try #require(TimeZone(identifier: day.timeZone))
        let date = try #require(LocalDate(day.date))
        #expect(date.start(in: zone) == Self.instant(day.start))
        #expect(LocalDate(date.start(in: zone), in: zone) == date)
    }

    struct Moment: Sendable, CustomTestStringConvertible {
        var instant: String
        var timeZone: String
        var date: String
        var testDescription: String { "\(instant) in \(timeZone)" }
    }

    @Test(
        "an instant falls on its date in the zone, on either side of midnight and of a DST change",
        arguments: [
            Moment(instant: "2026-01-01T14:59:59Z", timeZone: "Asia/Tokyo", date: "2026-01-01"),
            Moment(instant: "2026-01-01T15:00:00Z", timeZone: "Asia/Tokyo", date: "2026-01-02"),
            Moment(instant: "2026-03-28T22:59:59Z", timeZone: "Europe/Berlin", date: "2026-03-28"),
            Moment(instant: "2026-03-28T23:00:00Z", timeZone: "Europe/Berlin", date: "2026-03-29"),
            Moment(instant: "2026-03-29T21:59:59Z", timeZone: "Europe/Berlin", date: "2026-03-29"),
            Moment(instant: "2026-03-29T22:00:00Z", timeZone: "Europe/Berlin", date: "2026-03-30"),
            Moment(instant: "2018-11-04T02:59:59Z", timeZone: "America/Sao_Paulo", date: "2018-11-03"),
            Moment(instant: "2018-11-04T03:00:00Z", timeZone: "America/Sao_Paulo", date: "2018-11-04"),
            Moment(instant: "2026-01-01T07:59:59Z", timeZone: "America/Los_Angeles", date: "2025-12-31"),
        ])
    func anInstantFallsOnItsDate(_ moment: Moment) throws {
        let zone = try #require(TimeZone(identifier: moment.timeZone))
        #expect(LocalDate(Self.instant(moment.instant), in: zone).description == moment.date)
    }
}
