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
}
