/// The same semantics as the compiled rules, written directly in plain Swift with no engine:
/// the floor that the compiled validators are measured against.
public enum HandTuned {
    public enum Outcome { case valid(Substring), tooShort, tooLong, empty, invalid, tooEarly }

    public static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    public static func trimmed(_ text: String) -> Substring {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhiteSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isWhiteSpace($0) })!
        return text[first...last]
    }

    public static func taskTitle(_ title: String) -> Outcome {
        let value = trimmed(title)
        let count = value.count
        return count < 1 ? .tooShort : count > 20 ? .tooLong : .valid(value)
    }

    public static func username(_ username: String) -> Outcome {
        let count = username.count
        return count < 1 ? .tooShort : count > 10 ? .tooLong : .valid(username[...])
    }

    public static func email(_ email: String) -> Outcome {
        let value = trimmed(email)
        if value.isEmpty { return .empty }
        var bytes = value.utf8.makeIterator()
        var local = 0
        while let byte = bytes.next(), byte != UInt8(ascii: "@") {
            guard isAlphanumeric(byte) || localPunctuation.contains(byte) else { return .invalid }
            local += 1
        }
        guard local > 0 else { return .invalid }
        var label = 0
        var previous = UInt8(ascii: ".")
        var sawDomain = false
        while let byte = bytes.next() {
            sawDomain = true
            if byte == UInt8(ascii: ".") {
                guard label > 0, previous != UInt8(ascii: "-") else { return .invalid }
                label = 0
            } else {
                guard isAlphanumeric(byte) || (byte == UInt8(ascii: "-") && label > 0) else { return .invalid }
                label += 1
                guard label <= 63 else { return .invalid }
            }
            previous = byte
        }
        return sawDomain && label > 0 && previous != UInt8(ascii: "-") ? .valid(value) : .invalid
    }

    public static let localPunctuation = Set(".!#$%&'*+/=?^_`{|}~-".utf8)

    public static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// `YYYY-MM-DD`, a real day, not before `today` (year, month, day).
    public static func dueDate(_ text: String, today: (Int, Int, Int)) -> Outcome {
        var copy = text
        return copy.withUTF8 { bytes in dueDate(bytes, text, today: today) }
    }

    private static func dueDate(_ bytes: UnsafeBufferPointer<UInt8>, _ text: String, today: (Int, Int, Int)) -> Outcome
    {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return .invalid }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), (1...12).contains(month)
        else { return .invalid }
        let days = [
            31, (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
        ]
        guard (1...days[month - 1]).contains(day) else { return .invalid }
        return (year, month, day) < today ? .tooEarly : .valid(text[...])
    }

    public static func query(_ query: String) -> Outcome {
        query.isEmpty ? .empty : .valid(query[...])
    }

    /// `OrderReference`: trimmed, starting with `JP-` (format 1.3's `startsWith`).
    public static func orderReference(_ text: String) -> Outcome {
        let value = trimmed(text)
        if value.isEmpty { return .empty }
        return value.utf8.starts(with: "JP-".utf8) ? .valid(value) : .invalid
    }

    /// `Handle`: trimmed, lower-cased, neither `admin` nor `root` (`notOneOf`). The inputs' only
    /// cased letters are ASCII, so lower-casing ASCII is the whole mapping for them.
    public static func handle(_ text: String) -> Outcome {
        let value = trimmed(text)
        if value.isEmpty { return .empty }
        let lowered: Substring
        if value.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
            lowered = Substring(
                String(
                    decoding: value.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 },
                    as: UTF8.self))
        } else {
            lowered = value
        }
        let bytes = lowered.utf8
        return bytes.elementsEqual("admin".utf8) || bytes.elementsEqual("root".utf8) ? .invalid : .valid(lowered)
    }

    /// `UnitPrice`: a decimal (optional sign, digits, optional point and digits) with at most two
    /// fraction digits once trailing zeros are dropped (`decimals: 2`).
    public static func unitPrice(_ text: String) -> Outcome {
        var bytes = text.utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let whole = bytes.prefix(while: isDigit)
        guard !whole.isEmpty else { return text.isEmpty ? .empty : .invalid }
        var fraction = bytes[whole.endIndex...]
        if !fraction.isEmpty {
            guard fraction.first == UInt8(ascii: "."), fraction.count > 1 else { return .invalid }
            fraction = fraction.dropFirst()
            guard fraction.allSatisfy(isDigit) else { return .invalid }
        }
        var places = fraction.count
        for byte in fraction.reversed() {
            guard byte == UInt8(ascii: "0") else { break }
            places -= 1
        }
        return places > 2 ? .tooLong : .valid(text[...])
    }

    /// `ServerName`: an RFC 1123 host name (`hostname`): the email domain's loop, 253 bytes at most.
    public static func hostname(_ text: String) -> Outcome {
        if text.isEmpty { return .empty }
        let bytes = text.utf8
        guard bytes.count <= 253 else { return .invalid }
        var label = 0
        var previous = UInt8(ascii: ".")
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard label > 0, previous != UInt8(ascii: "-") else { return .invalid }
                label = 0
            } else {
                guard isAlphanumeric(byte) || (byte == UInt8(ascii: "-") && label > 0) else { return .invalid }
                label += 1
                guard label <= 63 else { return .invalid }
            }
            previous = byte
        }
        return label > 0 && previous != UInt8(ascii: "-") ? .valid(text[...]) : .invalid
    }

    /// `IPAddress`: dotted-quad IPv4 without leading zeros, or RFC 4291 IPv6 text (`ip`).
    public static func ip(_ text: String) -> Outcome {
        if text.isEmpty { return .empty }
        var copy = text
        let valid = copy.withUTF8 { bytes in isIPv4(bytes[...]) || isIPv6(bytes) }
        return valid ? .valid(text[...]) : .invalid
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isIPv4(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var parts = 0
        var value = 0
        var digits = 0
        var leadingZero = false
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, parts < 3 else { return false }
                parts += 1
                (value, digits) = (0, 0)
            } else {
                guard isDigit(byte), !leadingZero || digits == 0, digits < 3 else { return false }
                if digits == 0 { leadingZero = byte == UInt8(ascii: "0") } else { leadingZero = false }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                guard value <= 255 else { return false }
            }
        }
        return parts == 3 && digits > 0
    }

    static func isIPv6(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var groups = 0
        var double = false
        var index = 0
        let count = bytes.count
        if count >= 2, bytes[0] == UInt8(ascii: ":") {
            guard bytes[1] == UInt8(ascii: ":") else { return false }
            double = true
            index = 2
            if index == count { return true }
        }
        while index < count {
            var end = index
            var hex = true
            while end < count, bytes[end] != UInt8(ascii: ":") {
                let byte = bytes[end]
                if !(isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))) {
                    hex = false
                }
                end += 1
            }
            if end == count, !hex || end - index > 4 {
                // The last group may be a dotted quad: the last 32 bits.
                guard isIPv4(bytes[index..<end]) else { return false }
                groups += 2
            } else {
                guard hex, (1...4).contains(end - index) else { return false }
                groups += 1
            }
            if end == count { break }
            // At a colon: "::" once, not at the end unless it ends the text.
            if end + 1 < count, bytes[end + 1] == UInt8(ascii: ":") {
                guard !double else { return false }
                double = true
                index = end + 2
                if index == count { break }
            } else {
                guard end + 1 < count else { return false }
                index = end + 1
            }
        }
        return double ? groups <= 7 : groups == 8
    }
}
