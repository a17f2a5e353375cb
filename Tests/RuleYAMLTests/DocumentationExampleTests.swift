import RuleCore
import RuleYAML
import Testing

/// The examples in the README and in the doc comments of the entry points, run as written, so
/// that they cannot drift.
@Suite struct DocumentationExampleTests {
    @Test func theReadmeLibraryExample() throws {
        let loaded = RuleFileLoader().load([RuleFileLoaderTests.repositoryRules])
        let rules = try #require(loaded.ruleSet)
        let title = rules.validator(named: "TaskTitle")!
        #expect(title.validate("  Buy milk  ") == .valid(.string("Buy milk")))
        let login = rules.validator(named: "Login")!.validate(["email": "", "password": ""])
        #expect(login.violations.map { $0.message(language: "ja") } == ["メールアドレスが入力されていません", "パスワードが入力されていません"])
        #expect(login.violations.map(\.code) == ["emptyEmail", "emptyPassword"])
    }

    @Test func theRuleSetExample() throws {
        let title = TypeRule(name: "TaskTitle", normalizers: [.trim], checks: [Check(LengthCheck(min: 1, max: 20))])
        let rules = try RuleSet.compile(types: [title], models: [])
        #expect(rules.validator(named: "TaskTitle")!.validate("  Buy milk  ") == .valid(.string("Buy milk")))
    }

    @Test func theYAMLLimitsExample() throws {
        var limits = YAMLLimits.default
        limits.maxScalarLength = 1 << 20
        let loaded = RuleFileLoader(limits: limits).load([RuleFileLoaderTests.repositoryRules])
        #expect(loaded.ruleSet != nil)
    }

    @Test func theRuleFileLoaderExample() throws {
        let result = RuleFileLoader().load([RuleFileLoaderTests.repositoryRules])
        let rules = try #require(result.ruleSet)
        #expect(rules.validator(named: "EmailAddress")!.validate("a@example.com") == .valid(.string("a@example.com")))
    }
}
