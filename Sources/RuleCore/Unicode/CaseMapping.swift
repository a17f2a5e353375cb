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
        // NB: one pass from the first scalar that changes, into a string: the array of scalars
        // and the string rebuilt from it were two thirds of a lower-cased handle's validation
        // (docs/performance.md). Only a capital sigma, whose mapping reads its neighbours, takes
        // the pass over the array.
        let scalars = text.unicodeScalars
        var position = scalars.startIndex
        var found: ArraySlice<UInt32>?
        while position < scalars.endIndex {
            let value = scalars[position].value
            if finalSigma && value == 0x3A3 { return mappedReadingNeighbours(text, by: mapping) }
            found = mapping[value]
            if found != nil { break }
            scalars.formIndex(after: &position)
        }
        guard var targets = found else { return text }
        var result = String(text[..<position])
        result.reserveCapacity(text.utf8.count + 8)
        while true {
            for target in targets { result.unicodeScalars.append(Unicode.Scalar(target) ?? "\u{FFFD}") }
            scalars.formIndex(after: &position)
            while position < scalars.endIndex {
                let scalar = scalars[position]
                if finalSigma && scalar.value == 0x3A3 { return mappedReadingNeighbours(text, by: mapping) }
                if let next = mapping[scalar.value] {
                    targets = next
                    break
                }
                result.unicodeScalars.append(scalar)
                scalars.formIndex(after: &position)
            }
            if position == scalars.endIndex { return Substring(result) }
        }
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
