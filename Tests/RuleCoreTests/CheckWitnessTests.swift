import RuleCore
import Testing

/// The witnesses that format 1.3's checks give `suggest` and `diff` (``CheckBoundary/witnesses(_:)``),
/// from their descriptors: each check's candidates hold values it passes and values it fails, and
/// the edge values its parameters or its grammar name.
@Suite struct CheckWitnessTests {
    struct WitnessCase: CustomTestStringConvertible, Sendable {
        let check: any CheckDescriptor
        let valueType: ValueType
        /// Witnesses the check passes and fails, among others.
        let passing: [String]
        let failing: [String]
        var testDescription: String { "\(check.name) \(check.arguments.map { "\($0.value)" })" }
    }

    @Test(
        "each check of format 1.3 gives witnesses on both sides of its verdict",
        arguments: [
            WitnessCase(
                check: StartsWithCheck(prefix: "JP-"), valueType: .string, passing: ["JP-", "JP-a"],
                failing: ["aJP-", "JP"]),
            WitnessCase(
                check: EndsWithCheck(suffix: "-X"), valueType: .string, passing: ["a-X"], failing: ["-Xa", "-x", "X"]),
            WitnessCase(check: ContainsCheck(text: "@"), valueType: .string, passing: ["a@a"], failing: ["a"]),
            WitnessCase(
                check: NotContainsCheck(text: ".."), valueType: .string, passing: ["a", "."], failing: ["a..a"]),
            WitnessCase(
                check: NotOneOfCheck(values: ["admin", "root"]), valueType: .string,
                passing: ["ADMIN", "admin1", "roo"],
                failing: ["admin", "root"]),
            WitnessCase(
                check: NotOneOfCheck(values: ["0", "7"]), valueType: .integer, passing: ["-1", "1", "6", "8"],
                failing: ["0", "7"]),
            WitnessCase(
                check: DecimalsCheck(max: 2), valueType: .decimal, passing: ["1.11", "1.110"], failing: ["1.111"]),
            WitnessCase(check: DecimalsCheck(max: 0), valueType: .decimal, passing: ["1", "1.0"], failing: ["1.1"]),
            WitnessCase(
                check: HostnameCheck(), valueType: .string,
                passing: ["a", "xn--bcher-kva.example", String(repeating: "a", count: 63)],
                failing: ["a-.com", "a.", "b\u{FC}cher.example", String(repeating: "a", count: 64)]),
            WitnessCase(
                check: IPCheck(), valueType: .string, passing: ["0.0.0.0", "::ffff:1.2.3.4"],
                failing: ["01.2.3.4", "1::2::3"]),
            WitnessCase(
                check: IPCheck(version: 4), valueType: .string, passing: ["255.255.255.255"],
                failing: ["::1", "256.0.0.0"]),
            WitnessCase(
                check: IPCheck(version: 6), valueType: .string, passing: ["::1"], failing: ["0.0.0.0", "[::1]"]),
            WitnessCase(
                check: PrintableCheck(), valueType: .string, passing: ["a", "a\u{200D}b"],
                failing: ["a\u{0}", "a\u{200B}b", "\u{202E}a", "a\u{2028}b", "a\u{E000}"]),
        ])
    func witnesses(_ c: WitnessCase) throws {
        let samples = c.check.boundaries.flatMap { $0.samples(in: ValidationContext()) }
        let validator = try #require(
            try RuleSet.compile(
                types: [TypeRule(name: "T", base: .valueType(c.valueType), checks: [Check(c.check)])], models: []
            ).validator(named: "T"))
        for text in c.passing {
            #expect(samples.contains(text), "\(text) is no witness")
            #expect(validator.validate(.text(text)).isValid, "\(text) fails")
        }
        for text in c.failing {
            #expect(samples.contains(text), "\(text) is no witness")
            #expect(!validator.validate(.text(text)).isValid, "\(text) passes")
        }
    }
}
