import Foundation
import FoundationXML
import RuleTestSupport
import Testing

/// `rulecheck test` and `rulecheck lint` check a spec file with one checker: the same diagnostics,
/// at the same severity, and the same exit code, for each of the disagreements issue 37 found.
@Suite struct SpecCheckerTests {
    struct Disagreement: CustomStringConvertible, Sendable {
        var description: String
        var spec: String
        var expected: [String]
    }

    static let disagreements = [
        Disagreement(
            description: "a misspelt 'in:'",
            spec: """
                rulecheck: 1
                today: 2026-11-22
                cases:
                  TaskTitle:
                    - { inn: "x", out: "x" }
                """,
            expected: ["specs/task.yaml:5:9: error: unknown key 'inn' in a case; did you mean 'in'?"]),
        Disagreement(
            description: "rules that are not there",
            spec: """
                rulecheck: 1
                rules: ../nothere
                today: 2026-11-22
                cases:
                  TaskTitle:
                    - { in: "x", out: "x" }
                """,
            expected: ["specs/task.yaml:2:8: error: no rule file or folder at 'nothere'"]),
        Disagreement(
            description: "a field its model does not declare",
            spec: """
                rulecheck: 1
                today: 2026-11-22
                cases:
                  ToDoTask:
                    - { in: { title: "a", titel: "b" }, valid: true }
                """,
            expected: ["specs/task.yaml:5:7: error: model 'ToDoTask' has no field 'titel'; did you mean 'title'?"]),
        Disagreement(
            description: "a day that does not exist as 'today:'",
            spec: """
                rulecheck: 1
                today: 2026-02-30
                cases:
                  TaskTitle:
                    - { in: "x", valid: true, out: "x" }
                  TaskDueDate:
                    - { in: "2026-11-23", valid: true }
                """,
            expected: [
                "specs/task.yaml:2:8: error: expected a date as YYYY-MM-DD for 'today', found '2026-02-30'",
                "specs/task.yaml:5:18: error: a case has exactly one expectation; found 'out' and 'valid'",
            ]),
    ]

    /// The diagnostics' first lines, as printed on standard error.
    static func diagnostics(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter {
            $0.contains(": error: ") || $0.contains(": warning: ")
        }
    }

    @Test(arguments: disagreements)
    func testAndLintSayTheSame(_ case: Disagreement) throws {
        let folder = try TemporaryFolder()
        try folder.write(TestCommandTests.rules, to: "rules/task.yaml")
        try folder.write(`case`.spec, to: "specs/task.yaml")
        let test = try Rulecheck.run(["test", "specs/task.yaml"], in: folder.url)
        let lint = try Rulecheck.run(["lint", "specs/task.yaml"], in: folder.url)
        #expect(Self.diagnostics(test.stderr) == `case`.expected, "\(test.stderr)")
        #expect(Self.diagnostics(lint.stderr) == `case`.expected, "\(lint.stderr)")
        #expect(test.status == 2 && lint.status == 2)
        // NB: a 'today:' that is no date is its own error, not "no 'today:'".
        #expect(!test.stderr.contains("no 'today:'"), "\(test.stderr)")
    }

