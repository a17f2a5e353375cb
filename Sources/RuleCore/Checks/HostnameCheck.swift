/// `hostname`: an RFC 1123 host name (format 1.3): ASCII labels of letters, digits and `-`, each 1
/// to 63 long and neither starting nor ending with `-`, joined by `.`, 253 in all; no trailing dot.
/// An internationalized name is written as its `xn--` A-labels, which are such labels.
public struct HostnameCheck: PredicateCheck, ValueCheck {
    public static let name = "hostname"
    public static let since = "1.3"
    public static let boundariesGiveSamples = true
    public static let codes = [
        CheckCode(
            "invalidHostname", summary: "not a host name of ASCII labels (RFC 1123)",
            en: "Enter a host name such as example.com.", ja: "ホスト名（例: example.com）の形式で入力してください。")
    ]

    /// Creates the check.
    public init() {}

    /// Names at and past each edge of the grammar: labels of 63 and 64, names of 253 and 254,
    /// hyphens at a label's ends, empty labels, a trailing dot, an A-label and a U-label.
    public var boundaries: [CheckBoundary] {
        let label = String(repeating: "a", count: 63)
        let longest = [label, label, label, String(repeating: "a", count: 61)].joined(separator: ".")
        return [
            .witnesses([
                "a", "example.com", "a-b.c", "-a.com", "a-.com", "a..b", "a.", ".a", "a_b.com", "a b", "1.2.3.4",
                "xn--bcher-kva.example", "b\u{FC}cher.example", label, label + "a", longest, longest + "a",
            ])
        ]
    }

    /// Whether `text` is a host name; one pass over its UTF-8 bytes.
    public static func isValid(_ text: Substring) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard !bytes.isEmpty, bytes.count <= 253 else { return false }
            var label = 0
            var previous = UInt8(ascii: ".")
            for byte in bytes {
                if byte == UInt8(ascii: ".") {
                    guard label > 0, previous != UInt8(ascii: "-") else { return false }
                    label = 0
                } else {
                    let letterOrDigit =
                        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    guard letterOrDigit || (byte == UInt8(ascii: "-") && label > 0) else { return false }
                    label += 1
                    guard label <= 63 else { return false }
                }
                previous = byte
            }
            return label > 0 && previous != UInt8(ascii: "-")
        }
    }
}
