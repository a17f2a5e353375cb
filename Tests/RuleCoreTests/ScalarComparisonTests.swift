import Testing

@testable import RuleCore

/// `oneOf`, `equal`, `notEqual` and `unique` compare text scalar by scalar, as JavaScript and
/// Python do: no canonical equivalence, which Swift's `String ==` and hashing would apply.
@Suite struct ScalarComparisonTests {
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    @Test("canonically equivalent text of other scalars is another value, equal and hashed apart")
    func noCanonicalEquivalence() {
        #expect(Self.composed == Self.decomposed)  // NB: what String's == says, and the values must not
        #expect(ValidatedValue.string(Self.composed) != .string(Self.decomposed))
        #expect(Set([ValidatedValue.string(Self.composed), .string(Self.decomposed)]).count == 2)
        #expect(ValidatedValue.string(Self.composed) == .string("caf\u{E9}"))
        #expect(Set([ValidatedValue.string("e\u{301}"), .string("\u{E9}"), .string("e\u{301}")]).count == 2)
    }

    @Test("oneOf refuses the decomposed value unless the type normalizes with nfc")
    func oneOf() throws {
        let rules = try RuleSet.compile(
            types: [
                TypeRule(name: "Exact", checks: [Check(OneOfCheck(values: [Self.composed]))]),
                TypeRule(name: "Composed", normalizers: [.nfc], checks: [Check(OneOfCheck(values: [Self.composed]))]),
            ], models: [])
        #expect(rules.validator(named: "Exact")!.validate(.text(Self.composed)).isValid)
        #expect(!rules.validator(named: "Exact")!.validate(.text(Self.decomposed)).isValid)
        #expect(rules.validator(named: "Composed")!.validate(.text(Self.decomposed)).isValid)
    }

    @Test("equal and notEqual compare the fields' scalars")
    func fieldComparisons() {
        let values: [String: ValidatedValue] = ["a": .string(Self.composed), "b": .string(Self.decomposed)]
        #expect(EqualCheck.broken(["a", "b"], in: values) != nil)
        #expect(NotEqualCheck.broken(["a", "b"], in: values) == nil)
    }
}
