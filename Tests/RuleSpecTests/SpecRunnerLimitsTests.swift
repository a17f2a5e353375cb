import Foundation
import RuleCore
import RuleSpec
import RuleTestSupport
import RuleYAML
import Testing

@Suite struct SpecRunnerLimitsTests {
    /// Counts what a run reports, and writes nothing.
    struct CountingReporter: SpecReporter {
        var cases = 0
        mutating func beginFile(_ file: String) {}
        mutating func record(_ outcome: CaseOutcome) { cases += 1 }
        mutating func record(error: Diagnostic) {}
        mutating func endFile(_ file: String, passed: Int, failed: Int) {}
        mutating func finish(passed: Int, failed: Int, errors: Int) {}
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var why: String
        var ruleLimits = YAMLLimits.default
        var specLimits = YAMLLimits.specFile
        var expected: [String]
        var testDescription: String { why }
    }

    @Test(
        "the options' limits apply to the rule and spec files a run reads",
        arguments: [
            Case(why: "the defaults", expected: []),
            Case(
                why: "a smaller spec file size", specLimits: YAMLLimits(maxInputBytes: 10),
                expected: ["spec.yaml:1:1: error: file is 62 bytes, larger than the limit of 10 bytes"]),
            Case(
                why: "a shorter rule-file scalar", ruleLimits: YAMLLimits(maxScalarLength: 4),
                expected: ["rules/t.yaml:1:1: error: scalar exceeds the limit of 4 bytes"]),
        ])
    func limits(_ c: Case) throws {
        let folder = try TemporaryFolder()
        try folder.write("rulecheck: 1\ntypes:\n  T: {}\n", to: "rules/t.yaml")
        try folder.write("rulecheck: 1\nrules: rules\ncases:\n  T:\n    - { in: a, out: a }\n", to: "spec.yaml")
        var options = SpecRunOptions()
        options.ruleLimits = c.ruleLimits
        options.specLimits = c.specLimits
        var reporter = CountingReporter()
        let summary = SpecRunner(options: options).run(
            [folder.url.appendingPathComponent("spec.yaml").path], reporter: &reporter)
        let prefix = folder.url.path + "/"
        let rendered = DiagnosticRenderer.plain.render(summary.diagnostics).split(separator: "\n")
            .map { $0.replacingOccurrences(of: prefix, with: "") }
        #expect(rendered == c.expected)
        #expect(reporter.cases == (c.expected.isEmpty ? 1 : 0))
    }
}
