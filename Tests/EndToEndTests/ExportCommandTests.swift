import Foundation
import RuleTestSupport
import Testing

/// `rulecheck export jsonschema|openapi|messages`.
@Suite struct ExportCommandTests {
    func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(TestCommandTests.rules, to: "rules/task.yaml")
        return folder
    }

    @Test func jsonSchemaGoesToStandardOutputWithAWarningPerApproximatedRule() throws {
        let folder = try project()
        let run = try Rulecheck.run(["export", "jsonschema"], in: folder.url)
        #expect(run.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect((document["$defs"] as? [String: Any])?.keys.sorted() == ["TaskDueDate", "TaskTitle", "ToDoTask"])
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(
            warnings == [
                "rules/task.yaml:6:9: warning: 'length' applies after normalize: [trim], but JSON Schema sees the raw value; only 'x-rulecheck-checks' carries it",
                "rules/task.yaml:9:3: warning: 'format: date' only annotates in JSON Schema 2020-12, so the schema accepts any text as 'TaskDueDate'; only 'x-rulecheck-type' carries the date check",
                "rules/task.yaml:13:9: warning: 'notBefore: today' depends on the day of validation; only 'x-rulecheck-checks' carries it",
            ])
    }

    @Test func outputGoesToAFile() throws {
        let folder = try project()
        let run = try Rulecheck.run(["export", "openapi", "rules", "--output", "openapi.json"], in: folder.url)
        #expect(run.status == 0 && run.stdout.isEmpty)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("openapi.json")))
                as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        #expect(((document["components"] as? [String: Any])?["schemas"] as? [String: Any])?.count == 3)
    }

    @Test func messagesAsAStringCatalog() throws {
        let folder = try project()
        let run = try Rulecheck.run(["export", "messages", "--format", "xcstrings"], in: folder.url)
        #expect(run.status == 0 && run.stderr.isEmpty)
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(catalog["sourceLanguage"] as? String == "en" && catalog["version"] as? String == "1.0")
        let strings = try #require(catalog["strings"] as? [String: [String: Any]])
        #expect(
            strings.keys.sorted() == [
                "TaskDueDate.invalidFormat", "TaskDueDate.tooEarly", "TaskTitle.required", "TaskTitle.titleTooLong",
                "TaskTitle.titleTooShort", "ToDoTask.invalidFormat", "ToDoTask.required",
            ])
        let tooLong = try #require(
            strings["TaskTitle.titleTooLong"]?["localizations"] as? [String: [String: [String: String]]])
        #expect(tooLong["ja"]?["stringUnit"] == ["state": "translated", "value": "タイトルが長すぎます。"])
        #expect(tooLong["en"]?["stringUnit"] == ["state": "translated", "value": "Too long: the maximum is {max}."])
        #expect(run.stdout.contains("\"sourceLanguage\" : \"en\""), "Xcode's spacing")
    }

    @Test func messagesAsPlainJSON() throws {
        let folder = try project()
        let run = try Rulecheck.run(["export", "messages", "--format", "json"], in: folder.url)
        #expect(run.status == 0)
        let messages = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: [String: String]])
        #expect(
            messages["TaskTitle.titleTooShort"] == [
                "en": "Too short: the minimum is {min}.", "ja": "{min}文字以上で入力してください。",
            ])
        #expect(run.stdout.hasPrefix("{\n  \"TaskTitle.required\": {"), "in declaration order")
    }

    @Test func wrongRulesExitTwoAndWriteNothing() throws {
        let folder = try project()
        try folder.write("rulecheck: 1\ntypes:\n  T:\n    checks: [lenght]\n", to: "rules/bad.yaml")
        let run = try Rulecheck.run(["export", "jsonschema", "--output", "schema.json"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("rules/bad.yaml:4:14: error: unknown check 'lenght'; did you mean 'length'?"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("schema.json").path))
    }
}
