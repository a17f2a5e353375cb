/// `email`: the WHATWG HTML "valid email address", exactly as `<input type=email>` accepts it.
///
/// The grammar, from the HTML standard:
/// ```
/// email  = 1*( ALPHA / DIGIT / "." / "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "/" / "="
///             / "?" / "^" / "_" / "`" / "{" / "|" / "}" / "~" / "-" ) "@" label *( "." label )
/// label  = ( ALPHA / DIGIT ) [ *61( ALPHA / DIGIT / "-" ) ( ALPHA / DIGIT ) ]
/// ```
/// NB: it is deliberately not RFC 5322: no quoted local parts, no comments, no IP literals, and
/// dots anywhere in the local part (`a..b@c` is valid); no top-level domain is required (`a@b`).
public struct EmailCheck: PredicateCheck, ValueCheck {
    public static let name = "email"
    public static let codes = [
        CheckCode(
            "invalidEmail", summary: "not an email address as HTML's `<input type=email>` accepts it",
            en: "Enter a valid email address.", ja: "メールアドレスの形式が正しくありません。")
    ]

    /// Creates the check.
    public init() {}

    /// Whether `text` is a valid email address; a single pass over its UTF-8 bytes.
    public static func isValid(_ text: Substring) -> Bool {
        var text = text
        return text.withUTF8(isValid)
    }

    private static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), at > 0 else { return false }
        // NB: the global read once, not once a byte: each read of a `static let` checks that it is made.
        let localPart = Self.localPart
        for byte in bytes[..<at] where !localPart.contains(byte) { return false }
        var labelLength = 0
        var previous: UInt8 = UInt8(ascii: ".")
        for byte in bytes[(at + 1)...] {
            if byte == UInt8(ascii: ".") {
                guard labelLength > 0, previous != UInt8(ascii: "-") else { return false }
                labelLength = 0
            } else if isLetterOrDigit(byte) || byte == UInt8(ascii: "-") {
                if labelLength == 0 && byte == UInt8(ascii: "-") { return false }
                labelLength += 1
                guard labelLength <= 63 else { return false }
            } else {
                return false
            }
            previous = byte
        }
        return labelLength > 0 && previous != UInt8(ascii: "-")
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// `atext` and `.`: the letters, digits and punctuation the local part allows.
    private static let localPart = ASCIISet(letters: true, digits: true, ".!#$%&'*+/=?^_`{|}~-")
}
