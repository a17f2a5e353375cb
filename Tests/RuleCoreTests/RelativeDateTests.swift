import Foundation
import Testing

@testable import RuleCore

/// `notBefore`/`notAfter: today ± N days/weeks/months/years`: calendar arithmetic, the day clamped.
@Suite struct RelativeDateTests {
    struct Offset: Sendable, CustomTestStringConvertible {
        var from: String
        var offset: DateOffset
        var to: String
        var testDescription: String { "\(from) \(offset) = \(to)" }

        init(_ from: String, _ amount: Int, _ unit: DateOffset.Unit, _ to: String) {
            (self.from, self.offset, self.to) = (from, DateOffset(amount, unit), to)
        }
    }

    @Test(
        "months and years clamp the day to the month's last; days and weeks count days",
        arguments: [
            Offset("2024-02-29", -1, .year, "2023-02-28"), Offset("2024-02-29", 4, .year, "2028-02-29"),
            Offset("2024-02-29", -13, .year, "2011-02-28"), Offset("2026-11-22", -13, .year, "2013-11-22"),
            Offset("2026-01-31", 1, .month, "2026-02-28"), Offset("2024-01-31", 1, .month, "2024-02-29"),
            Offset("2026-03-31", -1, .month, "2026-02-28"), Offset("2026-05-31", 1, .month, "2026-06-30"),
            Offset("2026-12-15", 1, .month, "2027-01-15"), Offset("2026-01-15", -1, .month, "2025-12-15"),
            Offset("2026-01-15", -13, .month, "2024-12-15"), Offset("2026-08-31", 6, .month, "2027-02-28"),
            Offset("2026-11-22", 0, .day, "2026-11-22"), Offset("2026-12-31", 1, .day, "2027-01-01"),
            Offset("2026-01-01", -1, .day, "2025-12-31"), Offset("2024-02-28", 1, .day, "2024-02-29"),
            Offset("2023-02-28", 1, .day, "2023-03-01"), Offset("1900-02-28", 1, .day, "1900-03-01"),
            Offset("2000-02-28", 1, .day, "2000-02-29"), Offset("2026-11-22", 2, .week, "2026-12-06"),
            Offset("2026-11-22", -1, .week, "2026-11-15"), Offset("2026-11-22", 9999, .day, "2054-04-08"),
            Offset("0001-01-01", -1, .day, "0001-01-01"), Offset("9999-12-31", 1, .day, "9999-12-31"),
            Offset("2026-11-22", -9999, .year, "0001-01-01"), Offset("9999-06-15", 1, .year, "9999-12-31"),
            Offset("0001-03-31", -2, .month, "0001-01-31"), Offset("0001-02-01", -2, .month, "0001-01-01"),
        ])
    func applies(_ c: Offset) throws {
        let from = try #require(LocalDate(c.from))
        #expect(c.offset.applied(to: from).description == c.to)
    }

    /// A case of `conformance/dates.jsonl`, which the JavaScript and Python runtimes read too.
    struct SharedCase: Sendable, Decodable, CustomTestStringConvertible {
        var today: String
        var bound: String
        var date: String
        var testDescription: String { "'\(bound)' where today is \(today) is \(date)" }
    }

    static let sharedCases: [SharedCase] = try! ConformanceFolder.text("dates.jsonl").split(separator: "\n").map {
        try JSONDecoder().decode(SharedCase.self, from: Data($0.utf8))
    }

    @Test func theSharedCorpusIsAllThere() {
        #expect(Self.sharedCases.count == 35)
    }

    @Test("each bound of the shared corpus resolves to its date", arguments: sharedCases)
    func resolvesAsShared(_ c: SharedCase) throws {
        let bound = try #require(DateBound(c.bound))
        let today = try #require(LocalDate(c.today))
        #expect(bound.resolve(in: ValidationContext(today: today)).description == c.date)
    }

