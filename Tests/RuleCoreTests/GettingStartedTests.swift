import Testing

@testable import RuleCore

/// The getting-started article's examples, run, so that they cannot drift.
@Suite struct GettingStartedTests {
    @Test func theArticleRuns() throws {
        let title = TypeRule(
            name: "TaskTitle", normalizers: [.trim],
            checks: [Check(LengthCheck(min: 1, max: 20), codes: ["tooLong": "titleTooLong"])],
            messages: MessageTable([
                "titleTooLong": ["en": "At most {max} characters.", "ja": "{max}文字以内で入力してください。"]
            ]))
        let task = ModelRule(name: "ToDoTask", fields: [.init(name: "title", typeName: "TaskTitle")])
        let rules = try RuleSet.compile(types: [title], models: [task])

        let validator = rules.validator(named: "TaskTitle")!
        #expect(validator.validate("  Buy milk  ") == .valid(.string("Buy milk")))

        let result = rules.validator(named: "ToDoTask")!.validate(["title": .text(String(repeating: "x", count: 21))])
        #expect(result.violations.map(\.code) == ["titleTooLong"])
        #expect(result.violations[0].path == ["title"])
        #expect(result.violations[0].bound == .count(20))
        #expect(result.violations[0].message(language: "ja") == "20文字以内で入力してください。")

        let body = try JSONReader().read(#"{"title": 12345}"#)
        #expect(rules.validator(named: "ToDoTask")!.validate(body).violations.map(\.code) == ["invalidFormat"])
    }
}
