import Foundation
import RuleTestSupport
import Testing

/// `--update=all` rewrites every expectation that differs from the current result, in place, with
/// every other byte as it was, and lists what changed.
@Suite struct UpdateAllTests {
    static let rules = """
        rulecheck: 1
        types:
          Code:
            normalize: [trim]
            checks:
              - length: { min: 2, max: 3 }
        """

    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        var cases: String
        var expected: String
        var changes: Int
        var testDescription: String { label }
    }

    static let head = "rulecheck: 1\ncases:\n  Code:\n"

    @Test(arguments: [
        Case(
            label: "flow errors become out, the comment stays",
            cases: "    - { in: \" ab \", errors: [tooShort] }   # note\n",
            expected: "    - { in: \" ab \", out: \"ab\" }   # note\n", changes: 1),
        Case(
            label: "a block list of codes becomes one line",
            cases: "    - in: \"a\"\n      errors:\n        - tooLong\n    # next\n    - { in: ab, valid: true }\n",
            expected: "    - in: \"a\"\n      errors: [tooShort]\n    # next\n    - { in: ab, valid: true }\n",
            changes: 1),
        Case(
            label: "a block scalar out becomes errors",
            cases: "    - in: abcd\n      out: |\n        abcd\n    - { in: ab, out: ab }\n",
            expected: "    - in: abcd\n      errors: [tooLong]\n    - { in: ab, out: ab }\n", changes: 1),
        Case(
            label: "valid: true becomes errors, a missing one is filled in",
            cases: "    - { in: a, valid: true }\n    - { in: abc }\n",
            expected: "    - { in: a, errors: [tooShort] }\n    - { in: abc, out: \"abc\" }\n", changes: 1),
        Case(
            label: "nothing differs: the file is as it was",
            cases: "    - { in: ab, out: ab }\n", expected: "    - { in: ab, out: ab }\n", changes: 0),
    ])
    func rewritesWhatDiffers(_ c: Case) throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.rules, to: "rules/code.yaml")
        try folder.write(Self.head + c.cases, to: "specs/code.yaml")
        let run = try Rulecheck.run(["specs", "--update=all"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.read("specs/code.yaml") == Self.head + c.expected)
        #expect(run.stderr.hasSuffix("rewrote \(c.changes) expectations\n"))
        #expect(run.stderr.split(separator: "\n").filter { $0.contains(": was ") }.count == c.changes)
        let again = try Rulecheck.run(["specs"], in: folder.url)
        #expect(again.status == 0, "\(again.stdout)")
    }

    @Test func aWrongMessageIsLeftToFix() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.rules, to: "rules/code.yaml")
        let spec = Self.head + "    - { in: a, errors: [tooShort], message: \"wrong\" }\n"
        try folder.write(spec, to: "specs/code.yaml")
        let run = try Rulecheck.run(["specs", "--update=all"], in: folder.url)
        #expect(run.status == 1)
        #expect(try folder.read("specs/code.yaml") == spec)
    }
}
