import Foundation
import RuleTestSupport
import Testing

/// `rulecheck export jsonschema|openapi|openapi-config|messages`.
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

    /// `""` for an optional number or boolean: the schema refuses it as `check` (the engine's JSON
    /// channel) does, with `invalidFormat`; for an optional text or date it is no value in both.
    @Test func theEmptyStringMeansOneThingInTheSchemaAndTheEngine() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            rulecheck: 1.1
            types:
              Quantity: { type: integer, optional: true }
              Price: { type: decimal, optional: true }
              Agreed: { type: boolean, optional: true }
              Due: { type: date, optional: true }
              Note: { optional: true }
            """, to: "rules/order.yaml")
        let export = try Rulecheck.run(["export", "jsonschema"], in: folder.url)
        #expect(export.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
        let definitions = try #require(document["$defs"] as? [String: [String: Any]])
        for name in ["Quantity", "Price", "Agreed", "Due", "Note"] {
            let choices = try #require(definitions[name]?["anyOf"] as? [[String: Any]], "\(name)")
            let acceptsEmpty = choices.contains { $0["const"] as? String == "" }
            let check = try Rulecheck.run(["check", name], in: folder.url, stdin: "\"\"\n")
            let engineAcceptsEmpty = check.stdout.hasPrefix(#"{"valid":true"#)
            #expect(acceptsEmpty == engineAcceptsEmpty, "\(name): \(check.stdout)")
            #expect(acceptsEmpty == (name == "Due" || name == "Note"), "\(name)")
        }
    }

    /// `--operation` documents every answer a server integration gives (400, 413, 415 and 422 as
    /// problem details, with `Content-Language`) and the headers it reads; openapi-spec-validator
    /// accepts the document.
    @Test(
        .enabled(
            if: Subprocess.pythonHas("openapi_spec_validator"), "needs python3 with openapi-spec-validator (PyPI)"))
    func anOperationListsEveryAnswerAndValidates() throws {
        let folder = try project()
        let run = try Rulecheck.run(
            ["export", "openapi", "--operation", "ToDoTask=POST:/tasks", "--output", "openapi.json"], in: folder.url)
        #expect(run.status == 0)
        let path = folder.url.appendingPathComponent("openapi.json").path
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let operation = try #require(
            (document["paths"] as? [String: [String: Any]])?["/tasks"]?["post"] as? [String: Any])
        let parameters = try #require(operation["parameters"] as? [[String: Any]])
        #expect(parameters.map { $0["name"] as? String } == ["Accept-Language", "Time-Zone"])
        #expect(parameters.allSatisfy { $0["in"] as? String == "header" && $0["required"] as? Bool == false })
        let responses = try #require(operation["responses"] as? [String: [String: Any]])
        #expect(responses.keys.sorted() == ["2XX", "400", "413", "415", "422"])
        for status in ["400", "413", "415", "422"] {
            let content = try #require(responses[status]?["content"] as? [String: Any], "\(status)")
            #expect(content.keys.sorted() == ["application/problem+json"], "\(status)")
            #expect((responses[status]?["headers"] as? [String: Any])?["Content-Language"] != nil, "\(status)")
        }
        let validate = try Subprocess.run(
            try #require(Subprocess.python),
            [
                "-c",
                "import json, sys; from openapi_spec_validator import validate; validate(json.load(open(sys.argv[1])))",
                path,
            ])
        #expect(validate.status == 0, "\(validate.stderr)")
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
        #expect(tooLong["en"]?["stringUnit"] == ["state": "translated", "value": "Too long: the maximum is %1$lld."])
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

    @Test func anOperationPostsAModelAsItsJSONBody() throws {
        let folder = try project()
        let run = try Rulecheck.run(["export", "openapi", "--operation", "ToDoTask=POST:/tasks"], in: folder.url)
        #expect(run.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let post = try #require((document["paths"] as? [String: [String: [String: Any]]])?["/tasks"]?["post"])
        #expect(post["operationId"] as? String == "postToDoTask")
        let content = (post["requestBody"] as? [String: Any])?["content"] as? [String: [String: [String: String]]]
        #expect(content?["application/json"]?["schema"] == ["$ref": "#/components/schemas/ToDoTask"])
        #expect((post["responses"] as? [String: Any])?.keys.sorted() == ["2XX", "400", "413", "415", "422"])
    }

    @Test(arguments: [
        ("ToDoTsk=POST:/tasks", "--operation: 'ToDoTsk' is no model of the rules; did you mean 'ToDoTask'?"),
        ("ToDoTask=FETCH:/tasks", "--operation: 'FETCH' is not an HTTP method OpenAPI knows"),
        ("ToDoTask=POST:tasks", "--operation: 'tasks' is not a path such as '/tasks'"),
        ("ToDoTask", "--operation: 'ToDoTask' is not MODEL=METHOD:PATH, such as 'ToDoTask=POST:/tasks'"),
    ])
    func aWrongOperationExitsTwo(operation: String, message: String) throws {
        let folder = try project()
        let run = try Rulecheck.run(["export", "openapi", "--operation", operation], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: " + message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func theGeneratorConfigOverridesEverySchemaWithItsSwiftType() throws {
        let folder = try project()
        let run = try Rulecheck.run(
            ["export", "openapi-config", "--module", "TaskRules", "--generate", "types", "--generate", "client"],
            in: folder.url)
        #expect(run.status == 0 && run.stderr.isEmpty)
        #expect(
            run.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") } == [
                "generate:", #"  - "types""#, #"  - "client""#, "additionalImports:", #"  - "TaskRules""#,
                "typeOverrides:", "  schemas:", #"    "TaskTitle": "TaskRules.TaskTitle""#,
                #"    "TaskDueDate": "TaskRules.TaskDueDate""#, #"    "ToDoTask": "TaskRules.ToDoTask""#,
            ])
    }

    @Test(arguments: [
        ("ToDoTask", "'ToDoTask' names a type of the rules too, which would hide the module in 'ToDoTask.ToDoTask'"),
        ("9Rules", "'9Rules' is not a Swift module name"), ("Task-Rules", "'Task-Rules' is not a Swift module name"),
    ])
    func aModuleTheOverridesCannotNameExitsTwo(module: String, message: String) throws {
        let folder = try project()
        let run = try Rulecheck.run(["export", "openapi-config", "--module", module], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: " + message), "\(run.stderr)")
    }
}
