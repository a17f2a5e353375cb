import Testing

@testable import RuleCore
@testable import RuleTooling

@Suite struct RuleMutatorTests {
    struct WideningCase: CustomTestStringConvertible, Sendable {
        let pattern: String
        let widened: [String]
        var testDescription: String { pattern }
    }

    @Test(
        "quantifiers widen one at a time, never inside a class, after an escape, or as a lazy or group mark",
        arguments: [
            WideningCase(pattern: "a?", widened: ["a*"]),
            WideningCase(pattern: "a+?", widened: ["a*?"]),
            WideningCase(
                pattern: "\\+?[0-9]{6,15}", widened: ["\\+*[0-9]{6,15}", "\\+?[0-9]{6,16}", "\\+?[0-9]{5,15}"]),
            WideningCase(pattern: "[?+]{3}", widened: ["[?+]{3,4}"]),
            WideningCase(pattern: "(?:ab)+", widened: ["(?:ab)*"]),
            WideningCase(pattern: "x{2,}", widened: ["x{1,}"]),
            WideningCase(pattern: "a*b", widened: []),
        ])
    func widening(_ c: WideningCase) {
        #expect(PatternQuantifiers.widened(c.pattern).map(\.source) == c.widened)
    }

    struct NormalizerCase: CustomTestStringConvertible, Sendable {
        let before: [Normalizer]
        let after: [Normalizer]
        let equivalent: Bool
        var testDescription: String { "\(before.map(\.rawValue)) → \(after.map(\.rawValue))" }
    }

    @Test(
        "a change of normalizers is equivalent exactly when a later one has its effect",
        arguments: [
            NormalizerCase(before: [.trim, .collapseWhitespace], after: [.collapseWhitespace], equivalent: true),
            NormalizerCase(before: [.nfkc, .trim], after: [.trim, .nfkc, .trim], equivalent: true),
            NormalizerCase(before: [.nfc, .nfkc], after: [.nfkc], equivalent: true),
            NormalizerCase(before: [.trim], after: [], equivalent: false),
            NormalizerCase(before: [.collapseWhitespace, .trim], after: [.trim], equivalent: false),
            NormalizerCase(before: [.nfc, .lowercase, .nfkc], after: [.lowercase, .nfkc], equivalent: false),
            NormalizerCase(before: [.lowercase], after: [.trim, .lowercase], equivalent: false),
        ])
    func normalizerEquivalence(_ c: NormalizerCase) {
        #expect((NormalizerEquivalence.reason(c.before, c.after) != nil) == c.equivalent)
    }

    struct MutantCase: CustomTestStringConvertible, Sendable {
        let type: TypeRule
        let change: String
        let equivalent: Bool
        var testDescription: String { "\(type.name): \(change)" }
    }

    static let length = Check(LengthCheck(min: 1, max: 3))

    @Test(
        "each mutation is made once, at its check, and marked equivalent only when no verdict can change",
        arguments: [
            MutantCase(type: TypeRule(name: "A", checks: [length]), change: "length: min 1 dropped", equivalent: false),
            MutantCase(
                type: TypeRule(name: "B", checks: [Check(RequiredCheck()), length]), change: "length: min 1 dropped",
                equivalent: true),
            MutantCase(
                type: TypeRule(name: "C", checks: [length], optional: true), change: "length: min 1 → 0",
                equivalent: true),
            MutantCase(type: TypeRule(name: "D", checks: [length]), change: "length: max 3 → 4", equivalent: false),
            MutantCase(
                type: TypeRule(name: "E", normalizers: [.collapseWhitespace]), change: "normalizer 'trim' added first",
                equivalent: true),
            MutantCase(type: TypeRule(name: "F"), change: "normalizer 'trim' added first", equivalent: false),
            MutantCase(
                type: TypeRule(name: "G", checks: [length]), change: "length: unit characters → bytes",
                equivalent: false),
            MutantCase(type: TypeRule(name: "H", checks: [length]), change: "optional false → true", equivalent: false),
        ])
    func mutant(_ c: MutantCase) throws {
        let rules = try RuleSet.compile(types: [c.type], models: [])
        let matching = RuleMutator.mutations(types: [c.type], models: [], rules: rules).filter { $0.change == c.change }
        #expect(matching.count == 1)
        #expect((matching.first?.equivalence != nil) == c.equivalent)
    }

    @Test func dateBoundsMoveByADayOrByTheirUnit() {
        let mutants = NotAfterCheck(date: .fromToday(DateOffset(-13, .year))).mutants(in: MutationContext())
        #expect(
            mutants.map(\.change) == [
                "date today - 13 years → today - 14 years", "date today - 13 years → today - 12 years",
            ])
        let today = NotBeforeCheck(date: .today).mutants(in: MutationContext())
        #expect(today.map(\.change) == ["date today → today - 1 day", "date today → today + 1 day"])
    }
}
