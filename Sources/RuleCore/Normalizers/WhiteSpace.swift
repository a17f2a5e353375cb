/// The Unicode `White_Space` property, the set that `trim`, `collapseWhitespace` and `\s` use,
/// read from the pinned tables (``PinnedUnicode``).
///
/// NB: this is the contract's set, not a platform's: Swift's `.whitespaces` omits newlines,
/// JavaScript's `trim` also strips U+FEFF, Python's `strip` also strips U+001C–U+001F.
public enum WhiteSpace {
    /// Whether `scalar` has the Unicode `White_Space` property.
    @inlinable
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        PinnedUnicode.isWhiteSpace(scalar)
    }

    /// The White_Space scalars, as sorted, non-adjacent inclusive ranges of scalar values.
    public static var ranges: [ClosedRange<UInt32>] { PinnedUnicode.whiteSpace.ranges(of: 1) }

    /// The byte length of the White_Space scalar that starts at `offset` in valid UTF-8 `bytes`, if one does.
    @inline(__always)
    static func length(leading bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        guard offset < bytes.count else { return nil }
        let lead = bytes[offset]
        if lead < 0x80 { return lead == 0x20 || (0x09...0x0D).contains(lead) ? 1 : nil }
        var end = offset
        let scalar = PinnedUnicode.decode(bytes, at: &end, lead: lead)
        return PinnedUnicode.whiteSpace[scalar] != 0 ? end - offset : nil
    }

    /// The byte length of the White_Space scalar that ends at `end` in valid UTF-8 `bytes`, if one does.
    @inline(__always)
    static func length(trailing bytes: UnsafeBufferPointer<UInt8>, endingAt end: Int) -> Int? {
        let last = bytes[end - 1]
        if last < 0x80 { return last == 0x20 || (0x09...0x0D).contains(last) ? 1 : nil }
        var start = end - 1
        // NB: a lead byte is never a continuation byte (10xxxxxx).
        while bytes[start] & 0xC0 == 0x80 { start -= 1 }
        var next = start
        let scalar = PinnedUnicode.decode(bytes, at: &next, lead: bytes[start])
        return PinnedUnicode.whiteSpace[scalar] != 0 ? end - start : nil
    }
}
