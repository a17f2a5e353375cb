/// The Unicode `White_Space` property, the set that `trim`, `collapseWhitespace` and `\s` use.
///
/// NB: this is the contract's set, not a platform's: Swift's `.whitespaces` omits newlines,
/// JavaScript's `trim` also strips U+FEFF, Python's `strip` also strips U+001C–U+001F.
public enum WhiteSpace {
    /// Whether `scalar` has the Unicode `White_Space` property (Unicode 16: 25 code points).
    @inlinable
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            true
        default:
            false
        }
    }

    /// The byte length of the White_Space scalar that starts at `offset` in UTF-8 `bytes`, if one does.
    @inline(__always)
    static func length(leading bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        guard offset < bytes.count else { return nil }
        switch bytes[offset] {
        case 0x09...0x0D, 0x20: return 1
        case 0xC2, 0xE1, 0xE2, 0xE3:
            for length in 2...3 where offset + length <= bytes.count {
                if isWhiteSpace(UnsafeBufferPointer(rebasing: bytes[offset..<offset + length])) { return length }
            }
            return nil
        default: return nil
        }
    }

    /// The byte length of the White_Space scalar that ends at `end` in UTF-8 `bytes`, if one does.
    @inline(__always)
    static func length(trailing bytes: UnsafeBufferPointer<UInt8>, endingAt end: Int) -> Int? {
        switch bytes[end - 1] {
        case 0x09...0x0D, 0x20: return 1
        case 0x80...0xBF:
            // NB: a lead byte is never a continuation byte, so a matching sequence is a whole scalar.
            for length in 2...3 where end - length >= 0 {
                if isWhiteSpace(UnsafeBufferPointer(rebasing: bytes[end - length..<end])) { return length }
            }
            return nil
        default: return nil
        }
    }

    /// Whether `bytes` are exactly the UTF-8 of a White_Space scalar of two or three bytes.
    @inline(__always)
    private static func isWhiteSpace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.count == 2 { return bytes[0] == 0xC2 && (bytes[1] == 0x85 || bytes[1] == 0xA0) }
        switch (bytes[0], bytes[1], bytes[2]) {
        case (0xE1, 0x9A, 0x80), (0xE2, 0x81, 0x9F), (0xE3, 0x80, 0x80): return true
        case (0xE2, 0x80, let last): return (0x80...0x8A).contains(last) || last == 0xA8 || last == 0xA9 || last == 0xAF
        default: return false
        }
    }
}
