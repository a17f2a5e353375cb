import Testing

@testable import RuleCore

/// The text helpers that stand in for the platform's: prefixes, suffixes, replacing and
/// membership by scalars, with no canonical equivalence; case and classes in ASCII only.
@Suite struct StringScalarsTests {
    @Test(
        "prefixes and suffixes compare scalars",
        arguments: [
            ("e\u{301}x", "e", true, false),  // NB: hasPrefix says false: "e" is not the character "é"
            ("\u{E9}x", "e", false, false),
            ("application/json", "application/", true, false),
            ("a+json", "+json", false, true),
            ("x\u{301}", "\u{301}", false, true),
            ("", "", true, true),
            ("a", "ab", false, false),
        ])
    func prefixAndSuffix(text: String, part: String, prefix: Bool, suffix: Bool) {
        #expect(text.hasScalarPrefix(part) == prefix)
        #expect(text.hasScalarSuffix(part) == suffix)
    }

    @Test(
        "replacing matches scalars, also before a combining mark",
        arguments: [
            ("a */\u{301} b", "*/", "* /", "a * /\u{301} b"),  // NB: `replacing` leaves it: "/\u{301}" is one character
            ("\\\u{301}", "\\", "\\\\", "\\\\\u{301}"),
            ("a_b_c", "_", "-", "a-b-c"),
            ("%%", "%", "%%", "%%%%"),
            ("none", "x", "y", "none"),
        ])
    func replacing(text: String, target: String, replacement: String, expected: String) {
        #expect(text.replacingScalars(target, with: replacement).unicodeScalars.elementsEqual(expected.unicodeScalars))
    }

    @Test("trimming takes spaces and tabs only, and lines split at every line break")
    func trimmingAndLines() {
        #expect(" \t a b \t".trimmingSpacesAndTabs() == "a b")
        #expect("\u{3000}a\u{A0}".trimmingSpacesAndTabs() == "\u{3000}a\u{A0}")
        #expect("  ".trimmingSpacesAndTabs() == "")
        #expect("a\r\nb\u{2028}c\u{85}d\n\ne".joiningLines == "a b c d e")
    }

    @Test("membership compares scalars: the decomposed value is not the composed one")
    func membership() {
        #expect(["caf\u{E9}"].containsScalars("caf\u{E9}"))
        #expect(!["caf\u{E9}"].containsScalars("cafe\u{301}"))
        #expect(["caf\u{E9}"].contains("cafe\u{301}"))  // NB: what String's == says
    }

    @Test("ASCII case changes only ASCII letters: the Kelvin sign is no k, İ no i")
    func asciiCase() {
        #expect(ASCIICase.lower("GET") == "get")
        #expect(ASCIICase.lower("PATCH\u{212A}") == "patch\u{212A}")
        #expect(ASCIICase.lower("\u{130}") == "\u{130}")
        #expect(ASCIICase.upperFirst("tooLong") == "TooLong")
        #expect(ASCIICase.upperFirst("\u{E9}cran") == "\u{E9}cran")
        #expect(ASCIICase.lowerFirst("URL") == "uRL")
        #expect(ASCIICase.lowerFirst("") == "")
        #expect(ASCIICase.isASCIILetter("z") && !ASCIICase.isASCIILetter("\u{FF41}") && !ASCIICase.isASCIILetter("1"))
        #expect(
            ASCIICase.isASCIIDigit("7") && !ASCIICase.isASCIIDigit("\u{FF17}") && !ASCIICase.isASCIIDigit("\u{661}"))
    }
}
