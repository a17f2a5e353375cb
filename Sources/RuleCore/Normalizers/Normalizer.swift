import Foundation

/// A step that rewrites a value's text before any check runs; a type's normalizers run in the
/// order written.
public enum Normalizer: String, Hashable, Sendable, CaseIterable {
    /// Removes leading and trailing ``WhiteSpace`` code points, and nothing else.
    case trim
    /// Lower-cases by Unicode's full case mapping (`"ẞ"` → `"ß"`), independent of any locale.
    case lowercase
    /// Upper-cases by Unicode's full case mapping (`"ß"` → `"SS"`), independent of any locale.
    case uppercase
    /// Trims, then replaces every run of ``WhiteSpace`` inside the value with one U+0020.
    case collapseWhitespace
    /// Unicode canonical composition (NFC).
    case nfc
    /// Unicode compatibility composition (NFKC): full-width `Ａ１` becomes `A1`.
    case nfkc

    /// Every normalizer's YAML name, for "did you mean".
    public static var allNames: [String] { allCases.map(\.rawValue) }

    /// `text` rewritten by this normalizer; returns `text` itself, without copying, when nothing changes.
    public func apply(_ text: Substring) -> Substring {
        switch self {
        case .trim:
            return Self.trimmed(text)
        case .lowercase:
            // NB: Swift's lowercased() is locale-independent full case mapping, which is the contract.
            return text.utf8.allSatisfy({ $0 < 0x41 || ($0 > 0x5A && $0 < 0x80) }) ? text : Substring(text.lowercased())
        case .uppercase:
            return text.utf8.allSatisfy({ $0 < 0x61 || ($0 > 0x7A && $0 < 0x80) }) ? text : Substring(text.uppercased())
        case .collapseWhitespace:
            return Self.collapsed(Self.trimmed(text))
        case .nfc:
            // Below U+0300 there is no combining mark and every character is its own NFC.
            guard !text.unicodeScalars.allSatisfy({ $0.value < 0x300 }) else { return text }
            return Substring(Self.composed(String(text).decomposedStringWithCanonicalMapping))
        case .nfkc:
            guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
            let string = String(text)
            if string.unicodeScalars.allSatisfy({ $0.value < 0x300 }) {
                // No mark to reorder, no jamo, nothing beyond U+FFFF: Foundation's mapping, then
                // the composition it leaves undone (`ǅ` is `Dž`, with `ž` composed).
                return Substring(string.precomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping)
            }
            return Substring(Self.composed(string.decomposedStringWithCompatibilityMapping))
        }
    }

    /// The canonical composition of decomposed text (NFC of NFD, NFKC of NFKD), by Foundation,
    /// around four faults of its own on Linux, all found by Scripts/agree.py or beside it: its
    /// compatibility composition leaves pairs apart that NFKC composes (half-width ｶﾞ stays カ
    /// U+3099, two scalars where NFKC gives one, ガ); its composition of text not decomposed first
    /// skips reordering what a decomposition puts after a mark (U+0345 U+0F73 stays U+0345 U+0F71
    /// U+0F72, where NFC orders U+0F71 U+0F72 U+0345); its composition reads a scalar beyond
    /// U+FFFF as the scalar of its low 16 bits (U+E0074, a tag letter, and U+0323 become ṭ
    /// U+1E6D); it composes jamo just outside Hangul's ranges (``jamoBeside``). So the text
    /// is decomposed first, and composed in pieces, each ending after a starter beyond U+FFFF
    /// that starts no composition, and before and after each of those jamo: nothing composes
    /// across such a cut, and no reordering crosses it. Checked against Python's unicodedata on
    /// 554,000 strings of kana, Hangul, marks, tags, scalars beyond U+FFFF and every script.
    static func composed(_ decomposed: String) -> String {
        guard decomposed.unicodeScalars.contains(where: { $0.value > 0xFFFF || jamoBeside.contains($0.value) })
        else {
            return decomposed.precomposedStringWithCanonicalMapping
        }
        var result = ""
        var piece = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars {
            let beside = jamoBeside.contains(scalar.value)
            if beside {
                result += String(piece).precomposedStringWithCanonicalMapping
                piece.removeAll()
            }
            piece.append(scalar)
            if beside
                || (scalar.value > 0xFFFF && scalar.properties.canonicalCombiningClass == .notReordered
                    && !composingStartersBeyondBMP.contains(scalar.value))
            {
                result += String(piece).precomposedStringWithCanonicalMapping
                piece.removeAll()
            }
        }
        return result + String(piece).precomposedStringWithCanonicalMapping
    }

    /// The jamo just outside the ranges that Hangul composition takes (leading U+1100–U+1112,
    /// vowels U+1161–U+1175, trailing U+11A8–U+11C2), which Foundation composes too: U+1113 and a
    /// vowel become U+FFFD, a syllable and U+11A7 the syllable alone. No composition takes them
    /// and their class is 0, so a piece may end before and after each.
    static let jamoBeside: Set<UInt32> = [0x1113, 0x1176, 0x11A7, 0x11C3]

    /// The first scalars of the thirteen canonical compositions beyond U+FFFF (Kaithi, Chakma,
    /// Grantha, Tirhuta, Siddham, Dives Akuru), the same as Foundation composes: each pair's
    /// other scalar is beyond U+FFFF too, which Foundation composes right.
    static let composingStartersBeyondBMP: Set<UInt32> = [
        0x11099, 0x1109B, 0x110A5, 0x11131, 0x11132, 0x11347, 0x114B9, 0x115B8, 0x115B9, 0x11935,
    ]

    static func trimmed(_ text: Substring) -> Substring {
        // NB: reads UTF-8 bytes in place, never decoding a scalar: every White_Space scalar is one
        // of a few 1-to-3-byte sequences, so the cuts fall on scalar boundaries. Sliced by scalars,
        // not `text[start..<end]`, which rounds to whole characters: a final space after U+0600
        // belongs to its grapheme cluster and would be kept.
        var copy = text
        let (head, tail) = copy.withUTF8 { bytes in
            var start = 0
            while let length = WhiteSpace.length(leading: bytes, at: start) { start += length }
            var end = bytes.count
            while end > start, let length = WhiteSpace.length(trailing: bytes, endingAt: end) { end -= length }
            return (start, bytes.count - end)
        }
        if head == 0 && tail == 0 { return text }
        let utf8 = text.utf8
        return Substring(utf8[utf8.index(utf8.startIndex, offsetBy: head)..<utf8.index(utf8.endIndex, offsetBy: -tail)])
    }

    static func collapsed(_ text: Substring) -> Substring {
        var needsWork = false
        var previousWasSpace = false
        for scalar in text.unicodeScalars {
            let isSpace = WhiteSpace.contains(scalar)
            if isSpace && (previousWasSpace || scalar != " ") { needsWork = true; break }
            previousWasSpace = isSpace
        }
        guard needsWork else { return text }
        var result = String.UnicodeScalarView()
        previousWasSpace = false
        for scalar in text.unicodeScalars {
            if WhiteSpace.contains(scalar) {
                if !previousWasSpace { result.append(" ") }
                previousWasSpace = true
            } else {
                result.append(scalar)
                previousWasSpace = false
            }
        }
        return Substring(String(result))
    }
}
