/// The work of ``JSONReader``: one pass over contiguous bytes, with explicit stacks for the open
/// arrays and objects instead of recursion.
struct JSONParser {
    /// An open array or object, innermost last.
    private enum Frame {
        case list
        /// An object, with the key whose value is being read.
        case record(key: String)
    }

    /// Where a value is expected, for the message when none is found.
    private enum Place {
        case top, listStart, afterComma, member(key: String)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: JSONReader.Limits
    private var position = 0
    private var frames: [Frame] = []
    /// The items of each open array, innermost last.
    private var lists: [[ValidationInput]] = []
    /// The members of each open object, innermost last.
    private var records: [[String: ValidationInput]] = []
    /// The bytes of a string with escapes, reused from string to string.
    private var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONReader.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    mutating func parse() throws(JSONReadError) -> ValidationInput {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        var place = Place.top
        while true {
            guard var value = try scalarOrOpen(place) else {
                // An array or object opened and is not empty: its first item or member's value comes next.
                if case .record(let key) = frames.last { place = .member(key: key) } else { place = .listStart }
                continue
            }
            // The value goes into the innermost container; each container it completes goes into the
            // next, until a comma asks for another value.
            while true {
                guard let frame = frames.last else {
                    skipWhitespace()
                    guard position == bytes.count else {
                        throw error(.endAfterValue)
                    }
                    return value
                }
                skipWhitespace()
                switch frame {
                case .list:
                    lists[lists.count - 1].append(value)
                    if take(UInt8(ascii: ",")) {
                        place = .afterComma
                    } else if take(UInt8(ascii: "]")) {
                        frames.removeLast()
                        value = .list(lists.removeLast())
                        continue
                    } else {
                        throw error(.afterItem)
                    }
                case .record(let key):
                    records[records.count - 1][key] = value
                    if take(UInt8(ascii: ",")) {
                        skipWhitespace()
                        guard peek == UInt8(ascii: "\"") else {
                            throw error(peek == UInt8(ascii: "}") ? .keyAfterCommaTrailing : .keyAfterComma)
                        }
                        let next = try member()
                        frames[frames.count - 1] = .record(key: next)
                        place = .member(key: next)
                    } else if take(UInt8(ascii: "}")) {
                        frames.removeLast()
                        value = .record(records.removeLast())
                        continue
                    } else {
                        throw error(.afterMember)
                    }
                }
                break
            }
        }
    }

    /// Reads a string, number or literal whole, or opens an array or object; `nil` when it opened
    /// one that is not empty, whose items follow.
    private mutating func scalarOrOpen(_ place: Place) throws(JSONReadError) -> ValidationInput? {
        skipWhitespace()
        guard let byte = peek else { throw expectedValue(place) }
        switch byte {
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            var scanner = JSONNumberScanner(bytes: bytes, start: position)
            switch scanner.scan(maxExponent: limits.maxExponent) {
            case .number(let number, let end):
                position = end
                return .number(number)
            case .error(let message, let offset):
                throw JSONReadError(message, at: offset, in: bytes)
            }
        case UInt8(ascii: "t"):
            try literal("true", place)
            return .boolean(true)
        case UInt8(ascii: "f"):
            try literal("false", place)
            return .boolean(false)
        case UInt8(ascii: "n"):
            try literal("null", place)
            return .absent
        case UInt8(ascii: "["):
            try open()
            skipWhitespace()
            if take(UInt8(ascii: "]")) {
                frames.removeLast()
                return .list(lists.removeLast())
            }
            return nil
        case UInt8(ascii: "{"):
            try open()
            skipWhitespace()
            if take(UInt8(ascii: "}")) {
                frames.removeLast()
                return .record(records.removeLast())
            }
            guard peek == UInt8(ascii: "\"") else { throw error(.keyOrEnd) }
            let key = try member()
            frames[frames.count - 1] = .record(key: key)
            return nil
        default:
            throw expectedValue(place)
        }
    }

    /// Opens the array or object at ``position``, within the depth limit.
    private mutating func open() throws(JSONReadError) {
        guard frames.count < limits.maxDepth else {
            throw error(.depth, ["limit": String(limits.maxDepth)])
        }
        if bytes[position] == UInt8(ascii: "[") {
            frames.append(.list)
            lists.append([])
        } else {
            frames.append(.record(key: ""))
            records.append([:])
        }
        position += 1
    }

    /// Reads a key and its `:`, in the innermost object, which must not hold it yet.
    private mutating func member() throws(JSONReadError) -> String {
        let keyOffset = position
        let key = try string()
        if records[records.count - 1][key] != nil {
            throw JSONReadError(JSONReadSentence.duplicateKey(["key": Self.quoted(key)]), at: keyOffset, in: bytes)
        }
        skipWhitespace()
        guard take(UInt8(ascii: ":")) else {
            throw error(.colonAfterKey, ["key": Self.quoted(key)])
        }
        return key
    }

