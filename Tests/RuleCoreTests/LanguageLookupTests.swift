import RuleCore
import Testing

/// The one look-up of a language among others (RFC 4647), which message templates, an app's
/// localizations and `Accept-Language` share.
@Suite struct LanguageLookupTests {
    @Test(
        "a language finds itself, case and underscore aside, then itself shortened from the end",
        arguments: [
            ("ja", ["en", "ja"], false, "ja"),
            ("JA", ["en", "ja"], false, "ja"),
            ("ja-JP", ["en", "ja"], false, "ja"),
            ("ja_JP", ["en", "ja"], false, "ja"),
            ("pt-BR", ["pt", "pt-BR"], false, "pt-BR"),
            ("pt-br", ["pt", "pt_BR"], false, "pt_BR"),
            ("pt-PT", ["pt", "pt-BR"], false, "pt"),
            ("zh-Hant-TW", ["zh", "zh-Hant"], false, "zh-Hant"),
            ("fr", ["en", "ja"], false, nil),
            ("en", ["en-GB", "ja"], false, nil),
            ("en", ["en-GB", "ja"], true, "en-GB"),
            ("en-US", ["en-GB", "en"], true, "en"),
            ("", ["en"], false, nil),
        ] as [(String, [String], Bool, String?)])
    func lookup(tag: String, available: [String], narrower: Bool, expected: String?) {
        #expect(LanguageTag.lookup(tag, in: available, narrower: narrower) == expected)
    }
}
