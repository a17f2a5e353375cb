/// `uuid`: the RFC 9562 text form of a UUID, `8-4-4-4-12` hexadecimal digits in either case, any
/// version and variant, with nothing around it (no braces, no `urn:uuid:`).
public struct UUIDCheck: PredicateCheck, ValueCheck {
    public static let name = "uuid"
    public static let codes = [
        CheckCode(
            "invalidUUID", summary: "not a UUID written as 8-4-4-4-12 hexadecimal digits",
            en: "Enter a UUID such as 123e4567-e89b-12d3-a456-426614174000.",
            ja: "UUID（例: 123e4567-e89b-12d3-a456-426614174000）の形式で入力してください。")
    ]

    /// Creates the check.
    public init() {}

    /// Whether `text` is a UUID's text form; one pass over its UTF-8 bytes, no backtracking.
    public static func isValid(_ text: Substring) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count == 36 else { return false }
            let hexDigits = ASCIISet.hexDigits  // NB: read once, not once a byte
            for (offset, byte) in bytes.enumerated() {
                let isDash = offset == 8 || offset == 13 || offset == 18 || offset == 23
                guard isDash ? byte == UInt8(ascii: "-") : hexDigits.contains(byte) else { return false }
            }
            return true
        }
    }

}
