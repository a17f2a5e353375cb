/// Text compared and trimmed by its scalars (its UTF-8 bytes), as JavaScript and Python compare it.
/// `hasPrefix`, `hasSuffix` and `==` on `String` follow canonical equivalence of the standard
/// library's Unicode, which differs by OS release and from the other runtimes: `"e\u{301}x"` has
/// the prefix `"e"` here and not by `hasPrefix`.
extension StringProtocol {
    /// Whether the text starts with `prefix`, scalar for scalar.
    package func hasScalarPrefix(_ prefix: some StringProtocol) -> Bool {
        utf8.starts(with: prefix.utf8)
    }

    /// Whether the text ends with `suffix`, scalar for scalar.
    package func hasScalarSuffix(_ suffix: some StringProtocol) -> Bool {
        utf8.count >= suffix.utf8.count && utf8.reversed().starts(with: suffix.utf8.reversed())
    }

    /// The text without leading and trailing U+0020 and U+0009: the spaces of HTTP headers, YAML
    /// lines and command-line lists, which are ASCII by their definitions.
    package func trimmingSpacesAndTabs() -> SubSequence {
        let scalars = unicodeScalars
        let start = scalars.firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = scalars.lastIndex { $0 != " " && $0 != "\t" }.map { scalars.index(after: $0) } ?? start
        return self[start..<end]
    }
}

extension String {
    /// The text's lines joined by spaces, split at every line break Unicode names (LF, VT, FF, CR,
    /// NEL, LS, PS), scalar by scalar: a generated comment's one line, alike on every platform.
    package var joiningLines: String {
        unicodeScalars.split { [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) }
            .map(String.init).joined(separator: " ")
    }
}

extension StringProtocol {
    /// The text with each occurrence of `target` replaced, matched scalar for scalar: `"*/\u{301}"`
    /// holds `*/` here, and not by `replacing(_:with:)`, which matches whole characters.
    package func replacingScalars(_ target: some StringProtocol, with replacement: some StringProtocol) -> String {
        let pattern = Array(target.utf8)
        guard let lead = pattern.first else { return String(self) }
        let bytes = Array(utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == lead, bytes[index...].starts(with: pattern) {
                out += replacement.utf8
                index += pattern.count
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension Sequence where Element: StringProtocol {
    /// Whether the sequence holds `text`, compared scalar for scalar, as the engine's `oneOf`
    /// compares: `["café"]` does not hold `"cafe\u{301}"` here, and does by `contains`.
    package func containsScalars(_ text: some StringProtocol) -> Bool {
        contains { $0.utf8.elementsEqual(text.utf8) }
    }
}
