extension PinnedUnicode {
    /// `text` in Normalization Form C of the pinned version; `text` itself when it already is.
    public static func nfc(_ text: Substring) -> Substring { normalized(text, compatibility: false) }

    /// `text` in Normalization Form KC of the pinned version; `text` itself when it already is.
    public static func nfkc(_ text: Substring) -> Substring { normalized(text, compatibility: true) }

    private static func normalized(_ text: Substring, compatibility: Bool) -> Substring {
        if isNormalized(text, compatibility: compatibility) { return text }
        let scalars = text.unicodeScalars.map(\.value)
        let result = composed(decomposed(scalars, compatibility: compatibility))
        return result == scalars ? text : Substring(string(of: result))
    }

    /// Whether the quick check (UAX #15 §9) says `text` is normalized: every code point's NFC_QC
    /// (or NFKC_QC) is Yes and the combining classes are in canonical order. A Maybe or No says
    /// nothing either way, and the caller normalizes.
    private static func isNormalized(_ text: Substring, compatibility: Bool) -> Bool {
        let quickCheck = compatibility ? nfkcQuickCheck : nfcQuickCheck
        var lastClass: UInt8 = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            // NB: ASCII is normalized in every form, and of class 0.
            if value < 0x80 {
                lastClass = 0
                continue
            }
            if quickCheck[value] != 0 { return false }
            let combining = combiningClass[value]
            if combining != 0 && lastClass > combining { return false }
            lastClass = combining
        }
        return true
    }

    private static let hangulBase: UInt32 = 0xAC00
    private static let leadingBase: UInt32 = 0x1100
    private static let vowelBase: UInt32 = 0x1161
    private static let trailingBase: UInt32 = 0x11A7
    private static let vowelCount: UInt32 = 21
    private static let trailingCount: UInt32 = 28
    private static let syllableCount: UInt32 = 11172

    /// The full canonical (or compatibility) decomposition of `scalars`, in canonical order.
    static func decomposed(_ scalars: [UInt32], compatibility: Bool) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(scalars.count)
        for scalar in scalars {
            if scalar &- hangulBase < syllableCount {
                let index = scalar - hangulBase
                result.append(leadingBase + index / (vowelCount * trailingCount))
                result.append(vowelBase + index % (vowelCount * trailingCount) / trailingCount)
                if index % trailingCount != 0 { result.append(trailingBase + index % trailingCount) }
            } else if compatibility, let targets = compatibilityDecomposition[scalar] {
                result += targets
            } else if let targets = canonicalDecomposition[scalar] {
                result += targets
            } else {
                result.append(scalar)
            }
        }
        // Canonical ordering: a stable sort by combining class of each run of non-starters.
        var index = 1
        while index < result.count {
            let combining = combiningClass[result[index]]
            if combining != 0 {
                var place = index
                while place > 0 {
                    let before = combiningClass[result[place - 1]]
                    guard before > combining else { break }
                    result.swapAt(place, place - 1)
                    place -= 1
                }
            }
            index += 1
        }
        return result
    }

    /// The canonical composition of decomposed, canonically ordered `scalars` (UAX #15 §1.3).
    static func composed(_ scalars: [UInt32]) -> [UInt32] {
        guard var starter = scalars.first else { return scalars }
        var result = scalars
        var starterIndex = 0
        var lastClass: Int = combiningClass[starter] == 0 ? 0 : 256
        var kept = 1
        for index in 1..<scalars.count {
            let scalar = scalars[index]
            let combining = Int(combiningClass[scalar])
            if lastClass < combining || lastClass == 0, let composite = composite(starter, scalar) {
                result[starterIndex] = composite
                starter = composite
                continue
            }
            if combining == 0 {
                starterIndex = kept
                starter = scalar
            }
            lastClass = combining
            result[kept] = scalar
            kept += 1
        }
        result.removeLast(result.count - kept)
        return result
    }

    /// The primary composite of `first` and `second`, if any.
    @inline(__always)
    static func composite(_ first: UInt32, _ second: UInt32) -> UInt32? {
        if first &- leadingBase < 19 && second &- vowelBase < vowelCount {
            return hangulBase + ((first - leadingBase) * vowelCount + second - vowelBase) * trailingCount
        }
        if first &- hangulBase < syllableCount && (first - hangulBase) % trailingCount == 0
            && second &- trailingBase &- 1 < trailingCount - 1
        {
            return first + second - trailingBase
        }
        guard let index = composition.index(of: first) else { return nil }
        let pairs = composition.targets(at: index)
        var pair = pairs.startIndex
        while pair < pairs.endIndex {
            if pairs[pair] == second { return pairs[pair + 1] }
            pair += 2
        }
        return nil
    }
}