    /// A file with five errors is five errors in every summary, not one.
    @Test func everyErrorIsCountedInEverySummary() throws {
        let folder = try TemporaryFolder()
        try folder.write(TestCommandTests.rules, to: "rules/task.yaml")
        let unknown = ["TypeA", "TypeB", "TypeC", "TypeD", "TypeE"].map { "  \($0):\n    - { in: x, valid: true }\n" }
        try folder.write(
            "rulecheck: 1\ntoday: 2026-11-22\ncases:\n" + unknown.joined()
                + "  TaskTitle:\n    - { in: x, out: x }\n", to: "specs/task.yaml")
        let human = try Rulecheck.run(["test", "specs"], in: folder.url)
        #expect(human.status == 2)
        #expect(human.stdout == "specs/task.yaml: 1 passed, 0 failed, 5 errors\n1 passed, 0 failed, 5 errors\n")
        let json = try Rulecheck.run(["test", "specs", "--format", "json"], in: folder.url)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["errors"] as? Int == 5)
        let junit = try Rulecheck.run(["test", "specs", "--format", "junit"], in: folder.url)
        let root = try #require(try XMLDocument(data: Data(junit.stdout.utf8)).rootElement())
        #expect(root.attribute(forName: "errors")?.stringValue == "5")
        #expect(root.attribute(forName: "tests")?.stringValue == "6")
        let suite = try #require(root.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "errors")?.stringValue == "5")
        #expect(suite.elements(forName: "testcase").flatMap { $0.elements(forName: "error") }.count == 5)
        let lint = try Rulecheck.run(["lint"], in: folder.url)
        #expect(lint.stdout.hasSuffix(": 5 errors\n"), "\(lint.stdout)")
    }

    /// A rule file over the size limit is refused by its size, which is known before a byte is
    /// read, in every command that reads rules: a sparse file of 32 MiB holds almost nothing.
    @Test(arguments: [
        ["lint"], ["test", "specs"], ["generate", "swift", "rules", "--output", "out"],
        ["generate", "typescript", "rules", "--output", "out"], ["export", "jsonschema"], ["mutate", "specs"],
        ["check", "Title", "x"],
    ])
    func aHugeRuleFileIsRefusedBySize(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("rulecheck: 1\ntypes:\n  Title: {}\n", to: "rules/huge.yaml")
        try folder.write(
            "rulecheck: 1\ntoday: 2026-11-22\ncases:\n  Title:\n    - { in: x, out: x }\n", to: "specs/a.yaml")
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 32 << 20)
        try handle.close()
        let run = try Rulecheck.run(arguments, in: folder.url)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "rules/huge.yaml:1:1: error: file is 33554432 bytes, larger than the limit of 16777216 bytes"),
            "\(run.stderr)")
        // NB: nothing of the file is read, not even its first line to quote.
        #expect(!run.stderr.contains(" | "), "\(run.stderr)")
    }

    /// A spec file over the size limit (1 GiB) is refused by its size, before a byte is read, by
    /// the commands that read or append to spec files besides `test`: a sparse file of 64 GiB,
    /// which no reading of it would survive.
    @Test(arguments: [
        ["diff", "old", "rules", "--specs", "specs"], ["suggest", "specs", "--write", "more/huge.yaml"],
    ])
    func aHugeSpecFileIsRefusedBySize(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let rules = "rulecheck: 1\ntypes:\n  Title:\n    checks: [{ length: { max: 3 } }]\n"
        try folder.write(rules, to: "rules/task.yaml")
        try folder.write(rules, to: "old/task.yaml")
        try folder.write(
            "rulecheck: 1\ntoday: 2026-11-22\ncases:\n  Title:\n    - { in: x, out: x }\n", to: "specs/a.yaml")
        let file = try folder.write("rulecheck: 1\n", to: arguments[0] == "diff" ? "specs/huge.yaml" : "more/huge.yaml")
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1 << 36)
        try handle.close()
        let run = try Rulecheck.run(arguments, in: folder.url)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "huge.yaml:1:1: error: file is 68719476736 bytes, larger than the limit of 1073741824 bytes"),
            "\(run.stderr)")
    }
}

/// The names a target language reserves or the generated code imports: `lint` warns of them,
/// `generate` refuses them with the rename to make, and `export --quiet` silences what it can only approximate.
@Suite struct TargetNameTests {
    @Test func generateTypeScriptRefusesATypeNamedResult() throws {
        let folder = try TemporaryFolder()
        try folder.write("rulecheck: 1\ntypes:\n  Result:\n    checks: [email]\n", to: "rules/task.yaml")
        let run = try Rulecheck.run(["generate", "typescript", "rules", "--output", "out"], in: folder.url)
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "rules/task.yaml:3:3: error: 'Result' is a name each generated TypeScript module imports from the "
                    + "runtime, so the module would not compile; rename it, such as to 'ResultValue'\n"),
            "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out/task.rules.ts").path))
        let lint = try Rulecheck.run(["lint"], in: folder.url)
        #expect(
            lint.stderr.contains(
                "rules/task.yaml:3:3: warning: 'Result' is a name each generated TypeScript module imports from the "
                    + "runtime, so the module would not compile; rename it, such as to 'ResultValue'\n"),
            "\(lint.stderr)")
    }

    @Test func lintWarnsOfANameOnlyTypeScriptRefuses() throws {
        let folder = try TemporaryFolder()
        try folder.write("rulecheck: 1\ntypes:\n  FormInput: {}\n", to: "rules/task.yaml")
        let lint = try Rulecheck.run(["lint"], in: folder.url)
        #expect(lint.status == 0, "\(lint.stderr)")
        #expect(lint.stdout.hasSuffix(": 1 warning\n"), "\(lint.stdout)")
        #expect(lint.stderr.hasPrefix("rules/task.yaml:3:3: warning: 'FormInput' is a name each generated TypeScript"))
    }

    @Test func exportQuietLeavesOutTheApproximations() throws {
        let folder = try TemporaryFolder()
        try folder.write(TestCommandTests.rules, to: "rules/task.yaml")
        let loud = try Rulecheck.run(["export", "jsonschema"], in: folder.url)
        let quiet = try Rulecheck.run(["export", "jsonschema", "--quiet"], in: folder.url)
        #expect(loud.stderr.contains(": warning: "))
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(quiet.stdout == loud.stdout && !quiet.stdout.isEmpty)
    }
}
