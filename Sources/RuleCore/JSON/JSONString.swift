/// Writes text as a JSON string: the one escaper of every JSON that rulecheck writes.
package enum JSONString {
    /// `text` as a JSON string: `"` and `\` escaped, and as `\uXXXX` every control character and
    /// every scalar that cannot stand raw in a YAML double-quoted scalar or a JavaScript string
    /// (C1 controls, U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF), so that the result reads back as the
    /// same text as JSON and as YAML, and invisible characters show.
    package static func quote(_ text: String, into out: inout String) {
        var text = text
        let clean = text.withUTF8 { firstEscape(in: $0) == nil }
        guard clean else {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count + 8)
            quote(text, into: &bytes)
            out += String(decoding: bytes, as: UTF8.self)
            return
        }
        out += "\""
        out += text
        out += "\""
    }

    /// `text` as a JSON string, its UTF-8 appended to `out`: runs that need no escape are copied whole.
    package static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        escape(text, into: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// `text` escaped as inside a JSON string, without the quotes, its UTF-8 appended to `out`.
    package static func escape(_ text: String, into out: inout [UInt8]) {
        var text = text
        text.withUTF8 { escape(utf8: $0, into: &out) }
    }

    /// The UTF-8 text `bytes` (valid, as a `String`'s are) escaped as inside a JSON string, without
    /// the quotes, appended to `out`: runs that need no escape are copied whole.
    package static func escape(utf8 bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var start = 0
        while let (at, length) = firstEscape(in: bytes, from: start) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<at]))
            escape(bytes, at: at, length: length, into: &out)
            start = at + length
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    /// `text` as a JSON string.
    package static func quoted(_ text: String) -> String {
        var out = ""
        quote(text, into: &out)
        return out
    }

    /// Where the first scalar to escape starts in the UTF-8 `bytes` from `start`, and its length in
    /// bytes; `nil` when none is left. `bytes` are a `String`'s, so valid UTF-8.
    private static func firstEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> (Int, Int)? {
        var index = start
        while index < bytes.count {
            // NB: eight bytes at a time while they are ASCII that needs no escape, the common case.
            if index + 8 <= bytes.count,
                !mayNeedEscape(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
            {
                index += 8
                continue
            }
            let byte = bytes[index]
            switch byte {
            case 0x00..<0x20, UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x7F: return (index, 1)
            case 0xC2 where bytes[index + 1] < 0xA0: return (index, 2)  // U+0080–U+009F
            case 0xE2 where bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                return (index, 3)  // U+2028, U+2029
            case 0xEF
            where (bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF)
                || (bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE):
                return (index, 3)  // U+FEFF, U+FFFE, U+FFFF
            default: index += 1
            }
        }
        return nil
    }

    /// Whether any of the eight bytes of `word` is below 0x20, `"`, `\\`, 0x7F or not ASCII
    /// (bit tricks of Sean Eron Anderson's "Bit Twiddling Hacks": `hasless`, `haszero`).
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
        let control = (word &- ones &* 0x20) & ~word & highs
        let quote = hasZero(word ^ (ones &* 0x22))
        let backslash = hasZero(word ^ (ones &* 0x5C))
        let delete = hasZero(word ^ (ones &* 0x7F))
        return (control | quote | backslash | delete | (word & highs)) != 0
    }

    /// Appends the escape of the scalar of `length` bytes at `index` of `bytes`.
    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int, into out: inout [UInt8])
    {
        let value: UInt32 =
            switch length {
            case 1: UInt32(bytes[index])
            case 2: UInt32(bytes[index] & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
            default:
                UInt32(bytes[index] & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
                    | UInt32(bytes[index + 2] & 0x3F)
            }
        out.append(UInt8(ascii: "\\"))
        switch value {
        case 0x22: out.append(UInt8(ascii: "\""))
        case 0x5C: out.append(UInt8(ascii: "\\"))
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
            out.append(UInt8(ascii: "u"))
            for shift in stride(from: 12, through: 0, by: -4) {
                let digit = UInt8(truncatingIfNeeded: value >> UInt32(shift) & 0xF)
                out.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "A") + digit - 10)
            }
        }
    }
}
