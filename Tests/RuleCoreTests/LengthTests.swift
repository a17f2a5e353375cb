import Foundation
import Testing

@testable import RuleCore

@Suite struct LengthTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var unit: LengthCheck.Unit
        var expected: Int
        var why: String
        init(_ text: String, _ unit: LengthCheck.Unit, _ expected: Int, _ why: String) {
            (self.text, self.unit, self.expected, self.why) = (text, unit, expected, why)
        }
        var testDescription: String { "\(why) in \(unit)" }
    }

    static let family = "👨‍👩‍👧"  // man, ZWJ, woman, ZWJ, girl
    static let flag = "🇯🇵"
    static let combining = "e\u{0301}"

    @Test(
        "each unit counts what its name says",
        arguments: [
            Case(family, .characters, 1, "a ZWJ family"), Case(family, .scalars, 5, "a ZWJ family"),
            Case(family, .utf16, 8, "a ZWJ family"), Case(family, .bytes, 18, "a ZWJ family"),
            Case(flag, .characters, 1, "a flag"), Case(flag, .scalars, 2, "a flag"),
            Case(flag, .utf16, 4, "a flag"), Case(flag, .bytes, 8, "a flag"),
            Case(combining, .characters, 1, "e + combining acute"), Case(combining, .scalars, 2, "e + combining acute"),
            Case(combining, .utf16, 2, "e + combining acute"), Case(combining, .bytes, 3, "e + combining acute"),
            Case("漢字かな", .characters, 4, "CJK"), Case("漢字かな", .scalars, 4, "CJK"),
            Case("漢字かな", .utf16, 4, "CJK"), Case("漢字かな", .bytes, 12, "CJK"),
            Case("𠮷", .characters, 1, "an astral CJK ideograph"), Case("𠮷", .utf16, 2, "an astral CJK ideograph"),
            Case("\r\n", .characters, 1, "CR LF is one grapheme"), Case("\r\n", .scalars, 2, "CR LF"),
        ])
    func counts(_ c: Case) {
        #expect(LengthCheck.count(c.text[...], in: c.unit) == c.expected)
    }

    struct Boundary: Sendable, CustomTestStringConvertible {
        var unit: LengthCheck.Unit
        var piece: String  // one unit's worth, or a fixed-size piece
        var repeats: Int
        var expected: [String]
        var testDescription: String { "\(repeats) × '\(piece)' in \(unit) → \(expected)" }
    }

    /// 19, 20 and 21 of something in each unit against `length: { min: 1, max: 20, unit: … }`.
    static let boundaries: [Boundary] = LengthCheck.Unit.allCases.flatMap { unit -> [Boundary] in
        let piece =
            switch unit {
            case .characters: family  // 1 character
            case .scalars: "字"  // 1 scalar
            case .utf16: "a"  // 1 code unit
            case .bytes: "a"  // 1 byte
            }
        return [19, 20, 21].map {
            Boundary(unit: unit, piece: piece, repeats: $0, expected: $0 > 20 ? ["tooLong"] : [])
        }
    }

    @Test("19 and 20 pass and 21 is too long, in every unit", arguments: boundaries)
    func boundary(_ b: Boundary) throws {
        let rules = try compile(LengthCheck(min: 1, max: 20, unit: b.unit))
        let result = rules.validator(named: "T")!.validate(.text(String(repeating: b.piece, count: b.repeats)))
        #expect(result.violations.map(\.code) == b.expected)
    }

    @Test("20 family emoji are 20 characters but 100 scalars, 160 UTF-16 units and 360 bytes")
    func sameTextDifferentVerdicts() throws {
        let text = String(repeating: Self.family, count: 20)
        let verdicts = try LengthCheck.Unit.allCases.map { unit in
            try compile(LengthCheck(max: 20, unit: unit)).validator(named: "T")!.validate(.text(text)).isValid
        }
        #expect(verdicts == [true, false, false, false])
    }

    /// Scalars on both sides of the ranges that are counted without grapheme breaking, and the
    /// ones that join their neighbours: CR LF, combining marks, voicing marks, ZWJ, emoji.
    static let edgeScalars: [Unicode.Scalar] = [
        "a", " ", "\r", "\n", "\u{7F}", "\u{80}", "\u{AD}", "é", "\u{2FF}", "\u{300}", "\u{301}", "\u{3000}",
        "\u{3029}", "\u{302A}", "\u{302F}", "\u{3041}", "\u{3096}", "\u{3099}", "\u{309A}", "\u{30A0}", "ー",
        "\u{30FF}", "\u{3400}", "漢", "\u{9FFF}", "\u{FF01}", "\u{FF5E}", "\u{FF9E}", "\u{200D}", "\u{FE0F}", "👍",
        "\u{1F3FB}", "\u{1F1EF}", "\u{1F1F5}", "\u{1100}", "\u{AC00}", "\u{11A8}", "\u{0915}", "\u{094D}",
    ]

    @Test("the quick count of plain Latin and CJK text agrees with the pinned grapheme breaking")
    func quickCharacterCount() {
        var generator = SplitMix64(seed: 14)
        var strings: [String] = ["", "abc", "漢字かなカナ", "ｆｕｌｌ", "a\r\nb", "か\u{3099}", "e\u{301}", "👨‍👩‍👧"]
        for _ in 0..<5_000 {
            let length = Int.random(in: 1...6, using: &generator)
            var text = String.UnicodeScalarView()
            for _ in 0..<length { text.append(Self.edgeScalars.randomElement(using: &generator)!) }
            strings.append(String(text))
        }
        var quick = 0
        for text in strings {
            #expect(
                LengthCheck.count(text[...], in: .characters) == PinnedUnicode.graphemeCount(text[...]),
                "\(text.unicodeScalars.map(\.value))")
            if LengthCheck.simpleCharacterCount(text[...]) != nil { quick += 1 }
        }
        // NB: both ways are taken, so the comparison compares something.
        #expect(quick > 100 && quick < strings.count - 100)
    }

    @Test("every scalar the quick count takes alone is, by the pinned table, a cluster of its own")
    func quickCountRangesAgreeWithTheTable() {
        // NB: CR is left to the grapheme rules; every other one is Other or Control, with no
        // Indic_Conjunct_Break, so no rule joins it to a neighbour that is one of them too.
        let ranges: [ClosedRange<UInt32>] = [
            0x00...0x0C, 0x0E...0x2FF, 0x3000...0x3029, 0x3041...0x3096, 0x30A0...0x30FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xFF01...0xFF5E,
        ]
        for range in ranges {
            for value in range {
                let properties = PinnedUnicode.grapheme[value]
                let other = properties == PinnedUnicode.GraphemeBreak.other
                let control =
                    properties == PinnedUnicode.GraphemeBreak.control || properties == PinnedUnicode.GraphemeBreak.lf
                let pictograph = properties == PinnedUnicode.GraphemeBreak.extendedPictographic
                #expect(other || control || pictograph, "U+\(String(value, radix: 16))")
                let text = String(Unicode.Scalar(value)!)
                #expect(LengthCheck.simpleCharacterCount(text[...]) == 1, "U+\(String(value, radix: 16))")
            }
        }
    }

    private func compile(_ length: LengthCheck) throws -> RuleSet {
        try RuleSet.compile(types: [TypeRule(name: "T", checks: [Check(length)])], models: [])
    }
}

// NB: seeded (DecimalNumberTests), so that a failing string comes back on the next run.
extension SplitMix64: RandomNumberGenerator {}
