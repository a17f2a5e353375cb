import Foundation
import RuleCore
import RuleSpec
import RuleTestSupport
import Testing

/// A model's case that names a field the model does not have is refused with the name, wherever
/// it names it: in `in`, `out`, `errors` or `message`, by a path's first part.
@Suite struct FieldCheckTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var spec: String
        /// The unknown field reported, or `nil` when the case runs.
        var unknown: String?
        var testDescription: String { spec }
    }

    static let rules = """
        rulecheck: 1
        types:
          Title: { checks: [ { length: { max: 5 } } ] }
          Note: { optional: true }
        models:
          Task:
            fields:
              title: Title
              note: Note

        """

    @Test(
        "the first unknown field in name order is reported, from a path's first part",
        arguments: [
            Case(spec: "{ in: { title: a }, valid: true }", unknown: nil),
            Case(spec: "{ in: { title: abcdefg }, errors: { title: [tooLong] } }", unknown: nil),
            Case(spec: "{ in: { title: a, titel: b }, valid: true }", unknown: "titel"),
            Case(spec: "{ in: { title: a, zz: b, bb: c }, valid: true }", unknown: "bb"),
            Case(spec: "{ in: { title: a }, out: { title: a, nte: ~ } }", unknown: "nte"),
            Case(spec: "{ in: { title: a }, errors: { x.y: [tooLong] } }", unknown: "x"),
            Case(spec: "{ in: { title: a }, errors: { title.1: [tooLong] } }", unknown: nil),
            Case(spec: "{ in: { title: a }, errors: { '': [tooLong] } }", unknown: nil),
            Case(spec: "{ in: { title: a }, errors: { .title: [tooLong] } }", unknown: nil),
            Case(spec: "{ in: { title: a }, errors: [tooLong], message: { nope: m } }", unknown: "nope"),
            Case(spec: "{ in: { title: a, '': b }, valid: true }", unknown: ""),
            Case(spec: "{ in: { title: a, b: c }, errors: { a.b: [x] }, message: { c: m } }", unknown: "a"),
        ])
    func unknownFields(_ c: Case) throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.rules, to: "rules/task.yaml")
        try folder.write("rulecheck: 1\nrules: rules\ncases:\n  Task:\n    - \(c.spec)\n", to: "spec.yaml")
        var reporter = SpecRunnerLimitsTests.CountingReporter()
        let summary = SpecRunner(options: SpecRunOptions()).run(
            [folder.url.appendingPathComponent("spec.yaml").path], reporter: &reporter)
        let errors = summary.diagnostics.filter { $0.severity == .error }.map(\.message)
        if let unknown = c.unknown {
            #expect(errors.count == 1 && errors[0].hasPrefix("model 'Task' has no field '\(unknown)'"), "\(errors)")
        } else {
            #expect(errors.isEmpty, "\(errors)")
            #expect(summary.passed + summary.failed == 1)
        }
    }
}
