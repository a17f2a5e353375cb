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
}
