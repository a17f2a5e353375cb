import Testing

@testable import RuleCore

/// `Violations` keeps a type's first violation as found and builds it when read: what it gives must
/// be what a violation built at once gives, for every kind of bound and for bounds too large to pack.
@Suite struct ViolationsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var check: Check
        var base: TypeRule.Base = .valueType(.string)
        var normalizers: [Normalizer] = []
        var input: String
        var codes: [String]
        var testDescription: String { "'\(input)' → \(codes)" }
    }

    @Test(
        "a first violation built when read equals one built at once",
        arguments: [
            Case(check: Check(LengthCheck(max: 3)), normalizers: [.trim], input: "  abcdef  ", codes: ["tooLong"]),
            Case(check: Check(LengthCheck(min: 1 << 50)), input: "abc", codes: ["tooShort"]),
            Case(check: Check(RequiredCheck()), normalizers: [.trim], input: "   ", codes: ["required"]),
            Case(
                check: Check(NotBeforeCheck(date: .today)), base: .valueType(.date), input: "2026-11-21",
                codes: ["tooEarly"]),
            Case(
                check: Check(NotBeforeCheck(date: .today)), base: .valueType(.date), input: "2026-11-31",
                codes: ["invalidFormat"]),
            Case(
                check: Check(RangeCheck(min: DecimalNumber(10))), base: .valueType(.decimal), input: "9.5",
                codes: ["tooSmall"]),
            Case(check: Check(EmailCheck()), input: "not an email", codes: ["invalidEmail"]),
        ])
    func builtWhenRead(_ c: Case) throws {
        let type = TypeRule(name: "T", base: c.base, normalizers: c.normalizers, checks: [c.check])
        let rules = try RuleSet.compile(types: [type], models: [])
        guard case .type(let validator)? = rules.validator(named: "T") else { throw CancellationError() }
        let context = ValidationContext(today: LocalDate("2026-11-22")!)
        let found = validator.validate(c.input, context: context).violations
        #expect(found.map(\.code) == c.codes)
        let atOnce = Violations(Array(found))
        #expect(found == atOnce)
        #expect(found.hashValue == atOnce.hashValue)
        #expect(found.elements == atOnce.elements)
        #expect(found.description == atOnce.description)
        for (lazy, eager) in zip(found, atOnce) {
            #expect(lazy.bound == eager.bound)
            #expect(lazy.value == eager.value)
            #expect(lazy.message() == eager.message())
        }
        var more = found
        more.append(Violation(code: "later"))
        #expect(more.map(\.code) == c.codes + ["later"])
        #expect(more != found)
    }

    @Test func theBoundsAndValuesReadBackAsFound() throws {
        let type = TypeRule(
            name: "Due", base: .valueType(.date), checks: [Check(NotBeforeCheck(date: .date(LocalDate("9999-12-31")!)))]
        )
        let rules = try RuleSet.compile(types: [type], models: [])
        let found = rules.validator(named: "Due")!.validate(.text("2026-11-22")).violations
        #expect(found.first?.bound == .date(LocalDate("9999-12-31")!))
        #expect(found.first?.value == "2026-11-22")
        let long = TypeRule(name: "Short", checks: [Check(LengthCheck(max: 2))])
        let count = try RuleSet.compile(types: [long], models: []).validator(named: "Short")!.validate(.text("abc"))
        #expect(count.violations.first?.bound == .count(2))
        #expect(count.violations.first?.message() == count.violations.elements.first?.message())
    }
}
