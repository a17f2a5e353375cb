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
            return text.utf8.allSatisfy({ $0 < 0x80 })
                ? text : Substring(String(text).precomposedStringWithCanonicalMapping)
        case .nfkc:
            return text.utf8.allSatisfy({ $0 < 0x80 })
                ? text : Substring(String(text).precomposedStringWithCompatibilityMapping)
        }
    }

    static func trimmed(_ text: Substring) -> Substring {
        // NB: most values start and end with a printable ASCII byte, which no White_Space scalar
        // starts or ends with: those are returned as they are, without decoding a scalar.
        if let first = text.utf8.first, let last = text.utf8.last, (0x21..<0x80).contains(first),
            (0x21..<0x80).contains(last)
        {
            return text
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !WhiteSpace.contains($0) }) else { return text[text.endIndex...] }
        let last = scalars.lastIndex(where: { !WhiteSpace.contains($0) })!
        // NB: sliced by scalars, not `text[first...last]`, which rounds to whole characters: a final
        // space after U+0600 belongs to its grapheme cluster and would be kept.
        return Substring(scalars[first...last])
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
