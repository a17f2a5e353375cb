/// A step that rewrites a value's text before any check runs; a type's normalizers run in the
/// order written.
public enum Normalizer: String, Hashable, Sendable, CaseIterable {
    /// Removes leading and trailing ``WhiteSpace`` code points, and nothing else.
    case trim
    /// Lower-cases by Unicode's full case mapping (`"ẞ"` → `"ß"`), with Final_Sigma (`"ΟΔΟΣ"` →
    /// `"οδος"`), independent of any locale.
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
    ///
    /// Every Unicode fact comes from the pinned tables (``PinnedUnicode``), never from the platform.
    public func apply(_ text: Substring) -> Substring {
        switch self {
        case .trim: Self.trimmed(text)
        case .lowercase: PinnedUnicode.lowercase(text)
        case .uppercase: PinnedUnicode.uppercase(text)
        case .collapseWhitespace: Self.collapsed(Self.trimmed(text))
        case .nfc: PinnedUnicode.nfc(text)
        case .nfkc: PinnedUnicode.nfkc(text)
        }
    }

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
