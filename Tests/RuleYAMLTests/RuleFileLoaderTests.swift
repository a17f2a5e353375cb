import Foundation
import RuleCore
import RuleTestSupport
import Testing

@testable import RuleYAML

@Suite struct RuleFileLoaderTests {
    /// Each wrong rule file beside this test, with the diagnostics it must get in its `.expected`
    /// golden file: message, line:column, the quoted line and carets. A new case is two new files.
    @Test(arguments: Fixture.all(in: "Fixtures/bad", ext: "yaml"))
    func diagnosesWrongRuleFile(_ fixture: Fixture) throws {
        let bytes = try [UInt8](Data(contentsOf: fixture.url))
        let result = RuleFileLoader().load(bytes: bytes, file: fixture.description)
        #expect(result.ruleSet == nil)
        #expect(result.diagnostics.hasErrors)
        let source = String(decoding: bytes, as: UTF8.self)
        let text = DiagnosticRenderer(source: { _ in source }).render(result.diagnostics)
        try assertGolden(text, at: fixture.sibling(ext: "expected"))
    }

    static let repositoryRules = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../rules").standardizedFileURL.path

    /// Formats 1.1 and 1.2 add to 1 and change nothing it means: all read alike; other versions, and a
    /// version written as a string, are refused by name.
    @Test(arguments: [
        ("1", nil), ("1.1", nil), ("1.2", nil),
        ("2", "a.yaml:1:12: error: unsupported format version '2'; this rulecheck reads versions 1, 1.1, 1.2 and 1.3"),
        (
            "1.4",
            "a.yaml:1:12: error: unsupported format version '1.4'; this rulecheck reads versions 1, 1.1, 1.2 and 1.3"
        ),
        (
            "'1.1'",
            "a.yaml:1:12: error: unsupported format version the string '1.1'; this rulecheck reads versions 1, 1.1, 1.2 and 1.3"
        ),
    ])
    func formatVersions(_ version: String, _ expected: String?) {
        let result = RuleFileLoader().load(
            yaml: "rulecheck: \(version)\ntypes:\n  Id:\n    checks: [uuid]\n", file: "a.yaml")
        #expect(
            result.diagnostics.map { DiagnosticRenderer.plain.render([$0]).split(separator: "\n")[0] }
                == (expected.map { [$0[...]] } ?? []))
        #expect((result.ruleSet != nil) == (expected == nil))
    }

    @Test func theRepositoryRulesLoadWithoutDiagnostics() throws {
        let result = RuleFileLoader().load([Self.repositoryRules])
        #expect(result.diagnostics.isEmpty, "\(DiagnosticRenderer.plain.render(result.diagnostics))")
        let rules = try #require(result.ruleSet)
        #expect(
            result.files.map { URL(fileURLWithPath: $0).lastPathComponent } == [
                "login.yaml", "profile-account.yaml", "profile.yaml", "signup.yaml", "task.yaml", "unicode.yaml",
                "user_search.yaml", "username.yaml", "web_inputs.yaml",
            ])
        #expect(rules.names.contains("TaskTitle") && rules.names.contains("SignUp"))
    }

    @Test func typesMayReferToTypesInOtherFiles() throws {
        let folder = try TemporaryFolder()
        try folder.write("rulecheck: 1\ntypes:\n  Name:\n    normalize: [trim]\n", to: "rules/a.yaml")
        try folder.write(
            "rulecheck: 1\ntypes:\n  Nick:\n    type: Name\n    checks:\n      - length: { max: 3 }\n",
            to: "rules/sub/b.yml")
        let result = RuleFileLoader().load([folder.url.appendingPathComponent("rules").path])
        let nick = try #require(result.ruleSet?.typeValidator(named: "Nick"))
        #expect(nick.validate(" abc ") == .valid(.string("abc")))
        #expect(nick.validate("abcd").violations.map(\.code) == ["tooLong"])
    }

    @Test func aMissingPathIsADiagnostic() {
        let result = RuleFileLoader().load(["/nonexistent/rules"])
        #expect(
            DiagnosticRenderer.plain.render(result.diagnostics)
                == "rulecheck: error: no such file or folder '/nonexistent/rules'\n")
    }

    @Test func theSeedRulesReadAsDeclared() throws {
        let yaml = """
            rulecheck: 1
            defaults:
              messages:
                tooShort: { en: "Longer, please.", ja: "もっと長く" }
            types:
              TaskTitle:
                normalize: [trim, collapseWhitespace]
                checks:
                  - length: { min: 1, max: 20, unit: utf16, code: { tooLong: titleTooLong } }
                  - pattern: '[^<>]*'
                  - oneOf: { values: [a, b], message: "Pick a or b." }
              Count:
                type: integer
                optional: true
                checks:
                  - range: { min: -1, max: 10 }
            """
        let result = RuleFileLoader().load(yaml: yaml)
        #expect(result.diagnostics.isEmpty)
        let title = try #require(result.ruleSet?.types.first)
        #expect(title.normalizers == [.trim, .collapseWhitespace])
        #expect(title.checks.map(\.name) == ["length", "pattern", "oneOf"])
        #expect(title.checks[0].descriptor as? LengthCheck == LengthCheck(min: 1, max: 20, unit: .utf16))
        #expect(title.checks[0].code(for: "tooLong") == "titleTooLong")
        #expect(title.checks[0].code(for: "tooShort") == "tooShort")
        // NB: file defaults are found by the code reported: a renamed code does not see them.
        let tooShort = try #require(result.ruleSet?.validator(named: "TaskTitle")?.validate("").violations.first)
        #expect(tooShort.code == "tooShort" && tooShort.message(language: "ja") == "もっと長く")
        let tooLong = try #require(
            result.ruleSet?.validator(named: "TaskTitle")?.validate(.text(String(repeating: "a", count: 21))).violations
                .first)
        #expect(tooLong.code == "titleTooLong" && tooLong.message(language: "ja") == "20文字以内で入力してください。")
        let count = try #require(result.ruleSet?.typeValidator(named: "Count"))
        #expect(count.isOptional)
        #expect(count.validate("-2").violations.map(\.code) == ["tooSmall"])
    }

    /// A file that is no YAML stops nothing else: the other files compile, and a name it may declare
    /// is no "unknown type" (that would follow from its error), while every other mistake shows.
    @Test func aFileThatIsNoYAMLLeavesTheOthersChecked() throws {
        let folder = try TemporaryFolder()
        try folder.write("rulecheck: 1\ntypes:\n  Coupon:\n    checks: [uuid\n", to: "rules/a.yaml")
        try folder.write(
            """
            rulecheck: 1
            types:
              Gift:
                type: Coupon
              Count:
                type: integer
                checks:
                  - length: { max: 3 }
              Other:
                type: Nope
            """, to: "rules/b.yaml")
        let result = RuleFileLoader().load([folder.url.appendingPathComponent("rules").path])
        let messages = result.diagnostics.map(\.message)
        #expect(messages.contains { $0.hasPrefix("did not find expected ',' or ']'") }, "\(messages)")
        #expect(messages.contains("'length' does not apply to an integer value; it applies to string"))
        #expect(messages.contains("unknown type 'Nope'"))
        #expect(!messages.contains { $0.contains("'Coupon'") }, "\(messages)")
        #expect(result.ruleSet == nil)
    }

    /// Only a mistake that can leave a declaration's codes unknown marks it incomplete: an unknown key does not.
    @Test(arguments: [
        ("    descripton: x\n", false), ("    checks: [lenght]\n", true), ("    optional: maybe\n", true),
        ("    serverCodes: [1x]\n", true), ("    normalize: [trimm]\n", false),
    ])
    func aDeclarationIsIncompleteOnlyWhereItsCodesMayBe(_ mistake: String, _ incomplete: Bool) {
        let result = RuleFileLoader().load(yaml: "rulecheck: 1.2\ntypes:\n  Title:\n" + mistake, file: "a.yaml")
        #expect(result.diagnostics.hasErrors)
        #expect(result.incomplete.contains(SourceLocation(file: "a.yaml", line: 3, column: 3)) == incomplete)
    }
}
