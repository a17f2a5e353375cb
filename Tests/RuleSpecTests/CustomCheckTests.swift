import Foundation
import RuleCore
import RuleSpec
import RuleTestSupport
import RuleTooling
import RuleYAML
import Testing

/// Custom checks (format 1.3) run where a program gives their implementation: through the spec
/// runner's ``SpecRunOptions/customChecks``, or the loader's; without one, rules do not load and
/// cases do not run, never passing silently.
@Suite struct CustomCheckTests {
    /// The Luhn check digit over ASCII digits, as a program would implement `luhn`.
    struct Luhn: CustomCheck {
        func isValid(_ value: ValidatedValue) -> Bool {
            guard case .string(let text) = value else { return false }
            var sum = 0
            for (offset, byte) in text.utf8.reversed().enumerated() {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
                var digit = Int(byte - UInt8(ascii: "0"))
                if offset % 2 == 1 {
                    digit *= 2
                    if digit > 9 { digit -= 9 }
                }
                sum += digit
            }
            return sum % 10 == 0
        }
    }

    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/CustomChecks").standardizedFileURL

    @Test func theExampleSpecCasesPassWithTheImplementationRegistered() {
        var options = SpecRunOptions(jobs: 1)
        options.customChecks = ["luhn": Luhn()]
        var reporter = SpecRunnerLimitsTests.CountingReporter()
        let summary = SpecRunner(options: options).run(
            [Self.example.appendingPathComponent("specs").path], reporter: &reporter)
        #expect(summary.diagnostics.filter { $0.severity == .error }.isEmpty, "\(summary.diagnostics)")
        #expect(summary.failed == 0)
        #expect(summary.passed == 9)
    }

    @Test func aWrongImplementationFailsTheCases() {
        var options = SpecRunOptions(jobs: 1)
        options.customChecks = ["luhn": CustomCheckFunction { _ in true }]
        var reporter = SpecRunnerLimitsTests.CountingReporter()
        let summary = SpecRunner(options: options).run(
            [Self.example.appendingPathComponent("specs").path], reporter: &reporter)
        #expect(summary.failed == 3)
    }

    @Test func withoutAnImplementationTheCasesAreAnErrorNamingTheCheck() {
        var reporter = SpecRunnerLimitsTests.CountingReporter()
        let summary = SpecRunner(options: SpecRunOptions(jobs: 1)).run(
            [Self.example.appendingPathComponent("specs").path], reporter: &reporter)
        let errors = summary.diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(summary.passed + summary.failed == 0)
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.allSatisfy { $0.contains("custom check 'luhn'") && $0.contains("--implementation") })
    }

    @Test func theLoaderTakesImplementationsAndRefusesRulesWithout() throws {
        let rules = Self.example.appendingPathComponent("rules").path
        let loaded = RuleFileLoader(customChecks: ["luhn": Luhn()]).load([rules])
        let card = try #require(loaded.ruleSet?.validator(named: "CardNumber"))
        #expect(card.validate("4539578763621486").isValid)
        #expect(card.validate("4539578763621487").violations.map(\.code) == ["invalidChecksum"])
        #expect(loaded.ruleSet?.customChecks.map(\.name) == ["luhn"])

        let refused = RuleFileLoader().load([rules])
        #expect(refused.ruleSet == nil)
        let messages = refused.diagnostics.map(\.message)
        #expect(
            messages == [
                "custom check 'luhn' has no implementation; "
                    + "register an implementation when loading, such as RuleFileLoader(customChecks: [\"luhn\": MyCheck()])"
            ])
    }

    @Test func compilingTypesInCodeTakesImplementationsToo() throws {
        let luhn = CustomCheckDeclaration(name: "luhn", applies: .string, code: "invalidChecksum", summary: "Luhn")
        let card = TypeRule(name: "Card", checks: [Check(CustomCheckDescriptor(luhn))])
        #expect(throws: RuleSetError.self) { try RuleSet.compile(types: [card], models: []) }
        let rules = try RuleSet.compile(types: [card], models: [], customChecks: ["luhn": Luhn()])
        #expect(rules.validator(named: "Card")?.validate("79927398710").violations.map(\.code) == ["invalidChecksum"])
    }
}

extension CustomCheckTests {
    @Test func coverageCountsTheCustomCode() {
        var options = SpecRunOptions(jobs: 1)
        options.customChecks = ["luhn": Luhn()]
        let (coverage, diagnostics) = SpecCoverage.measure(
            [Self.example.appendingPathComponent("specs").path], options: options)
        #expect(!diagnostics.hasErrors, "\(diagnostics)")
        let custom = coverage.items.filter {
            $0.what.contains("invalidChecksum") || $0.what.contains("giftCardChecksum")
        }
        #expect(custom.count == 2, "\(coverage.items.map(\.what))")
        #expect(custom.allSatisfy { $0.covered })
    }

    @Test func coverageWithoutTheImplementationIsAnErrorNotAnUncoveredCode() {
        let (coverage, diagnostics) = SpecCoverage.measure([Self.example.appendingPathComponent("specs").path])
        let errors = diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(errors.count == 2 && errors.allSatisfy { $0.contains("needs custom check 'luhn'") }, "\(errors)")
        #expect(coverage.items.isEmpty)
    }

    @Test func mutationRemovesTheCustomCheckAndTheCasesNoticeIt() {
        var options = SpecRunOptions(jobs: 1)
        options.customChecks = ["luhn": Luhn()]
        let report = MutationRunner(options: options).run([Self.example.appendingPathComponent("specs").path])
        #expect(!report.diagnostics.hasErrors, "\(report.diagnostics)")
        let removals = report.results.filter { $0.mutation.change.contains("luhn") }
        #expect(removals.count == 2, "\(report.results.map(\.mutation.change))")
        #expect(removals.allSatisfy { $0.killedBy != nil })
    }

    /// Without an implementation a custom check passes every value: a case expecting its code would
    /// "fail before any mutation", and a survivor or a suggested case would be invented.
    @Test func mutationWithoutTheImplementationRefusesTheCasesAndMakesNoMutantOfTheirTypes() {
        let report = MutationRunner().run([Self.example.appendingPathComponent("specs").path], suggest: true)
        let errors = report.diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.allSatisfy { $0.contains("need custom check 'luhn'") && $0.contains("SpecRunOptions") })
        #expect(!errors.contains { $0.contains("fails before any mutation") })
        #expect(report.exitCode == 2)
    }

    @Test func suggestInventsNoCaseForATypeWhoseCustomCheckHasNoImplementation() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            rulecheck: 1.3
            custom:
              luhn: { applies: string, code: invalidChecksum, description: "the Luhn check digit" }
            types:
              Card:
                checks: [luhn]
              Name:
                checks:
                  - length: { max: 3 }
            """, to: "rules/cards.yaml")
        try folder.write(
            """
            rulecheck: 1.3
            rules: ../rules
            cases:
              Name:
                - { in: "a", valid: true }
            """, to: "specs/names.yaml")
        let report = MutationRunner().run([folder.url.appendingPathComponent("specs").path], suggest: true)
        #expect(!report.diagnostics.hasErrors, "\(report.diagnostics)")
        let warnings = report.diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(warnings.count == 1 && warnings[0].contains("no mutant of 'Card' was made"), "\(warnings)")
        #expect(!report.results.contains { $0.mutation.subject == "Card" })
        #expect(report.results.contains { $0.mutation.subject == "Name" && $0.suggestion != nil })
    }
}