    @Test(
        "day numbers count from 1970-01-01 and read back",
        arguments: [
            ("1970-01-01", 0), ("2000-03-01", 11_017), ("1969-12-31", -1), ("0001-01-01", -719_162),
            ("9999-12-31", 2_932_896), ("2024-02-29", 19_782),
        ])
    func dayNumbers(_ text: String, _ number: Int) throws {
        let date = try #require(LocalDate(text))
        #expect(date.dayNumber == number)
        #expect(LocalDate(dayNumber: number) == date)
    }

    struct Reading: Sendable, CustomTestStringConvertible {
        var text: String
        var bound: DateBound
        var written: String
        var testDescription: String { "'\(text)' reads as '\(written)'" }
    }

    @Test(
        "a relative bound reads with or without spaces, in either number",
        arguments: [
            Reading(text: "today - 13 years", bound: .fromToday(DateOffset(-13, .year)), written: "today - 13 years"),
            Reading(text: "today + 1 day", bound: .fromToday(DateOffset(1, .day)), written: "today + 1 day"),
            Reading(text: "today+1day", bound: .fromToday(DateOffset(1, .day)), written: "today + 1 day"),
            Reading(text: "today + 1 days", bound: .fromToday(DateOffset(1, .day)), written: "today + 1 day"),
            Reading(text: "today -   2   weeks", bound: .fromToday(DateOffset(-2, .week)), written: "today - 2 weeks"),
            Reading(text: "today - 0 days", bound: .fromToday(DateOffset(0, .day)), written: "today + 0 days"),
            Reading(
                text: "today + 9999 years", bound: .fromToday(DateOffset(9999, .year)), written: "today + 9999 years"),
            Reading(text: "today + 6 month", bound: .fromToday(DateOffset(6, .month)), written: "today + 6 months"),
            Reading(text: "today", bound: .today, written: "today"),
            Reading(text: "2026-02-28", bound: .date(LocalDate(year: 2026, month: 2, day: 28)!), written: "2026-02-28"),
        ])
    func reads(_ c: Reading) throws {
        let bound = try DateBound.parse(c.text).get()
        #expect(bound == c.bound)
        #expect(bound.description == c.written)
        #expect(DateBound(bound.description) == bound)
    }

    struct Wrong: Sendable, CustomTestStringConvertible {
        var text: String
        var message: String
        var offset: Int
        var length: Int
        var fix: String?
        var testDescription: String { "'\(text)'" }
    }

    @Test(
        "a wrong bound says what is wrong, where in the text, and what was meant",
        arguments: [
            Wrong(text: "today - 13 yeers", message: "unknown unit 'yeers'", offset: 11, length: 5, fix: "years"),
            Wrong(text: "today - 1 yeer", message: "unknown unit 'yeer'", offset: 10, length: 4, fix: "year"),
            Wrong(text: "today - 13 Years", message: "unknown unit 'Years'", offset: 11, length: 5, fix: "years"),
            Wrong(
                text: "today - 1 yr", message: "unknown unit 'yr'; use days, weeks, months or years", offset: 10,
                length: 2),
            Wrong(
                text: "today -13", message: "missing the unit after '13'; write days, weeks, months or years",
                offset: 7, length: 2),
            Wrong(
                text: "today + x days", message: "expected a whole number after '+', found 'x'", offset: 8, length: 1),
            Wrong(
                text: "today + 1.5 months", message: "expected a whole number after '+', found '1.5'", offset: 8,
                length: 3),
            Wrong(
                text: "today - -1 day", message: "expected a whole number after '-', found '-1'", offset: 8, length: 2),
            Wrong(
                text: "today +", message: "expected a number of days, weeks, months or years after '+'", offset: 6,
                length: 1),
            Wrong(
                text: "today 13 years",
                message: "expected '+' or '-' after 'today', found '13'; write 'today - 13 years' or 'today + 1 day'",
                offset: 6, length: 2),
            Wrong(
                text: "today + 10000 days",
                message: "'10000' is too large; an offset counts at most 9999 units", offset: 8, length: 5),
            Wrong(
                text: "today - 1 year ago",
                message: "unexpected 'ago' after 'year'; a bound is 'today' with one offset", offset: 15, length: 3),
            Wrong(
                text: "yesterday", message: "expected \(DateBound.expected), found 'yesterday'", offset: 0, length: 9,
                fix: "today - 1 day"),
            Wrong(
                text: "tomorrow", message: "expected \(DateBound.expected), found 'tomorrow'", offset: 0, length: 8,
                fix: "today + 1 day"),
            Wrong(
                text: "toady", message: "expected \(DateBound.expected), found 'toady'", offset: 0, length: 5,
                fix: "today"),
            Wrong(
                text: "2026-02-30", message: "expected \(DateBound.expected), found '2026-02-30'", offset: 0, length: 10
            ),
        ])
    func diagnoses(_ c: Wrong) {
        guard case .failure(let error) = DateBound.parse(c.text) else {
            Issue.record("'\(c.text)' read as a bound")
            return
        }
        #expect(error.message == c.message)
        #expect((error.offset, error.length) == (c.offset, c.length))
        #expect(error.fix?.name == c.fix)
    }

