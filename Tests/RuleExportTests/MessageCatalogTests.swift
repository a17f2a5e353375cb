import Foundation
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

    /// The exported String Catalog, read back by the JSON reader: `strings[key]` → language → format.
    static func formats(_ catalog: MessageCatalog) throws -> [String: [String: String]] {
        guard case .record(let root) = try JSONReader().read(catalog.stringCatalog().rendered(.xcode)),
            case .string("en")? = root["sourceLanguage"], case .record(let strings)? = root["strings"]
        else { throw CatalogShapeError() }
        return try strings.mapValues { entry in
            guard case .record(let entry) = entry, case .record(let localizations)? = entry["localizations"] else {
                throw CatalogShapeError()
            }
            return try localizations.mapValues { localization in
                guard case .record(let localization) = localization,
                    case .record(let unit)? = localization["stringUnit"],
                    case .string(let value)? = unit["value"], case .string? = unit["state"]
                else { throw CatalogShapeError() }
                return value
            }
        }
    }

    struct CatalogShapeError: Error {}

    /// Every bound a code can carry, and values with and without a `%`, and none.
    static let fillings: [(bound: Bound?, value: Substring?)] = [
        (.count(20), "abc"), (.count(1_234_567), "50% off"), (DecimalNumber("1.5").map(Bound.number), "x"),
        (LocalDate(year: 2026, month: 11, day: 22).map(Bound.date), "2026-11-21"), (nil, nil),
    ]

    /// `String(format:)`'s own reading of the exported format, as `String(localized:)` fills it on iOS.
    static func foundationFormat(_ format: String, _ arguments: [MessageFormat.Argument]) -> String {
        let varArgs: [any CVarArg] = arguments.map { argument in
            switch argument {
            case .integer(let count): Int64(count)
            case .text(let text): NSString(string: text)
            }
        }
        return String(format: format, arguments: varArgs)
    }

    @Test(arguments: ["en", "ja"])
    func everyExportedFormatFilledIsTheBuiltInMessage(language: String) throws {
        let rules = try RepositoryRules.load()
        let catalog = MessageCatalog(rules)
        let formats = try Self.formats(catalog)
        var outcomes: [String: Outcome] = [:]
        for name in rules.types.map(\.name) + rules.models.map(\.name) {
            for outcome in rules.validator(named: name)!.outcomes where outcomes[outcome.catalogKey] == nil {
                outcomes[outcome.catalogKey] = outcome
            }
        }
        #expect(Set(formats.keys) == Set(catalog.entries.map(\.key)))
        var compared = 0
        for entry in catalog.entries {
            let outcome = try #require(outcomes[entry.key], "no outcome reports \(entry.key)")
            let format = try #require(formats[entry.key]?[language], "\(entry.key) has no \(language)")
            #expect(!format.contains("{"), "\(entry.key) keeps a placeholder: \(format)")
            for filling in Self.fillings where (filling.bound == nil) == (outcome.builtin.boundKind == nil) {
                if case .count? = filling.bound, outcome.builtin.boundKind != .count { continue }
                if case .number? = filling.bound, outcome.builtin.boundKind != .number { continue }
                if case .date? = filling.bound, outcome.builtin.boundKind != .date { continue }
                let violation = Violation(outcome, bound: filling.bound, value: filling.value)
                let builtin = violation.message(language: language)
                #expect(Self.foundationFormat(format, violation.formatArguments) == builtin, "\(entry.key)")
                #expect(MessageFormat.fill(format, with: violation.formatArguments) == builtin, "\(entry.key)")
                compared += 1
            }
        }
        #expect(compared >= catalog.entries.count)
    }

    @Test func specifiersAreOfTheBoundsKind() throws {
        let formats = try Self.formats(
            Self.catalog(
                """
                types:
                  Title: { checks: [length: { max: 20 }], messages: { tooLong: { en: "{max} max, not '{value}'.", ja: "「{value}」は{max}文字まで" } } }
                  Price: { type: decimal, checks: [range: { min: 0.5 }], messages: { tooSmall: { en: "At least {min}, 100%." } } }
                  Due: { type: date, checks: [notBefore: "2026-01-01"], messages: { tooEarly: { en: "{min} or later." } } }

                """))
        #expect(formats["Title.tooLong"] == ["en": "%1$lld max, not '%2$@'.", "ja": "「%2$@」は%1$lld文字まで"])
        #expect(formats["Price.tooSmall"]?["en"] == "At least %1$@, 100%%.")
        #expect(formats["Due.tooEarly"]?["en"] == "%1$@ or later.")
        #expect(formats["Due.invalidFormat"]?["en"] == "'%1$@' is not a valid value.")
    }
}
