extension PinnedUnicode {
    /// The Grapheme_Cluster_Break values of the grapheme table's low four bits, with
    /// Extended_Pictographic, which has no value of its own there.
    @usableFromInline
    enum GraphemeBreak {
        static let other: UInt8 = 0
        static let cr: UInt8 = 1
        static let lf: UInt8 = 2
        static let control: UInt8 = 3
        static let extend: UInt8 = 4
        static let zwj: UInt8 = 5
        static let regionalIndicator: UInt8 = 6
        static let prepend: UInt8 = 7
        static let spacingMark: UInt8 = 8
        static let l: UInt8 = 9
        static let v: UInt8 = 10
        static let t: UInt8 = 11
        static let lv: UInt8 = 12
        static let lvt: UInt8 = 13
        static let extendedPictographic: UInt8 = 14
    }

    /// The Indic_Conjunct_Break values of the grapheme table's bits 4 and 5.
    enum ConjunctBreak {
        static let consonant: UInt8 = 1
        static let linker: UInt8 = 2
        static let extend: UInt8 = 3
    }

    /// The number of extended grapheme clusters of `text`, by UAX #29 of the pinned version
    /// (GB1 to GB999, with GB9c's Indic conjuncts).
    public static func graphemeCount(_ text: Substring) -> Int {
        if let count = text.utf8.withContiguousStorageIfAvailable(graphemeCount) { return count }
        var copy = text
        return copy.withUTF8(graphemeCount)
    }

    /// The number of extended grapheme clusters of valid UTF-8 `bytes`.
    static func graphemeCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let table = grapheme
        var count = 0
        var previous = GraphemeBreak.control  // before the first scalar: GB1 breaks, as after a control
        var regionalOdd = false  // an odd number of regional indicators ends at `previous`
        var pictographic: UInt8 = 0  // 1: ExtPict Extend* ends at `previous`; 2: ExtPict Extend* ZWJ
        var conjunct: UInt8 = 0  // 1: Consonant [Extend Linker]* ends at `previous`; 2: with a Linker
        var index = 0
        let end = bytes.count
        while index < end {
            let lead = bytes[index]
            let properties: UInt8
            if lead < 0x80 {
                index &+= 1
                // NB: in ASCII only CR, LF and the controls have a break property; none has InCB.
                properties =
                    lead >= 0x20 && lead != 0x7F
                    ? GraphemeBreak.other
                    : lead == 0x0D ? GraphemeBreak.cr : lead == 0x0A ? GraphemeBreak.lf : GraphemeBreak.control
                if properties == GraphemeBreak.other && previous == GraphemeBreak.other {
                    // NB: the common case, two plain scalars: GB999 breaks and no state survives.
                    count &+= 1
                    regionalOdd = false
                    pictographic = 0
                    conjunct = 0
                    continue
                }
            } else {
                properties = table[decode(bytes, at: &index, lead: lead)]
            }
            let current = properties & 0x0F
            let incb = properties &>> 4
            if breaksBetween(previous, current, incb: incb, regionalOdd, pictographic, conjunct) { count &+= 1 }
            regionalOdd = current == GraphemeBreak.regionalIndicator && !regionalOdd
            switch current {
            case GraphemeBreak.extendedPictographic: pictographic = 1
            case GraphemeBreak.extend: if pictographic != 1 { pictographic = 0 }
            case GraphemeBreak.zwj: pictographic = pictographic == 1 ? 2 : 0
            default: pictographic = 0
            }
            switch incb {
            case ConjunctBreak.consonant: conjunct = 1
            case ConjunctBreak.linker: if conjunct != 0 { conjunct = 2 }
            case ConjunctBreak.extend: break
            default: conjunct = 0
            }
            previous = current
        }
        return count
    }

    /// Whether UAX #29 puts a boundary between a scalar of break property `previous` and one of
    /// `current`, given what ends at `previous`.
    @inline(__always)
    private static func breaksBetween(
        _ previous: UInt8, _ current: UInt8, incb: UInt8, _ regionalOdd: Bool, _ pictographic: UInt8,
        _ conjunct: UInt8
    ) -> Bool {
        typealias B = GraphemeBreak
        if previous == B.cr && current == B.lf { return false }  // GB3
        if previous == B.cr || previous == B.lf || previous == B.control { return true }  // GB4
        if current == B.cr || current == B.lf || current == B.control { return true }  // GB5
        switch (previous, current) {
        case (B.l, B.l), (B.l, B.v), (B.l, B.lv), (B.l, B.lvt): return false  // GB6
        case (B.lv, B.v), (B.lv, B.t), (B.v, B.v), (B.v, B.t): return false  // GB7
        case (B.lvt, B.t), (B.t, B.t): return false  // GB8
        default: break
        }
        if current == B.extend || current == B.zwj || current == B.spacingMark { return false }  // GB9, GB9a
        if previous == B.prepend { return false }  // GB9b
        if incb == ConjunctBreak.consonant && conjunct == 2 { return false }  // GB9c
        if previous == B.zwj && current == B.extendedPictographic && pictographic == 2 { return false }  // GB11
        // GB12, GB13
        if previous == B.regionalIndicator && current == B.regionalIndicator && regionalOdd { return false }
        return true  // GB999
    }

    /// The scalar value of the UTF-8 sequence that starts with `lead` (not ASCII) at `index` in
    /// valid UTF-8 `bytes`; moves `index` past it.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, lead: UInt8) -> UInt32 {
        if lead < 0xE0 {
            defer { index &+= 2 }
            return UInt32(lead & 0x1F) << 6 | UInt32(bytes[index &+ 1] & 0x3F)
        }
        if lead < 0xF0 {
            defer { index &+= 3 }
            return UInt32(lead & 0x0F) << 12 | UInt32(bytes[index &+ 1] & 0x3F) << 6 | UInt32(bytes[index &+ 2] & 0x3F)
        }
        defer { index &+= 4 }
        return UInt32(lead & 0x07) << 18 | UInt32(bytes[index &+ 1] & 0x3F) << 12 | UInt32(bytes[index &+ 2] & 0x3F)
            << 6
            | UInt32(bytes[index &+ 3] & 0x3F)
    }
}
