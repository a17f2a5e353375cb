import RuleCore
import RuleExport
import RuleYAML
import Testing

/// What a message catalog holds beyond the golden files: fallbacks and codes reported twice.
@Suite struct MessageCatalogTests {
    static func catalog(_ yaml: String) throws -> MessageCatalog {
        MessageCatalog(try #require(RuleFileLoader().load(yaml: "rulecheck: 1\n" + yaml).ruleSet))
    }

    @Test func aLanguageWithoutItsOwnMessageGetsTheFallbackToReview() throws {
        let catalog = try Self.catalog(
            "types:\n  T:\n    checks:\n      - pattern: { regex: 'a', code: c, message: { en: A., pt-BR: A BR. } }\n"
                + "      - pattern: { regex: 'b', code: d, message: { en: B., pt: B pt. } }\n")
        #expect(catalog.languages == ["en", "ja", "pt", "pt-BR"])
        let strings = try #require(catalog.stringCatalog()["strings"])
        func unit(_ key: String, _ language: String) -> JSONValue? {
            strings[key]?["localizations"]?[language]?["stringUnit"]
        }
        #expect(unit("T.c", "pt") == .object([.init("state", "needs_review"), .init("value", "A.")]))
        #expect(unit("T.d", "pt-BR") == .object([.init("state", "needs_review"), .init("value", "B pt.")]))
        #expect(unit("T.c", "pt-BR") == .object([.init("state", "translated"), .init("value", "A BR.")]))
        #expect(unit("T.c", "ja") == .object([.init("state", "translated"), .init("value", "形式が正しくありません。")]))
        #expect(catalog.plainJSON()["T.d"]?["pt-BR"] == "B pt.")
    }

    @Test func aCodeWithTwoMessagesKeepsTheFirstAndWarns() throws {
        let catalog = try Self.catalog(
            "types:\n  T:\n    checks:\n      - pattern: { regex: 'a', code: c, message: First. }\n"
                + "      - pattern: { regex: 'b', code: c, message: Second. }\n")
        #expect(catalog.entries.map(\.key) == ["T.required", "T.c"])
        #expect(catalog.entries.last?.templates.template(for: "en") == "First.")
        #expect(
            DiagnosticRenderer.plain.render(catalog.warnings)
                == "rules.yaml:6:9: warning: 'T' reports 'c' with other messages here than before; the catalog keeps the first\n"
        )
    }
}