    private func expectedValue(_ place: Place) -> JSONReadError {
        switch place {
        case .top: error(.value)
        case .listStart: error(.valueOrEnd)
        case .afterComma:
            error(peek == UInt8(ascii: "]") ? .valueAfterCommaTrailing : .valueAfterComma)
        case .member(let key): error(.memberValue, ["key": Self.quoted(key)])
        }
    }

    private mutating func literal(_ word: StaticString, _ place: Place) throws(JSONReadError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
            memcmpEqual(word.utf8Start, bytes.baseAddress! + position, count)
        else { throw expectedValue(place) }
        position += count
    }

    // MARK: Strings

    /// Reads the string that starts at ``position``: its bytes as they are when it has no escape,
    /// else through ``scratch``.
    private mutating func string() throws(JSONReadError) -> String {
        position += 1
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            try stringByte(byte)
        }
        throw error(.unterminatedString)
    }

    /// Checks the byte at ``position`` of a string, not a quote or backslash, and moves past its scalar.
    @inline(__always)
    private mutating func stringByte(_ byte: UInt8) throws(JSONReadError) {
        if byte >= 0x20 && byte < 0x80 {
            position += 1
        } else if byte < 0x20 {
            let escape = "\\u" + JSONReadError.codePoint(UInt32(byte)).dropFirst(2)
            throw error(.controlCharacter, ["codePoint": JSONReadError.codePoint(UInt32(byte)), "escape": escape])
        } else {
            switch UTF8Validation.check(bytes, at: position) {
            case .valid(_, let length): position += length
            case .invalid(let length):
                throw error(JSONReadError.invalidUTF8(bytes, position, length))
            }
        }
    }

    private mutating func escapedString(from start: Int) throws(JSONReadError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try escape()
                continue
            }
            let scalarStart = position
            try stringByte(byte)
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[scalarStart..<position]))
        }
        throw error(.unterminatedString)
    }

    /// Reads the escape at ``position`` into ``scratch``.
    private mutating func escape() throws(JSONReadError) {
        let start = position
        position += 1
        guard let byte = peek else { throw error(.escapeAtEnd) }
        let simple: UInt8? =
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            scratch.append(simple)
            position += 1
            return
        }
        guard byte == UInt8(ascii: "u") else {
            let escape =
                byte > 0x20 && byte < 0x7F
                ? "'\\\(UnicodeScalar(byte))'" : JSONReadSentence.escapeFollowedBy(["found": found])
            throw JSONReadError(JSONReadSentence.invalidEscape(["escape": escape]), at: start, in: bytes)
        }
        position += 1
        let unit = try hexQuad()
        var scalar: UInt32 = unit
        if unit >= 0xDC00 && unit <= 0xDFFF {
            throw JSONReadError(
                JSONReadSentence.loneLowSurrogate(["unit": "\\u" + Self.hex(unit)]), at: start, in: bytes)
        }
        if unit >= 0xD800 && unit <= 0xDBFF {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            else {
                throw JSONReadError(
                    JSONReadSentence.loneHighSurrogate(["unit": "\\u" + Self.hex(unit)]), at: start, in: bytes)
            }
            position += 2
            let low = try hexQuad()
            guard low >= 0xDC00 && low <= 0xDFFF else {
                throw JSONReadError(
                    JSONReadSentence.highSurrogateFollowedBy([
                        "unit": "\\u" + Self.hex(unit), "low": "\\u" + Self.hex(low),
                    ]),
                    at: start, in: bytes)
            }
            scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        }
        scratch.append(contentsOf: String(Unicode.Scalar(scalar)!).utf8)
    }

    private mutating func hexQuad() throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt32
            switch peek {
            case let byte? where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"):
                digit = UInt32(byte - UInt8(ascii: "0"))
            case let byte? where byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"):
                digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case let byte? where byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"):
                digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default:
                throw error(.hexDigits)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    // MARK: Bytes

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private var found: String { JSONReadError.found(in: bytes, at: position) }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private func error(_ message: String) -> JSONReadError {
        JSONReadError(message, at: position, in: bytes)
    }

    /// `sentence` at ``position``, with `{found}` what stands there and the other placeholders from `values`.
    private func error(_ sentence: JSONReadSentence, _ values: [String: String] = [:]) -> JSONReadError {
        var values = values
        if sentence.template.contains("{found}") { values["found"] = found }
        return JSONReadError(sentence(values), at: position, in: bytes)
    }

    private static func hex(_ unit: UInt32) -> String {
        JSONReadError.codePoint(unit).dropFirst(2).description
    }

    /// A key for a message: control characters escaped, and cut after 40 characters.
    static func quoted(_ key: String) -> String {
        var text = ""
        for scalar in key.unicodeScalars.prefix(40) {
            text += scalar.value < 0x20 ? "\\u" + hex(scalar.value) : String(scalar)
        }
        return key.unicodeScalars.count > 40 ? text + "…" : text
    }
}

@inline(__always)
private func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    for index in 0..<count where a[index] != b[index] { return false }
    return true
}
