import Testing

@testable import RuleCore

@Suite struct NormalizerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var normalizer: Normalizer
        var input: String
        var expected: String
        var why: String
        init(_ normalizer: Normalizer, _ input: String, _ expected: String, _ why: String) {
            (self.normalizer, self.input, self.expected, self.why) = (normalizer, input, expected, why)
        }
        var testDescription: String { "\(normalizer): \(why)" }
    }

    @Test(
        "each normalizer rewrites exactly what the contract names",
        arguments: [
            Case(.trim, "  Buy milk  ", "Buy milk", "ASCII spaces"),
            Case(.trim, "\u{3000}全角\u{3000}", "全角", "ideographic space U+3000"),
            Case(.trim, "\u{00A0}a\u{00A0}", "a", "no-break space U+00A0"),
            Case(.trim, "\n\ta\r\n", "a", "newlines and tabs, which Swift's .whitespaces keeps"),
            Case(.trim, "\u{0085}a\u{2028}\u{2029}", "a", "NEL and the line and paragraph separators"),
            Case(
                .trim, "\u{1680}\u{2000}\u{200A}\u{202F}\u{205F}a", "a",
                "Ogham, en quad to hair space, narrow and math spaces"),
            Case(
                .trim, "\u{FEFF}a\u{FEFF}", "\u{FEFF}a\u{FEFF}", "U+FEFF is not White_Space, though JavaScript trims it"
            ),
            Case(.trim, "\u{200B}a\u{200B}", "\u{200B}a\u{200B}", "zero width space U+200B is not White_Space"),
            Case(
                .trim, "\u{1C}a\u{1F}", "\u{1C}a\u{1F}", "U+001C–U+001F are not White_Space, though Python strips them"),
            Case(.trim, " a b ", "a b", "inner spaces stay"),
            Case(.trim, " \u{3000}\n", "", "white space only becomes empty"),
            Case(.trim, " e\u{0301} ", "e\u{0301}", "a combining mark stays with its base"),
            Case(.trim, "a\u{0600} ", "a\u{0600}", "a space ending the cluster of a prepended mark U+0600 goes"),
            Case(.trim, " \u{0301}a", "\u{0301}a", "a space starting the cluster of a combining mark goes"),
            Case(
                .collapseWhitespace, " \u{0301}a\u{0600}  b\u{0600} ", "\u{0301}a\u{0600} b\u{0600}",
                "trims by scalars too"),
            Case(.collapseWhitespace, "  a \u{3000}\n b\t\tc ", "a b c", "runs of any White_Space become one space"),
            Case(.collapseWhitespace, "a b", "a b", "already collapsed"),
            Case(.lowercase, "ÄBC İ", "äbc i̇", "full case mapping, no locale"),
            Case(.lowercase, "abc", "abc", "already lower-case"),
            Case(.uppercase, "straße", "STRASSE", "ß upper-cases to SS"),
            Case(.nfc, "e\u{0301}", "é", "canonical composition"),
            Case(.nfc, "Ａ１", "Ａ１", "NFC keeps full-width forms"),
            Case(.nfkc, "Ａ１ｶ", "A1カ", "NFKC folds full-width and half-width forms"),
            Case(.nfkc, "①", "1", "NFKC folds circled digits"),
        ])
    func normalizes(_ c: Case) {
        #expect(String(c.normalizer.apply(c.input[...])) == c.expected)
    }

    @Test("NFKC composes what its compatibility mapping leaves apart, scalar for scalar")
    func nfkcComposesHalfWidthVoicedKana() {
        // Foundation on Linux maps half-width ｶﾞ to カ U+3099, which String's == calls equal to ガ.
        let scalars = { (text: String) in Normalizer.nfkc.apply(text[...]).unicodeScalars.map(\.value) }
        #expect(scalars("ｶﾞ") == [0x30AC])
        #expect(scalars("ﾊﾟﾋﾞｳﾞ") == [0x30D1, 0x30D3, 0x30F4])
        #expect(scalars("ｶ\u{FF9E}ｷ") == [0x30AC, 0x30AD])
        #expect(scalars("\u{1D400}\u{0301}") == [0xC1])
    }

    @Test("NFC and NFKC compose beyond U+FFFF, reorder after decomposing and keep Hangul's ranges, scalar for scalar")
    func compositionBeyondTheBMP() {
        let scalars = { (normalizer: Normalizer, text: String) in
            normalizer.apply(text[...]).unicodeScalars.map(\.value)
        }
        for normalizer in [Normalizer.nfc, .nfkc] {
            // A tag letter and a Linear B syllable are not t and A: they compose with no mark.
            #expect(scalars(normalizer, "\u{E0074}\u{0323}") == [0xE0074, 0x0323])
            #expect(scalars(normalizer, "\u{10041}\u{0301}x\u{0301}") == [0x10041, 0x0301, 0x0078, 0x0301])
            // The compositions beyond U+FFFF that exist still compose (Kaithi, Grantha).
            #expect(scalars(normalizer, "\u{11099}\u{110BA}") == [0x1109A])
            #expect(scalars(normalizer, "\u{11347}\u{1133E}") == [0x1134B])
            // U+0F73 decomposes to U+0F71 U+0F72, which go before U+0345 (classes 129, 130, 240).
            #expect(scalars(normalizer, "a\u{0345}\u{0F73}") == [0x61, 0x0F71, 0x0F72, 0x0345])
            #expect(scalars(normalizer, "👍\u{1F3FD}e\u{0301}") == [0x1F44D, 0x1F3FD, 0xE9])
            // Hangul composes jamo in its ranges only; the jamo just outside them stay apart.
            #expect(scalars(normalizer, "\u{1100}\u{1161}\u{11A8}") == [0xAC01])
            #expect(scalars(normalizer, "\u{AC00}\u{11A8}") == [0xAC01])
            #expect(scalars(normalizer, "\u{AC00}\u{11A7}") == [0xAC00, 0x11A7])
            #expect(scalars(normalizer, "\u{AC00}\u{11C3}") == [0xAC00, 0x11C3])
            #expect(scalars(normalizer, "\u{1113}\u{1161}") == [0x1113, 0x1161])
            #expect(scalars(normalizer, "\u{1110}\u{1176}") == [0x1110, 0x1176])
        }
    }

    @Test("White_Space has exactly the 25 code points of Unicode 17 that docs/format.md lists")
    func whiteSpaceSet() {
        let members = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter(WhiteSpace.contains).map(\.value)
        let listed: [ClosedRange<UInt32>] = [
            0x09...0x0D, 0x20...0x20, 0x85...0x85, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
            0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
        ]
        #expect(members == listed.flatMap { Array($0) })
        #expect(WhiteSpace.ranges == listed)
    }

    /// Every scalar of one, two and three UTF-8 bytes: each White_Space scalar and each scalar that
    /// shares its lead byte, which the byte-level trim must tell apart.
    static let scalarsSharingALeadByte: [Unicode.Scalar] = (0...0xFFFF).compactMap(Unicode.Scalar.init).filter {
        scalar in
        let lead = Array(String(scalar).utf8)[0]
        return scalar.value < 0x80 || [0xC2, 0xE1, 0xE2, 0xE3].contains(lead)
    }

    @Test("trim by UTF-8 bytes cuts exactly the White_Space scalars at each end, whatever shares their bytes")
    func trimMatchesTheScalarDefinition() {
        var mismatches: [String] = []
        for scalar in Self.scalarsSharingALeadByte {
            let text = "\(scalar)\(scalar)x\(scalar)y\(scalar)\(scalar)"
            let scalars = Array(text.unicodeScalars)
            let kept = scalars.drop(while: WhiteSpace.contains).reversed().drop(while: WhiteSpace.contains).reversed()
            let expected = String(String.UnicodeScalarView(kept))
            if String(Normalizer.trim.apply(text[...])) != expected {
                mismatches.append(String(scalar.value, radix: 16))
            }
        }
        #expect(Self.scalarsSharingALeadByte.count > 4_000)
        #expect(mismatches.isEmpty, "U+\(mismatches.joined(separator: ", U+"))")
    }

    @Test(
        "a value the normalizer leaves alone is returned without a copy",
        arguments: [
            Normalizer.trim, .lowercase, .collapseWhitespace, .nfc, .nfkc,
        ])
    func unchangedValueIsNotCopied(_ normalizer: Normalizer) {
        var text = "plain ascii text"[...]
        var result = normalizer.apply(text)
        let original = text.withUTF8 { $0.baseAddress }
        #expect(result.withUTF8 { $0.baseAddress } == original)
    }
}
