import Foundation
import RuleCore
import Testing

/// The user's message language from a POSIX environment, and messages from an app's String Catalog.
@Suite struct MessageLanguageTests {
    @Test(
        arguments: [
            ([:], "en"),
            (["LANG": "ja_JP.UTF-8"], "ja-JP"),
            (["LANG": "ja_JP"], "ja-JP"),
            (["LANG": "ja"], "ja"),
            (["LANG": "pt_BR.UTF-8@euro"], "pt-BR"),
            (["LANG": "C"], "en"),
            (["LANG": "C.UTF-8"], "en"),
            (["LANG": "POSIX"], "en"),
            (["LANG": ""], "en"),
            (["LC_MESSAGES": "ja_JP.UTF-8", "LANG": "de_DE.UTF-8"], "ja-JP"),
            (["LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8", "LANG": "de_DE.UTF-8"], "fr-FR"),
            (["LC_ALL": "", "LC_MESSAGES": "ja_JP.UTF-8"], "ja-JP"),
            (["LC_ALL": "C", "LANG": "ja_JP.UTF-8"], "en"),
            (["LANGUAGE": "ja:en", "LANG": "de_DE.UTF-8"], "ja"),
            (["LANGUAGE": ":pt_BR:en", "LANG": "de_DE.UTF-8"], "pt-BR"),
            (["LANGUAGE": "ja", "LANG": "C.UTF-8"], "en"),
            (["LANGUAGE": "ja"], "en"),
            (["LANGUAGE": "", "LANG": "ja_JP.UTF-8"], "ja-JP"),
            (["LANG": "jp_JP.UTF-8"], "en"),
        ] as [([String: String], String)])
    func environmentNamesTheLanguage(environment: [String: String], language: String) {
        #expect(MessageLanguage.preferred(environment: environment) == language)
    }

    @Test(arguments: [("ja_JP.UTF-8", "タイトルが長すぎます。"), ("C.UTF-8", "The title is too long.")])
    func thePreferredLanguageFindsTheRulesMessages(lang: String, message: String) throws {
        let validator = try Self.titleValidator()
        let violation = try #require(validator.validate(.text(String(repeating: "x", count: 21))).violations.first)
        #expect(violation.message(language: MessageLanguage.preferred(environment: ["LANG": lang])) == message)
    }

    static func titleValidator() throws -> TypeValidator {
        let rule = TypeRule(
            name: "TaskTitle", checks: [Check(LengthCheck(min: 1, max: 20), codes: ["tooLong": "titleTooLong"])],
            messages: MessageTable(["titleTooLong": ["en": "The title is too long.", "ja": "タイトルが長すぎます。"]]))
        return try #require(try RuleSet.compile(types: [rule], models: []).typeValidator(named: "TaskTitle"))
    }

    /// A bundle as an app's, with `Localizable.strings` compiled from an exported catalog in `ja` only.
    static func bundle(_ strings: [String: String]) throws -> Bundle {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-bundle-\(UUID())")
        let lproj = root.appendingPathComponent("ja.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let body = strings.map { "\"\($0.key)\" = \"\($0.value)\";\n" }.joined()
        try Data(body.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        return try #require(Bundle(path: root.path))
    }

    @Test func aCatalogInTheBundleOverridesTheRulesMessageInItsLanguages() throws {
        let validator = try Self.titleValidator()
        let bundle = try Self.bundle(["TaskTitle.titleTooLong": "タイトルは%1$lld文字までです（「%2$@」）。"])
        let violation = try #require(validator.validate(.text(String(repeating: "x", count: 21))).violations.first)
        #expect(violation.outcome.catalogKey == "TaskTitle.titleTooLong")
        #expect(
            violation.message(language: "ja-JP", bundle: bundle)
                == "タイトルは20文字までです（「\(String(repeating: "x", count: 21))」）。")
        #expect(violation.message(language: "en", bundle: bundle) == "The title is too long.")
        let short = try #require(validator.validate(.text("")).violations.first)
        #expect(short.message(language: "ja", bundle: bundle) == short.message(language: "ja"))
    }

    @Test(arguments: [
        ("%1$lld max, not '%2$@'.", [MessageFormat.Argument.integer(20), .text("abc")], "20 max, not 'abc'."),
        ("「%2$@」は%1$lld文字まで", [.integer(20), .text("値")], "「値」は20文字まで"),
        ("only %2$@", [.integer(5), .text("x")], "only x"),
        ("%@ and %lld", [.text("a"), .integer(3)], "a and 3"),
        ("100%% of %1$@", [.text("1.5")], "100% of 1.5"),
        ("%3$@ %1$lld %q", [.integer(1)], "%3$@ 1 %q"),
        ("%1$lld", [.text("1.5")], "%1$lld"),
        ("trailing %", [], "trailing %"),
        // A combining mark after a specifier is text of its own, not part of the specifier.
        ("%%\u{301}", [], "%\u{301}"),
        ("%1$@\u{301}!", [.text("x")], "x\u{301}!"),
        ("%lld\u{301}", [.integer(7)], "7\u{301}"),
    ])
    func fillReadsFormatsAsStringFormatDoes(format: String, arguments: [MessageFormat.Argument], filled: String) {
        #expect(MessageFormat.fill(format, with: arguments) == filled)
    }

    @Test func theMessageFormatExample() {
        let code = LengthCheck.codes[1]
        #expect(code.name == "tooLong")
        #expect(MessageFormat.format(of: "At most {max}, not '{value}'.", for: code) == "At most %1$lld, not '%2$@'.")
        #expect(MessageFormat.arguments(bound: .count(20), value: "abc", for: code) == [.integer(20), .text("abc")])
    }

    @Test func generatedCodeAsksForThePreferredLanguage() {
        #expect(RuleCoreGeneratedCodeVersion1.language == MessageLanguage.preferred)
        #if !canImport(Darwin)
            #expect(
                MessageLanguage.preferred == MessageLanguage.preferred(environment: ProcessInfo.processInfo.environment)
            )
        #endif
    }
}
