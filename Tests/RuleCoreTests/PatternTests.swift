import Testing

@testable import RuleCore

@Suite struct PatternTests {
    struct MatchCase: Sendable, CustomTestStringConvertible {
        var pattern: String
        var input: String
        var matches: Bool
        init(_ pattern: String, _ input: String, _ matches: Bool) {
            (self.pattern, self.input, self.matches) = (pattern, input, matches)
        }
        var testDescription: String {
            let escaped = input.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
            return "/\(pattern)/ \(matches ? "matches" : "does not match") \"\(escaped)\""
        }
    }

    @Test(
        "whole-value match, literals and escapes",
        arguments: [
            MatchCase("abc", "abc", true),
            MatchCase("abc", "abcd", false),
            MatchCase("abc", "xabc", false),
            MatchCase("a+", "xxaayy", false),
            MatchCase("a+", "aa", true),
            MatchCase("", "", true),
            MatchCase("", "a", false),
            MatchCase(#"\\\.\*\+\?\(\)\[\]\{\}\|\^\$\/"#, #"\.*+?()[]{}|^$/"#, true),
            MatchCase(#"\t\n\r\f\v\0"#, "\t\n\r\u{0C}\u{0B}\0", true),
            MatchCase(#"\x41\u0042\u{43}\u{1F600}\u{000041}"#, "ABC😀A", true),
            MatchCase(#"\uD83D\uDE00"#, "😀", true),
            MatchCase("日本語", "日本語", true),
            MatchCase("😀{2}", "😀😀", true),
            MatchCase("/", "/", true),
        ])
    func literals(_ c: MatchCase) throws { try check(c) }

    @Test(
        "'.' is any scalar but a line terminator, and values compare scalar by scalar",
        arguments: [
            MatchCase(".", "a", true),
            MatchCase(".", "😀", true),
            MatchCase(".", "\u{85}", true),
            MatchCase(".", "\n", false),
            MatchCase(".", "\r", false),
            MatchCase(".", "\u{2028}", false),
            MatchCase(".", "\u{2029}", false),
            MatchCase("..", "😀", false),
            MatchCase(".", "e\u{301}", false),
            MatchCase("..", "e\u{301}", true),
            MatchCase(".{5}", "👨‍👩‍👧", true),
            MatchCase("é", "e\u{301}", false),
            MatchCase("e\u{301}", "é", false),
            MatchCase(#"e\u{301}"#, "e\u{301}", true),
            MatchCase(".*", "any\u{0}thing", true),
        ])
    func dot(_ c: MatchCase) throws { try check(c) }

    @Test(
        "classes: ranges, negation, escapes inside, astral scalars",
        arguments: [
            MatchCase("[abc]+", "cab", true),
            MatchCase("[a-z]+", "hello", true),
            MatchCase("[a-z]", "A", false),
            MatchCase("[^a-z]", "A", true),
            MatchCase("[^a-z]", "a", false),
            MatchCase("[^a]", "\n", true),
            MatchCase("[-a]", "-", true),
            MatchCase("[a-]", "-", true),
            MatchCase(#"[\-]"#, "-", true),
            MatchCase("[a-c-e]", "-", true),
            MatchCase("[a-c-e]", "d", false),
            MatchCase("[.]", "a", false),
            MatchCase("[.]", ".", true),
            MatchCase("[a^]", "^", true),
            MatchCase("[$|(){}*+?/]+", "$|(){}*+?/", true),
            MatchCase(#"[\]\[\\]+"#, #"][\"#, true),
            MatchCase(#"[\t\x41\u{42}]+"#, "\tAB", true),
            MatchCase(#"[\d\s]+"#, "1 2", true),
            MatchCase(#"[\D]"#, "a", true),
            MatchCase(#"[\W\d]"#, "5", true),
            MatchCase(#"[^\W\d]"#, "5", false),
            MatchCase(#"[^\W\d]"#, "a", true),
            MatchCase("[😀-😂]", "😁", true),
            MatchCase("[😀😂]", "😁", false),
            MatchCase(#"[\u{1F600}-\u{1F64F}]"#, "🙂", true),
            MatchCase(#"[\p{Lu}\d]+"#, "AB12", true),
            MatchCase(#"[\P{L}]"#, "1", true),
            MatchCase(#"[\P{L}]"#, "a", false),
            MatchCase(#"[^\P{L}]"#, "a", true),
            MatchCase(#"[^\p{Lu}a-c]"#, "b", false),
            MatchCase(#"[^\p{Lu}a-c]"#, "D", false),
            MatchCase(#"[^\p{Lu}a-c]"#, "x", true),
            MatchCase(#"[\P{Script=Han}]"#, "漢", false),
            MatchCase(#"[\P{Script=Han}x]"#, "y", true),
        ])
    func classes(_ c: MatchCase) throws { try check(c) }

    @Test(
        #"\d is ASCII digits, \w ASCII word characters, \s White_Space"#,
        arguments: [
            MatchCase(#"\d+"#, "0123456789", true),
            MatchCase(#"\d"#, "１", false),
            MatchCase(#"\d"#, "٣", false),
            MatchCase(#"\D"#, "１", true),
            MatchCase(#"\D"#, "7", false),
            MatchCase(#"\w+"#, "az_AZ09", true),
            MatchCase(#"\w"#, "é", false),
            MatchCase(#"\w"#, "-", false),
            MatchCase(#"\W"#, "-", true),
            MatchCase(#"\s"#, "\u{3000}", true),
            MatchCase(#"\s"#, "\u{A0}", true),
            MatchCase(#"\s"#, "\u{85}", true),
            MatchCase(#"\s"#, "\u{1680}", true),
            MatchCase(#"\s+"#, "\t\n\u{0B}\u{0C}\r \u{2000}\u{200A}\u{2028}\u{2029}\u{202F}\u{205F}", true),
            MatchCase(#"\s"#, "\u{FEFF}", false),
            MatchCase(#"\s"#, "\u{200B}", false),
            MatchCase(#"\s"#, "\u{1C}", false),
            MatchCase(#"\S"#, "\u{3000}", false),
            MatchCase(#"\S"#, "\u{FEFF}", true),
        ])
    func classEscapes(_ c: MatchCase) throws { try check(c) }

    @Test(
        #"\p{…} general categories by short, long and gc= names"#,
        arguments: [
            MatchCase(#"\p{L}+"#, "héllo日本", true),
            MatchCase(#"\p{Lu}"#, "a", false),
            MatchCase(#"\p{Lu}"#, "Á", true),
            MatchCase(#"\p{Letter}"#, "π", true),
            MatchCase(#"\p{Uppercase_Letter}"#, "Ω", true),
            MatchCase(#"\p{LC}"#, "ǅ", true),
            MatchCase(#"\p{Lo}"#, "あ", true),
            MatchCase(#"\p{gc=Nd}+"#, "٣١", true),
            MatchCase(#"\p{General_Category=Decimal_Number}"#, "१", true),
            MatchCase(#"\p{digit}"#, "৪", true),
            MatchCase(#"\p{N}"#, "Ⅻ", true),
            MatchCase(#"\p{Nd}"#, "Ⅻ", false),
            MatchCase(#"\p{P}"#, "。", true),
            MatchCase(#"\p{punct}"#, "!", true),
            MatchCase(#"\p{S}"#, "€", true),
            MatchCase(#"\p{So}"#, "😀", true),
            MatchCase(#"\p{Z}"#, "\u{3000}", true),
            MatchCase(#"\p{Zs}"#, "\n", false),
            MatchCase(#"\p{Cc}"#, "\n", true),
            MatchCase(#"\p{Cn}"#, "\u{378}", true),
            MatchCase(#"\p{M}"#, "\u{301}", true),
            MatchCase(#"\p{L}\p{M}"#, "e\u{301}", true),
            MatchCase(#"\p{L}"#, "e\u{301}", false),
            MatchCase(#"\P{L}"#, "1", true),
            MatchCase(#"\P{L}"#, "a", false),
        ])
    func generalCategories(_ c: MatchCase) throws { try check(c) }

    @Test(
        #"\p{Script=…} and \p{Script_Extensions=…}"#,
        arguments: [
            MatchCase(#"\p{Script=Han}+"#, "漢字𠀀", true),
            MatchCase(#"\p{sc=Hani}"#, "か", false),
            MatchCase(#"\p{Script=Hiragana}+"#, "ひらがな", true),
            MatchCase(#"\p{Script=Katakana}+"#, "カタカナ", true),
            MatchCase(#"\p{Script=Katakana}"#, "ー", false),
            MatchCase(#"\p{Script=Common}"#, "ー", true),
            MatchCase(#"\p{scx=Kana}"#, "ー", true),
            MatchCase(#"\p{Script_Extensions=Hiragana}"#, "ー", true),
            MatchCase(#"\p{Script_Extensions=Latin}"#, "ー", false),
            MatchCase(#"\p{Script=Latin}+"#, "Straße", true),
            MatchCase(#"\p{Script=Greek}"#, "π", true),
            MatchCase(#"\p{Script=Cyrillic}+"#, "Привет", true),
            MatchCase(#"\p{Script=Armenian}+"#, "Բարև", true),
            MatchCase(#"\p{Script=Hebrew}+"#, "שלום", true),
            MatchCase(#"\p{Script=Arabic}+"#, "سلام", true),
            MatchCase(#"\p{Script=Devanagari}+"#, "हिन्दी", true),
            MatchCase(#"\p{Script=Thai}+"#, "ไทย", true),
            MatchCase(#"\p{Script=Hangul}+"#, "한국어", true),
            MatchCase(#"\p{Script=Inherited}"#, "\u{301}", true),
            MatchCase(#"\p{Script=Unknown}"#, "\u{378}", true),
            MatchCase(#"\p{Script=Unknown}"#, "a", false),
            MatchCase(#"\P{Script=Han}"#, "a", true),
            MatchCase(#"\P{Script=Han}"#, "漢", false),
            MatchCase(#"[\p{Script=Han}\p{Script=Hiragana}]+"#, "日本語ひらがな", true),
        ])
    func scripts(_ c: MatchCase) throws { try check(c) }

    @Test(
        "groups, alternation and anchors",
        arguments: [
            MatchCase("(ab)+", "ababab", true),
            MatchCase("(ab)+", "aba", false),
            MatchCase("(?:ab|cd)*", "abcdab", true),
            MatchCase(#"(?<year>\d{4})-(?<month>\d{2})"#, "2026-11", true),
            MatchCase("a|b|c", "b", true),
            MatchCase("a|b|c", "ab", false),
            MatchCase("a|", "", true),
            MatchCase("|a", "a", true),
            MatchCase("()", "", true),
            MatchCase("(|a)+", "aa", true),
            MatchCase("(a|ab)(c|bcd)", "abcd", true),
            MatchCase("^abc$", "abc", true),
            MatchCase("^abc", "abc", true),
            MatchCase("^$", "", true),
            MatchCase("a^b", "ab", false),
            MatchCase("a$b", "ab", false),
            MatchCase("(^a|b)+", "ab", true),
            MatchCase("(^a|b)+", "ba", false),
            MatchCase("(a$|b)+", "ba", true),
            MatchCase("(a$|b)+", "ab", false),
            MatchCase("a(^)", "a", false),
            MatchCase("(^)*a", "a", true),
            MatchCase("a($)*", "a", true),
            MatchCase(String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100), "a", true),
        ])
    func groupsAndAnchors(_ c: MatchCase) throws { try check(c) }

    @Test(
        "quantifiers, greedy and lazy",
        arguments: [
            MatchCase("a*", "", true),
            MatchCase("a*", "aaa", true),
            MatchCase("a+", "", false),
            MatchCase("a?", "", true),
            MatchCase("a?", "aa", false),
            MatchCase("a{3}", "aaa", true),
            MatchCase("a{3}", "aa", false),
            MatchCase("a{3}", "aaaa", false),
            MatchCase("a{2,}", "a", false),
            MatchCase("a{2,}", "aa", true),
            MatchCase("a{2,}", "aaaaa", true),
            MatchCase("a{2,4}", "aaaa", true),
            MatchCase("a{2,4}", "aaaaa", false),
            MatchCase("a{0}", "", true),
            MatchCase("a{0}", "a", false),
            MatchCase("a{0,}", "aa", true),
            MatchCase("(ab){1,2}c", "ababc", true),
            MatchCase("(ab){1,2}c", "abababc", false),
            MatchCase("a*?", "aaa", true),
            MatchCase("a+?b", "aab", true),
            MatchCase("a??", "a", true),
            MatchCase("a{2,3}?", "aaa", true),
            MatchCase("a{2,}?", "aaaa", true),
            MatchCase("x{1000}", String(repeating: "x", count: 1000), true),
            MatchCase("x{1000}", String(repeating: "x", count: 999), false),
            MatchCase("(x{10}){100}", String(repeating: "x", count: 1000), true),
        ])
    func quantifiers(_ c: MatchCase) throws { try check(c) }

    private func check(_ c: MatchCase) throws {
        #expect(try RulePattern(c.pattern).matches(c.input) == c.matches)
    }

    struct PathologicalCase: Sendable, CustomTestStringConvertible {
        var pattern: String
        var input: String
        var matches: Bool
        var testDescription: String { "/\(pattern)/ on \(input.unicodeScalars.count) scalars" }
    }

    static let manyAs = String(repeating: "a", count: 10_000)

    @Test(
        "patterns that make a backtracking engine take exponential time",
        arguments: [
            PathologicalCase(pattern: "(a|a)*b", input: manyAs, matches: false),
            PathologicalCase(pattern: "(a|aa)+$", input: String(manyAs.dropFirst()) + "!", matches: false),
            PathologicalCase(pattern: "(a?){30}a{30}", input: String(repeating: "a", count: 30), matches: true),
            PathologicalCase(pattern: "(.*a){20}", input: manyAs, matches: true),
            PathologicalCase(pattern: "(?:a+,)*a+b", input: manyAs, matches: false),
        ])
    func pathological(_ c: PathologicalCase) throws {
        #expect(try RulePattern(c.pattern).matches(c.input) == c.matches)
    }

    /// Star height 2 with a required character in each round cannot be split two ways, and counted
    /// repetitions stay within 10,000 states.
    @Test(
        "repetitions that backtracking engines also run fast are accepted",
        arguments: [
            MatchCase(#"(?:\w+\.)*\w+"#, "mail.example.com", true),
            MatchCase(#"(\d+,)*\d+"#, "1,22,333", true),
            MatchCase("(a+b)+", "aabab", true),
            MatchCase("(a+){3}", "aaaa", true),
            MatchCase(String(repeating: #"\w{0,1000}"#, count: 4), "abc", true),
        ])
    func accepted(_ c: MatchCase) throws { try check(c) }

    struct NestedCase: Sendable, CustomTestStringConvertible {
        var written: String
        var syntax: PatternSyntax
        var matches: Bool
        var testDescription: String { "/\(written)/" }
    }

    static let a = PatternSyntax.scalar("a")

    /// The parser refuses these for the sake of backtracking backends; the engine itself stays linear.
    @Test(
        "nested unbounded repetitions run in linear time too",
        arguments: [
            NestedCase(
                written: "(a*)*b",
                syntax: .concatenation([.repetition(.repetition(a, min: 0, max: nil), min: 0, max: nil), .scalar("b")]),
                matches: false),
            NestedCase(
                written: "(a+)+b",
                syntax: .concatenation([.repetition(.repetition(a, min: 1, max: nil), min: 1, max: nil), .scalar("b")]),
                matches: false),
            NestedCase(
                written: "(a*)*", syntax: .repetition(.repetition(a, min: 0, max: nil), min: 0, max: nil), matches: true
            ),
        ])
    func nested(_ c: NestedCase) {
        #expect(
            PatternMatcher(PatternCompiler.compile(c.syntax)).matches(Substring(Self.manyAs).unicodeScalars)
                == c.matches)
    }

    @Test(
        "a value longer than the input limit never matches, even where the pattern would",
        arguments: [
            MatchCase(".*", String(repeating: "x", count: RulePattern.maximumInputLength), true),
            MatchCase(".*", String(repeating: "x", count: RulePattern.maximumInputLength + 1), false),
            MatchCase(".*", String(repeating: "😀", count: RulePattern.maximumInputLength), true),
            MatchCase("[^a]*", String(repeating: "e\u{301}", count: RulePattern.maximumInputLength / 2 + 1), false),
        ])
    func inputLimit(_ c: MatchCase) throws { try check(c) }

    @Test func matchesASubstringsScalarsOnly() throws {
        let text = "id: A-123 end"
        let start = text.index(text.startIndex, offsetBy: 4)
        let end = text.index(start, offsetBy: 5)
        #expect(try RulePattern(#"[A-Z]-\d+"#).matches(text[start..<end].unicodeScalars))
    }

    @Test func theDocumentationExampleHolds() throws {
        let zipCode = try RulePattern(#"\d{3}-\d{4}"#)
        #expect(zipCode.matches("123-4567"))
        #expect(!zipCode.matches("〒123-4567"))
    }

    @Test func patternsAreEqualByTheirSource() throws {
        #expect(try RulePattern("a+") == RulePattern("a+"))
        #expect(try RulePattern("a+") != RulePattern("aa*"))
        #expect(try Set([RulePattern("a+"), RulePattern("a+"), RulePattern("b")]).count == 2)
        #expect(try RulePattern(#"\d"#).source == #"\d"#)
    }
}
