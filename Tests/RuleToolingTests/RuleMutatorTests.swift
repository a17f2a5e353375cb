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

    struct RangeCase: CustomTestStringConvertible, Sendable {
        let range: RangeCheck
        let valueType: ValueType
        let changes: [String]
        var testDescription: String { "\(valueType.rawValue) \(range.arguments.map { "\($0.name) \($0.value)" })" }
    }

    @Test(
        "a range's mutants keep within the other side's bound, move an integer type's fraction by whole numbers, and each but an equivalent one has a candidate that kills it",
        arguments: [
            RangeCase(
                range: RangeCheck(min: DecimalNumber(9), lessThan: DecimalNumber(10)), valueType: .integer,
                changes: [
                    "min 9 dropped", "min 9 → 8", "lessThan 10 dropped", "lessThan 10 → max 10", "lessThan 10 → 11",
                ]),
            RangeCase(
                range: RangeCheck(min: DecimalNumber(1), lessThan: DecimalNumber(10)), valueType: .decimal,
                changes: [
                    "min 1 dropped", "min 1 → 0", "min 1 → 2", "lessThan 10 dropped", "lessThan 10 → max 10",
                    "lessThan 10 → 9", "lessThan 10 → 11",
                ]),
            RangeCase(
                range: RangeCheck(max: DecimalNumber(2), greaterThan: DecimalNumber(1)), valueType: .integer,
                changes: [
                    "max 2 dropped", "max 2 → 3", "greaterThan 1 dropped", "greaterThan 1 → min 1", "greaterThan 1 → 0",
                ]),
            RangeCase(
                range: RangeCheck(max: DecimalNumber(3), greaterThan: DecimalNumber("0.5")!), valueType: .integer,
                changes: [
                    "max 3 dropped", "max 3 → 2", "max 3 → 4", "greaterThan 0.5 dropped", "greaterThan 0.5 → min 0.5",
                    "greaterThan 0.5 → -0.5", "greaterThan 0.5 → 1.5",
                ]),
            RangeCase(
                range: RangeCheck(max: DecimalNumber(3), greaterThan: DecimalNumber("0.5")!), valueType: .decimal,
                changes: [
                    "max 3 dropped", "max 3 → 2", "max 3 → 4", "greaterThan 0.5 dropped", "greaterThan 0.5 → min 0.5",
                    "greaterThan 0.5 → 0.4", "greaterThan 0.5 → 0.6",
                ]),
            RangeCase(
                range: RangeCheck(min: DecimalNumber("1.5")!, lessThan: DecimalNumber("4.5")!), valueType: .integer,
                changes: [
                    "min 1.5 dropped", "min 1.5 → 0.5", "min 1.5 → 2.5", "lessThan 4.5 dropped",
                    "lessThan 4.5 → max 4.5", "lessThan 4.5 → 3.5", "lessThan 4.5 → 5.5",
                ]),
        ])
    func rangeMutants(_ c: RangeCase) throws {
        let mutants = c.range.mutants(in: MutationContext(valueType: c.valueType))
        #expect(mutants.map(\.change) == c.changes)
        let original = try RuleSet.compile(
            types: [TypeRule(name: "N", base: .valueType(c.valueType), checks: [Check(c.range)])], models: []
        ).typeValidator(named: "N")
        let today = ValidationContext(today: LocalDate("2026-11-22")!)
        for mutant in mutants {
            let changed = try #require(mutant.descriptor as? RangeCheck)
            // NB: a rule the loader takes: the lower bound below the upper one.
            if let lower = changed.lowerBound, let upper = changed.upperBound {
                #expect(
                    changed.min != nil && changed.max != nil ? lower <= upper : lower < upper, "\(mutant.change)")
            }
            let validator = try RuleSet.compile(
                types: [TypeRule(name: "N", base: .valueType(c.valueType), checks: [Check(changed)])], models: []
            ).typeValidator(named: "N")
            // NB: the candidates suggest and diff try, from both sides' boundaries.
            let candidates = (c.range.boundaries + changed.boundaries).flatMap { $0.samples(in: today) }
            let killers = candidates.filter {
                original?.validate($0).isValid != validator?.validate($0).isValid
            }
            #expect(killers.isEmpty == (mutant.equivalence != nil), "\(mutant.change): \(killers)")
        }
    }
}
