/// An HTTP `Accept-Language` header (RFC 9110, section 12.5.4), read once, that picks the language
/// of messages among those a rule set has.
///
/// ```swift
/// let preference = AcceptLanguage("ja-JP, en;q=0.9")
/// preference.negotiate(among: ["en", "ja"])   // "ja": send it as Content-Language
/// ```
///
/// Ranges are ordered by their weight (`q`, 0 to 1, 1 when not given), the first written first
/// among equals; tags compare case-insensitively; a range finds an available tag equal to it,
/// else one it is a prefix of (`en` finds `en-GB`), else it is shortened from the end (RFC 4647's
/// lookup: `ja-JP` finds `ja`). `*` finds the default; `q=0` rules a language out, even for `*`.
/// Entries that are not language ranges are skipped, since a header is the client's to get
/// wrong, and the default (`en`) is the answer when nothing matches.
public struct AcceptLanguage: Hashable, Sendable {
    /// One language range with its weight in thousandths.
    public struct Range: Hashable, Sendable {
        /// The range, lower-cased: `ja-jp`, `*`.
        public let tag: String
        /// The weight, from 0 (not acceptable) to 1000.
        public let quality: Int
    }

    /// The ranges, most preferred first; those of weight 0 last.
    public let ranges: [Range]

    /// Reads a header's value; `nil` or an empty value prefers nothing.
    public init(_ header: String?) {
        var ranges: [Range] = []
        for entry in (header ?? "").split(separator: ",") {
            let parts = entry.split(separator: ";", omittingEmptySubsequences: false)
            let tag = ASCIICase.lower(parts[0].trimmingSpacesAndTabs())
            guard Self.isRange(tag) else { continue }
            var quality = 1000
            for parameter in parts.dropFirst() {
                let pair = parameter.trimmingSpacesAndTabs()
                guard pair.hasScalarPrefix("q=") || pair.hasScalarPrefix("Q=") else { continue }
                guard let value = Self.quality(pair.dropFirst(2)) else {
                    quality = -1
                    break
                }
                quality = value
            }
            if quality >= 0 { ranges.append(Range(tag: tag, quality: quality)) }
        }
        // NB: a stable sort, so that among equal weights the order written stands.
        self.ranges = ranges.enumerated().sorted { a, b in
            a.element.quality != b.element.quality ? a.element.quality > b.element.quality : a.offset < b.offset
        }.map(\.element)
    }

    /// The tag, as `available` spells it, that the client prefers most; `defaultLanguage` when no
    /// range matches any.
    public func negotiate(among available: some Collection<String>, default defaultLanguage: String = "en") -> String {
        let excluded = Set(ranges.filter { $0.quality == 0 }.map(\.tag))
        let candidates = available.filter { !excluded.contains(ASCIICase.lower($0)) }
        for range in ranges where range.quality > 0 {
            if range.tag == "*" {
                if !excluded.contains(ASCIICase.lower(defaultLanguage)) { return defaultLanguage }
                if let first = candidates.first { return first }
                continue
            }
            if let found = LanguageTag.lookup(range.tag, in: candidates, narrower: true) { return found }
        }
        return defaultLanguage
    }

    /// `1*8ALPHA *("-" 1*8alphanum)` or `*`.
    private static func isRange(_ tag: String) -> Bool {
        if tag == "*" { return true }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, first.utf8.allSatisfy(isLetter) else { return false }
        return subtags.allSatisfy { subtag in
            (1...8).contains(subtag.utf8.count) && subtag.utf8.allSatisfy { isLetter($0) || isDigit($0) }
        }
    }

    /// RFC 9110's `qvalue` in thousandths: `0`, `0.5`, `1.000`; `nil` for anything else.
    private static func quality(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        if bytes.count == 1 { return first == UInt8(ascii: "1") ? 1000 : 0 }
        guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5, bytes.dropFirst(2).allSatisfy(isDigit) else {
            return nil
        }
        var thousandths = 0
        for index in 0..<3 {
            thousandths = thousandths * 10 + (2 + index < bytes.count ? Int(bytes[2 + index] - UInt8(ascii: "0")) : 0)
        }
        if first == UInt8(ascii: "1") { return thousandths == 0 ? 1000 : nil }
        return thousandths
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
