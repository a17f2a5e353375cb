import Foundation
import RuleTestSupport
import Testing

/// One test per kind of wrong input: each gets a located diagnostic on stderr and exit 2.
@Suite struct WrongInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var why: String
        var specs: String
        var rules: String = TestCommandTests.rules
        var arguments: [String] = ["specs"]
        var stderr: String
        var testDescription: String { why }
    }

    static let header = "rulecheck: 1\ntoday: 2026-11-22\ncases:\n"

    @Test(
        "wrong input exits 2 with a diagnostic",
        arguments: [
            Case(
                why: "bad YAML", specs: header + "  TaskTitle:\n    - { in: \"a\", out: \"a\"\n",
                stderr: "specs/task.yaml:6:1: error: did not find expected ',' or '}' while parsing a flow mapping"),
            Case(
                why: "an unknown type", specs: header + "  TaskTitel:\n    - { in: a, out: a }\n",
                stderr: "specs/task.yaml:4:3: error: unknown type 'TaskTitel'; did you mean 'TaskTitle'?"),
            Case(
                why: "a case with two expectations",
                specs: header + "  TaskTitle:\n    - { in: a, out: a, valid: true }\n",
                stderr: "specs/task.yaml:5:24: error: a case has exactly one expectation; found 'out' and 'valid'"),
            Case(
                why: "an unknown key", specs: header + "  TaskTitle:\n    - { in: a, out: a, nmae: x }\n",
                stderr: "specs/task.yaml:5:24: error: unknown key 'nmae' in a case; did you mean 'name'?"),
            Case(
                why: "a malformed today", specs: "rulecheck: 1\ntoday: 22/11/2026\ncases:\n  TaskTitle: []\n",
                stderr: "specs/task.yaml:2:8: error: expected a date as YYYY-MM-DD for 'today', found '22/11/2026'"),
            Case(
                why: "an unknown field of a model",
                specs: header + "  ToDoTask:\n    - { in: { titel: a }, valid: true }\n",
                stderr: "specs/task.yaml:5:7: error: model 'ToDoTask' has no field 'titel'; did you mean 'title'?"),
            Case(
                why: "errors by field for a type",
                specs: header + "  TaskTitle:\n    - { in: a, errors: { title: [x] } }\n",
                stderr:
                    "specs/task.yaml:5:7: error: 'TaskTitle' is a type, not a model; expect its value as a scalar and its errors as a list of codes"
            ),
            Case(
                why: "a wrong rule file", specs: header + "  TaskTitle: []\n",
                rules: "rulecheck: 1\ntypes:\n  T:\n    checks: [lenght]\n",
                stderr: "rules/task.yaml:4:14: error: unknown check 'lenght'; did you mean 'length'?"),
            Case(
                why: "rules that do not exist", specs: "rulecheck: 1\nrules: ../nowhere\ncases:\n  TaskTitle: []\n",
                stderr: "specs/task.yaml:2:8: error: no rule file or folder at 'nowhere'"),
            Case(
                why: "a missing spec folder", specs: header, arguments: ["nothing"],
                stderr: "rulecheck: error: no such file or folder 'nothing'"),
            Case(
                why: "a bad --shard", specs: header, arguments: ["specs", "--shard", "3/2"],
                stderr:
                    "rulecheck: error: The value '3/2' is invalid for '--shard <K/N>': share K of N takes 1 ≤ K ≤ N, such as 2/4"
            ),
            Case(
                why: "a report in a missing folder", specs: header + "  TaskTitle: []\n",
                arguments: ["specs", "--output", "out/report.xml"],
                stderr: "rulecheck: error: cannot write the report 'out/report.xml': no folder 'out'"),
            Case(
                why: "an unknown option", specs: header, arguments: ["specs", "--colour"],
                stderr: "rulecheck: error: Unknown option '--colour'"),
            Case(
                why: "--update with --implementation", specs: header,
                arguments: ["specs", "--update", "--implementation", "x"],
                stderr:
                    "rulecheck: error: --update records this rulecheck's results; it cannot be combined with --implementation"
            ),
            Case(
                why: "a timeout of no time", specs: header,
                arguments: ["specs", "--implementation", "x", "--timeout", "0"],
                stderr: "rulecheck: error: --timeout must be more than 0 seconds, not 0.0"),
        ])
    func exitsTwo(_ c: Case) throws {
        let folder = try TemporaryFolder()
        try folder.write(c.rules, to: "rules/task.yaml")
        try folder.write(c.specs, to: "specs/task.yaml")
        let run = try Rulecheck.run(c.arguments, in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.split(separator: "\n").first.map(String.init) == c.stderr)
    }

    @Test func binaryGarbageIsADiagnosticNotACrash() throws {
        let folder = try TemporaryFolder()
        try folder.write(TestCommandTests.rules, to: "rules/task.yaml")
        try Data([0x72, 0x75, 0x6C, 0x65, 0xFF, 0xFE, 0x00, 0x0A]).write(
            to: folder.url.appendingPathComponent("specs.yaml"))
        let run = try Rulecheck.run(["specs.yaml"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("specs.yaml:1:5: error: invalid UTF-8 byte 0xFF"))
    }
}
