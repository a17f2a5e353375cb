extension PinnedUnicode {
    /// `text` in lower case by the full case mapping of the pinned version, with Final_Sigma:
    /// U+03A3 becomes ς (U+03C2) where it ends a word (Unicode §3.13), σ elsewhere. Locale-free.
    /// Returns `text` itself when nothing changes.
    public static func lowercase(_ text: Substring) -> Substring {
        // NB: ASCII without capitals is its own lower case.
        if text.utf8.allSatisfy({ $0 < 0x41 || ($0 > 0x5A && $0 < 0x80) }) { return text }
        return mapped(text, by: lowercaseMapping, finalSigma: true)
    }

    /// `text` in upper case by the full case mapping of the pinned version (`ß` → `SS`).
    /// Locale-free. Returns `text` itself when nothing changes.
    public static func uppercase(_ text: Substring) -> Substring {
        if text.utf8.allSatisfy({ $0 < 0x61 || ($0 > 0x7A && $0 < 0x80) }) { return text }
        return mapped(text, by: uppercaseMapping, finalSigma: false)
    }

    private static func mapped(_ text: Substring, by mapping: MappingTable, finalSigma: Bool) -> Substring {
        // NB: one pass over the UTF-8 bytes in place, from the first scalar the table maps, into
        // bytes made a string once: the arrays of scalars, then a string's scalar view, were most
        // of a lower-cased handle's validation (docs/performance.md). ASCII the table does not map
        // is not searched for. Only a capital sigma, whose mapping reads its neighbours, takes the
        // pass over an array of scalars.
        var input = text
        return input.withUTF8 { bytes -> Substring in
            var index = 0
            var result: [UInt8] = []
            var copied = 0
            while index < bytes.count {
                let (scalar, length) = Self.scalar(in: bytes, at: index)
                if scalar < 0x80 && !mapping.maps(ascii: UInt8(scalar)) {
                    index += 1
                    continue
                }
                if finalSigma && scalar == 0x3A3 { return mappedReadingNeighbours(text, by: mapping) }
                if let targets = mapping[scalar] {
                    if result.isEmpty { result.reserveCapacity(bytes.count + 8) }
                    result.append(contentsOf: bytes[copied..<index])
                    for target in targets {
                        UTF8.encode(Unicode.Scalar(target) ?? "\u{FFFD}") { result.append($0) }
                    }
                    copied = index + length
                }
                index += length
            }
            guard copied > 0 else { return text }
            result.append(contentsOf: bytes[copied...])
            return Substring(String(decoding: result, as: UTF8.self))
        }
    }

    /// The scalar whose UTF-8 starts at `index` of `bytes`, valid UTF-8, and its length in bytes.
    @inline(__always)
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
        }
        let high = (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
        return (high | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F), 4)
    }

    /// ``mapped(_:by:finalSigma:)`` of text with a capital sigma, mapped by Final_Sigma.
    private static func mappedReadingNeighbours(_ text: Substring, by mapping: MappingTable) -> Substring {
        let scalars = text.unicodeScalars.map(\.value)
        var result: [UInt32] = []
        result.reserveCapacity(scalars.count)
        var changed = false
        for (index, scalar) in scalars.enumerated() {
            if scalar == 0x3A3 && isFinalSigma(scalars, at: index) {
                result.append(0x3C2)
                changed = true
            } else if let targets = mapping[scalar] {
                result += targets
                changed = true
            } else {
                result.append(scalar)
            }
        }
        return changed ? Substring(string(of: result)) : text
    }

    /// Whether the capital sigma at `index` meets Final_Sigma: before it, skipping case-ignorable
    /// code points, a cased one; after it, skipping case-ignorable code points, none.
    static func isFinalSigma(_ scalars: [UInt32], at index: Int) -> Bool {
        var before = index - 1
        while before >= 0 && caseIgnorable[scalars[before]] != 0 { before -= 1 }
        guard before >= 0 && cased[scalars[before]] != 0 else { return false }
        var after = index + 1
        while after < scalars.count && caseIgnorable[scalars[after]] != 0 { after += 1 }
        return after == scalars.count || cased[scalars[after]] == 0
    }

    /// The text of scalar values, each a valid scalar.
    static func string(of scalars: [UInt32]) -> String {
        var view = String.UnicodeScalarView()
        for value in scalars {
            // NB: the tables map scalars to scalars; a surrogate never appears.
            view.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return String(view)
    }
}