    struct Around: Sendable, CustomTestStringConvertible {
        var today: String
        var bound: DateBound
        var isUpper: Bool
        var value: String
        var expected: [String]
        var shown: String?
        var testDescription: String {
            "today \(today), \(isUpper ? "notAfter" : "notBefore") \(bound): \(value) → \(expected)"
        }
    }

    static let thirteen = DateBound.fromToday(DateOffset(-13, .year))
    static let tomorrow = DateBound.fromToday(DateOffset(1, .day))

    @Test(
        "the bound is computed from the context's today, and a message shows the computed date",
        arguments: [
            Around(today: "2026-11-22", bound: thirteen, isUpper: true, value: "2013-11-22", expected: []),
            Around(today: "2026-11-22", bound: thirteen, isUpper: true, value: "2013-11-21", expected: []),
            Around(
                today: "2026-11-22", bound: thirteen, isUpper: true, value: "2013-11-23", expected: ["tooLate"],
                shown: "Must be 2013-11-22 or earlier."),
            Around(today: "2024-02-29", bound: thirteen, isUpper: true, value: "2011-02-28", expected: []),
            Around(
                today: "2024-02-29", bound: thirteen, isUpper: true, value: "2011-03-01", expected: ["tooLate"],
                shown: "Must be 2011-02-28 or earlier."),
            Around(today: "2025-02-28", bound: thirteen, isUpper: true, value: "2012-02-29", expected: ["tooLate"]),
            Around(today: "2025-03-01", bound: thirteen, isUpper: true, value: "2012-02-29", expected: []),
            Around(
                today: "2026-11-22", bound: tomorrow, isUpper: false, value: "2026-11-22", expected: ["tooEarly"],
                shown: "Must be 2026-11-23 or later."),
            Around(today: "2026-11-22", bound: tomorrow, isUpper: false, value: "2026-11-23", expected: []),
            Around(
                today: "2026-12-31", bound: tomorrow, isUpper: false, value: "2026-12-31", expected: ["tooEarly"],
                shown: "Must be 2027-01-01 or later."),
            Around(
                today: "2026-01-31", bound: .fromToday(DateOffset(1, .month)), isUpper: true, value: "2026-03-01",
                expected: ["tooLate"], shown: "Must be 2026-02-28 or earlier."),
            Around(
                today: "2026-01-31", bound: .fromToday(DateOffset(1, .month)), isUpper: true, value: "2026-02-28",
                expected: []),
        ])
    func validates(_ c: Around) throws {
        let check = c.isUpper ? Check(NotAfterCheck(date: c.bound)) : Check(NotBeforeCheck(date: c.bound))
        let rules = try RuleSet.compile(
            types: [TypeRule(name: "D", base: .valueType(.date), checks: [check])], models: [])
        let context = ValidationContext(today: try #require(LocalDate(c.today)))
        let result = rules.validator(named: "D")!.validate(.text(c.value), context: context)
        #expect(result.violations.map(\.code) == c.expected)
        if let shown = c.shown { #expect(result.violations.first?.message(language: "en") == shown) }
    }
}
