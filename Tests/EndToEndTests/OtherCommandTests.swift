import Foundation
import RuleCore
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
        #expect(run.stdout == "1 rule file, 2 types, 1 model: no problems\n")
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
        let run = try Rulecheck.run(["check", "ToDoTask", "--today", "2026-11-22"], in: folder.url, stdin: input)
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
        #expect(version.status == 0 && version.stdout == "0.1.0 (Unicode 17.0.0)\n")
    }
}

/// `rulecheck check` on JSON lines: every line read by `JSONReader`, numbers exactly as written.
@Suite struct CheckJSONLinesTests {
    @Test("rulecheck check reads JSON as generated Decodable does", arguments: JSONAgreementCase.all)
    func readsAsGeneratedCodeDoes(_ c: JSONAgreementCase) throws {
        let folder = try TemporaryFolder()
        let run = try Rulecheck.run(
            ["check", c.type, "--rules", JSONAgreementCase.rules.path], in: folder.url, stdin: c.json + "\n")
        #expect(run.stderr == "")
        #expect(try Self.verdict(run.stdout) == c.expected)
    }

    /// A result line as `JSONAgreementCase` writes it: `valid VALUE`, or `path: code` for each violation.
    static func verdict(_ line: String) throws -> [String] {
        guard case .record(let result) = try JSONReader().read(line.trimmingCharacters(in: .newlines)) else {
            return ["not a result: " + line]
        }
        if result["valid"] == .boolean(true) { return ["valid " + describe(result["value"] ?? .absent)] }
        guard case .list(let violations)? = result["violations"] else { return ["not a result: " + line] }
        return violations.map { violation in
            guard case .record(let fields) = violation, case .list(let path)? = fields["path"],
                case .string(let code)? = fields["code"]
            else { return "not a violation" }
            return path.map(describe).joined(separator: ".") + ": " + code
        }
    }

    /// A JSON value as `ValidatedValue.description` writes it: `{a: 1, b: x}`.
    static func describe(_ input: ValidationInput) -> String {
        switch input {
        case .absent: "nil"
        case .text(let text), .string(let text): text
        case .number(let number): number.description
        case .boolean(let flag): flag ? "true" : "false"
        case .list(let items): "[" + items.map(describe).joined(separator: ", ") + "]"
        case .record(let fields):
            "{" + fields.sorted { $0.key < $1.key }.map { "\($0.key): \(describe($0.value))" }.joined(separator: ", ")
                + "}"
        }
    }

    @Test func aLineThatIsNotJSONIsReportedWithItsColumnAndTheRunGoesOn() throws {
        let folder = try TemporaryFolder()
        try folder.write(TestCommandTests.rules, to: "rules/task.yaml")
        var input = Data("\"  ok  \"\n{\"title\": \"a\" \"dueDate\": 1}\n\n".utf8)
        input.append(contentsOf: [0x22, 0x61, 0xFF, 0x22, 0x0A])
        input.append(contentsOf: Data("[1,]\n{\"title\": \"x\", \"title\": \"y\"}\n{\"title\": \"b\"}\n".utf8))
        let run = try Rulecheck.run(["check", "ToDoTask"], in: folder.url, stdin: input)
        #expect(run.status == 2)
        #expect(
            run.stderr.split(separator: "\n") == [
                "<stdin>:2:15: error: not JSON: expected ',' or '}' after a member of an object; found '\"'",
                "<stdin>:4:3: error: not JSON: invalid UTF-8 byte 0xFF",
                "<stdin>:5:4: error: not JSON: expected a value after ','; found ']'; JSON has no trailing commas",
                "<stdin>:6:16: error: not JSON: duplicate key 'title' in an object",
            ])
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\"code\":\"invalidFormat\"") == true)
        #expect(lines.last == #"{"valid":true,"value":{"title":"b"}}"#)
    }
}
