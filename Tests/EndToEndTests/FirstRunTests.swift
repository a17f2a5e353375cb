import Foundation
import RuleTestSupport
import Testing

/// What a new user tripped over: where commands find their rules, and how a wrong option is told.
@Suite struct FirstRunTests {
    @Test(
        "lint, check and export find the nearest rules/ above the working folder, as the runner does",
        arguments: [["lint"], ["check", "TaskTitle", " x "], ["export", "jsonschema"]])
    func findTheNearestRules(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        try folder.write(TestCommandTests.rules, to: "rules/task.yaml")
        try folder.write("", to: "app/sources/.keep")
        let run = try Rulecheck.run(arguments, in: folder.url.appendingPathComponent("app/sources"))
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func anUnknownLanguageIsADiagnosticWithTheOnePrefix() throws {
        let folder = try TemporaryFolder()
        try folder.write(TestCommandTests.rules, to: "rules/task.yaml")
        let run = try Rulecheck.run(["check", "TaskTitle", "x", "--language", "jp"], in: folder.url)
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "rulecheck: error: --language: 'jp' names no language; use an ISO 639 code such as 'en', 'ja' or "
                    + "'pt-BR'; did you mean 'ja'?\n"))
    }

    @Test func lintCountsInSingulars() throws {
        let folder = try TemporaryFolder()
        try folder.write("rulecheck: 1\ntypes:\n  A:\n    checks: [lenght]\n", to: "rules/a.yaml")
        let run = try Rulecheck.run(["lint"], in: folder.url)
        #expect(run.stdout == "1 rule file, 1 type, 0 models: 1 error\n")
    }
}
