import Foundation
import RuleTestSupport
import Testing

@Suite struct OtherCommandTests {
    func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(TestCommandTests.rules, to: "rules/task.yaml")
        return folder
    }

    @Test func lintReportsEveryMistakeWithItsPlace() throws {
        let folder = try project()
        try folder.write(
            "rulecheck: 1\ntypes:\n  A:\n    normalize: [trimm]\n    checks: [requird]\n", to: "rules/bad.yaml")
        let run = try Rulecheck.run(["lint"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("rules/bad.yaml:4:17: error: unknown normalizer 'trimm'; did you mean 'trim'?"))
        #expect(run.stderr.contains("rules/bad.yaml:5:14: error: unknown check 'requird'; did you mean 'required'?"))
        #expect(run.stderr.contains("   4 |     normalize: [trimm]\n     |                 ^~~~~"))
    }

    @Test func lintOfGoodRulesSaysSo() throws {
        let folder = try project()
        let run = try Rulecheck.run(["lint"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout == "1 rule files, 2 types, 1 models: no problems\n")
    }

    @Test func checkValidatesArguments() throws {
        let folder = try project()
        let run = try Rulecheck.run(["check", "TaskTitle", "  Buy milk  ", "", "--language", "ja"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout == "\"  Buy milk  \": ok \"Buy milk\"\n\"\": titleTooShort (1文字以上で入力してください。)\n")
    }

    @Test func checkReadsJSONLines() throws {
        let folder = try project()
        let input = "\"  ok  \"\n{\"title\": \"\", \"dueDate\": \"2026-11-21\"}\n"
        let run = try Rulecheck.run(["check", "Task", "--today", "2026-11-22"], in: folder.url, stdin: input)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains("\"code\":\"invalidFormat\""))
        #expect(lines[1].contains("\"code\":\"tooEarly\"") && lines[1].contains("\"path\":[\"dueDate\"]"))
    }

    @Test func checkOfAnUnknownTypeExitsTwo() throws {
        let folder = try project()
        let run = try Rulecheck.run(["check", "TaskTitel", "x"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "rulecheck: error: unknown type 'TaskTitel'; did you mean 'TaskTitle'?\n")
    }

    @Test func helpAndVersionExitZero() throws {
        let folder = try project()
        let help = try Rulecheck.run(["--help"], in: folder.url)
        #expect(help.status == 0 && help.stdout.contains("rulecheck specs/"))
        let version = try Rulecheck.run(["--version"], in: folder.url)
        #expect(version.status == 0 && version.stdout == "0.1.0\n")
    }
}
