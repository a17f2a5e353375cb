/// Why bytes are not a JSON text, and where: the byte offset, and the line and column.
///
/// Lines and columns count from 1; a line ends at `\n`, `\r\n` or `\r`, and columns count Unicode
/// scalars, as ``SourceLocation``'s do.
public struct JSONReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong: lower-case, no final period, the fix after `;`.
    public var message: String
    /// The offset of the byte where it went wrong, from 0.
    public var offset: Int
    /// The line of that byte, from 1.
    public var line: Int
    /// The column of that byte in Unicode scalars, from 1.
    public var column: Int

    /// Creates an error at a place already known.
    public init(_ message: String, offset: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }

    /// An error at `offset` of `bytes`, with its line and column counted there.
    ///
    /// NB: counted only when reading fails, so that reading pays nothing for positions. The bytes
    /// before an error are valid UTF-8, since the reader stops at the first invalid byte.
    init(_ message: String, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var column = 1
        var index = 0
        while index < offset {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if byte == UInt8(ascii: "\r"), index + 1 < offset, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        self.init(message, offset: offset, line: line, column: column)
    }

    /// What stands at `offset` of `bytes`, for "found …": `'x'`, `'NaN'`, `U+FEFF`, `the end of the input`.
    static func found(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String {
        guard offset < bytes.count else { return JSONReadSentence.endOfInput() }
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            // A word reads better whole: 'NaN', 'True', 'undefined'.
            var end = offset
            while end < bytes.count, end - offset < 20, isWordByte(bytes[end]) { end += 1 }
            return "'" + String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self) + "'"
        case 0x21...0x7E:
            return "'" + String(UnicodeScalar(byte)) + "'"
        case UInt8(ascii: " "): return JSONReadSentence.space()
        case UInt8(ascii: "\t"): return JSONReadSentence.tab()
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return JSONReadSentence.lineBreak()
        case 0..<0x80: return codePoint(UInt32(byte))
        default:
            switch UTF8Validation.check(bytes, at: offset) {
            case .valid(let scalar, _):
                // NB: the general category from the pinned tables, not the platform's, so every
                // runtime shows the same character the same way.
                switch PinnedUnicode.generalCategoryName(of: scalar) {
                case "Cc", "Cf", "Zs", "Zl", "Zp", "Co", "Cn", "Cs", "Mn", "Me":
                    return codePoint(scalar.value)
                default:
                    return "'\(scalar)' (\(codePoint(scalar.value)))"
                }
            case .invalid(let length):
                return invalidUTF8(bytes, offset, length)
            }
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// `U+0001`, `U+FEFF`, `U+1F600`.
    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
    }

    /// `invalid UTF-8 bytes 0xED 0xA0`: an invalid UTF-8 sequence, up to the byte that makes it invalid.
    static func invalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, _ length: Int) -> String {
        let end = min(offset + length, bytes.count)
        let shown = bytes[offset..<end].map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return "0x" + (hex.count == 1 ? "0" : "") + hex
        }
        let sentence = (shown.count == 1 ? JSONReadSentence.invalidByte : .invalidBytes)([
            "bytes": shown.joined(separator: " ")
        ])
        return offset + length > bytes.count ? JSONReadSentence.cutOff(["bytes": sentence]) : sentence
    }
}

/// Checks one UTF-8 sequence as Unicode 15's table 3-7 defines the well-formed ones: no overlong
/// forms, no surrogates, nothing above U+10FFFF. The one table of well-formed UTF-8: the JSON
/// reader and the YAML reader's check of a whole file both use it.
package enum UTF8Validation {
    package enum Outcome {
        /// A well-formed sequence: its scalar and its length in bytes.
        case valid(Unicode.Scalar, length: Int)
        /// An ill-formed one: the bytes up to and including the first that makes it so.
        case invalid(length: Int)
    }

    @inline(__always)
    package static func check(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Outcome {
        let lead = bytes[offset]
        if lead < 0x80 { return .valid(Unicode.Scalar(lead), length: 1) }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, low) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, high) = (3, 0x9F)
        case 0xF0: (length, low) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, high) = (4, 0x8F)
        default: return .invalid(length: 1)
        }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for index in 1..<length {
            // The first continuation byte has the tighter bounds that rule out overlongs and surrogates.
            guard offset + index < bytes.count else { return .invalid(length: index + 1) }
            let byte = bytes[offset + index]
            let (min, max): (UInt8, UInt8) = index == 1 ? (low, high) : (0x80, 0xBF)
            guard byte >= min, byte <= max else { return .invalid(length: index + 1) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return .valid(Unicode.Scalar(value)!, length: length)
    }
}
