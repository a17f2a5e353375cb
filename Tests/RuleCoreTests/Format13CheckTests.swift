import Testing

@testable import RuleCore

/// Format 1.3's checks at and around every edge of their meaning (docs/format.md, "Checks"); the
/// same edges are spec cases of `rules/web_inputs.yaml`, which the runtimes run too.
@Suite struct Format13CheckTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var valid: Bool
        var why: String
        var testDescription: String { why }
    }

    @Test(
        "ip: 4 is a dotted quad of 0 to 255 without leading zeros",
        arguments: [
            Case(text: "192.0.2.1", valid: true, why: "an address"),
            Case(text: "0.0.0.0", valid: true, why: "zeros"),
            Case(text: "255.255.255.255", valid: true, why: "the largest"),
            Case(text: "256.0.0.1", valid: false, why: "a part above 255"),
            Case(text: "192.168.01.1", valid: false, why: "a leading zero"),
            Case(text: "1.2.3", valid: false, why: "three parts"),
            Case(text: "1.2.3.4.5", valid: false, why: "five parts"),
            Case(text: "1.2.3.", valid: false, why: "an empty part"),
            Case(text: "1.2.3.1234", valid: false, why: "four digits"),
            Case(text: "١.2.3.4", valid: false, why: "a digit that is not ASCII"),
            Case(text: "", valid: false, why: "empty"),
        ])
    func ipv4(_ sample: Case) {
        #expect(IPCheck.isValid(sample.text[...], version: 4) == sample.valid)
    }

    @Test(
        "ip: 6 is RFC 4291's text form, with '::' once and an IPv4 tail",
        arguments: [
            Case(text: "2001:db8::1", valid: true, why: "compressed"),
            Case(text: "::", valid: true, why: "all zeros"),
            Case(text: "::1", valid: true, why: "loopback"),
            Case(text: "1::", valid: true, why: "'::' at the end"),
            Case(text: "1:2:3:4:5:6:7:8", valid: true, why: "eight groups"),
            Case(text: "1:2:3:4:5:6:7::", valid: true, why: "'::' for one group"),
            Case(text: "::ffff:192.0.2.1", valid: true, why: "an IPv4 tail"),
            Case(text: "1:2:3:4:5:6:192.0.2.1", valid: true, why: "six groups and an IPv4 tail"),
            Case(text: "ABCD:EF01::", valid: true, why: "upper-case digits"),
            Case(text: "1:2:3:4:5:6:7:8:9", valid: false, why: "nine groups"),
            Case(text: "1:2:3:4:5:6:7", valid: false, why: "seven groups without '::'"),
            Case(text: "1:2:3:4:5:6:7:8::", valid: false, why: "eight groups and '::'"),
            Case(text: "1::2::3", valid: false, why: "'::' twice"),
            Case(text: ":::", valid: false, why: "three colons"),
            Case(text: ":1::", valid: false, why: "a single leading colon"),
            Case(text: "1:", valid: false, why: "a single trailing colon"),
            Case(text: "12345::", valid: false, why: "five digits in a group"),
            Case(text: "g::", valid: false, why: "a letter past f"),
            Case(text: "fe80::1%eth0", valid: false, why: "a zone"),
            Case(text: "[::1]", valid: false, why: "brackets"),
            Case(text: "::192.0.2.1:1", valid: false, why: "an IPv4 part not at the end"),
            Case(text: "1.2.3.4::", valid: false, why: "an IPv4 part before '::'"),
            Case(text: "1:2:3:4:5:6:7:192.0.2.1", valid: false, why: "nine groups' worth with an IPv4 tail"),
            Case(text: "::256.0.0.1", valid: false, why: "an IPv4 tail out of range"),
            Case(text: "192.0.2.1", valid: false, why: "IPv4"),
        ])
    func ipv6(_ sample: Case) {
        #expect(IPCheck.isValid(sample.text[...], version: 6) == sample.valid)
    }

    @Test func ipWithoutAVersionTakesEither() {
        #expect(IPCheck.isValid("192.0.2.1", version: nil))
        #expect(IPCheck.isValid("2001:db8::1", version: nil))
        #expect(!IPCheck.isValid("example.com", version: nil))
    }

    @Test(
        "hostname is RFC 1123's ASCII labels",
        arguments: [
            Case(text: "example.com", valid: true, why: "two labels"),
            Case(text: "localhost", valid: true, why: "one label"),
            Case(text: "xn--r8jz45g.jp", valid: true, why: "an A-label"),
            Case(text: "1.2.3.4", valid: true, why: "all digits"),
            Case(text: "a-b.c", valid: true, why: "a hyphen inside"),
            Case(text: String(repeating: "a", count: 63) + ".com", valid: true, why: "a label of 63"),
            Case(text: String(repeating: "a", count: 64) + ".com", valid: false, why: "a label of 64"),
            Case(
                text: Array(repeating: String(repeating: "a", count: 63), count: 3).joined(separator: ".") + "."
                    + String(repeating: "a", count: 61), valid: true, why: "253 in all"),
            Case(
                text: Array(repeating: String(repeating: "a", count: 63), count: 3).joined(separator: ".") + "."
                    + String(repeating: "a", count: 62), valid: false, why: "254 in all"),
            Case(text: "example.com.", valid: false, why: "a trailing dot"),
            Case(text: ".example.com", valid: false, why: "a leading dot"),
            Case(text: "a..b", valid: false, why: "an empty label"),
            Case(text: "-a.com", valid: false, why: "a leading hyphen"),
            Case(text: "a-.com", valid: false, why: "a trailing hyphen"),
            Case(text: "a_b.com", valid: false, why: "an underscore"),
            Case(text: "例え.jp", valid: false, why: "a U-label"),
            Case(text: "", valid: false, why: "empty"),
        ])
    func hostname(_ sample: Case) {
        #expect(HostnameCheck.isValid(sample.text[...]) == sample.valid)
    }

    @Test(
        "printable refuses Cc, Cf but ZWNJ and ZWJ, Co, Cn and the line and paragraph separators",
        arguments: [
            Case(text: "Kay Ōno", valid: true, why: "letters and a space"),
            Case(text: "a\u{A0}b", valid: true, why: "a no-break space (Zs)"),
            Case(text: "\u{915}\u{94D}\u{200C}\u{937}", valid: true, why: "ZWNJ"),
            Case(text: "👨\u{200D}👩\u{200D}👧", valid: true, why: "ZWJ"),
            Case(text: "e\u{301}", valid: true, why: "a combining mark (Mn)"),
            Case(text: "a\tb", valid: false, why: "a tab (Cc)"),
            Case(text: "a\u{7F}", valid: false, why: "DEL (Cc)"),
            Case(text: "a\u{85}", valid: false, why: "NEL (Cc)"),
            Case(text: "a\u{202E}", valid: false, why: "a bidirectional override (Cf)"),
            Case(text: "a\u{200B}", valid: false, why: "a zero-width space (Cf)"),
            Case(text: "a\u{FEFF}", valid: false, why: "a byte order mark (Cf)"),
            Case(text: "a\u{E000}", valid: false, why: "private use (Co)"),
            Case(text: "a\u{378}", valid: false, why: "unassigned (Cn)"),
            Case(text: "a\u{2028}", valid: false, why: "the line separator (Zl)"),
            Case(text: "a\u{2029}", valid: false, why: "the paragraph separator (Zp)"),
        ])
    func printable(_ sample: Case) {
        #expect(PrintableCheck.isValid(sample.text[...]) == sample.valid)
    }

    @Test func textChecksCompareScalarsCaseSensitively() {
        #expect(StartsWithCheck.passes("JP-1", "JP-"))
        #expect(!StartsWithCheck.passes("jp-1", "JP-"))
        #expect(!StartsWithCheck.passes("JP", "JP-"))
        #expect(EndsWithCheck.passes("a.png", ".png"))
        #expect(!EndsWithCheck.passes("a.png ", ".png"))
        #expect(ContainsCheck.passes("a@b", "@"))
        #expect(!ContainsCheck.passes("a＠b", "@"))
        #expect(ContainsCheck.passes("aab", "ab"))
        #expect(NotContainsCheck.passes("cafe\u{301}", "é"))
        #expect(!NotContainsCheck.passes("café", "é"))
        // NB: "e" is a scalar of the decomposed "é", so the decomposed text starts with it.
        #expect(StartsWithCheck.passes("e\u{301}x", "e"))
        #expect(!StartsWithCheck.passes("\u{E9}x", "e"))
    }

    @Test func decimalsCountPlacesWithoutTrailingZeros() {
        #expect(DecimalsCheck.places(of: DecimalNumber("19.990")!) == 2)
        #expect(DecimalsCheck.places(of: DecimalNumber("20.0")!) == 0)
        #expect(DecimalsCheck.places(of: DecimalNumber("-0.001")!) == 3)
        #expect(DecimalsCheck.places(of: DecimalNumber("100")!) == 0)
    }
}
