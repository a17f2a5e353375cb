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
}
