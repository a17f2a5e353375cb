/// Reads one JSON number, RFC 8259's `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, off bytes,
/// straight into a ``DecimalNumber``: its digits are copied once and never go through a `Double`.
struct JSONNumberScanner {
    enum Outcome {
        /// The number, and the offset just after it.
        case number(DecimalNumber, end: Int)
        /// What is wrong, at which offset.
        case error(String, offset: Int)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int

    init(bytes: UnsafeBufferPointer<UInt8>, start: Int) {
        self.bytes = bytes
        self.position = start
    }

    /// Scans the number that starts at ``position``; its exponent in scientific notation must lie
    /// within `±maxExponent`.
    mutating func scan(maxExponent: Int) -> Outcome {
        let negative = peek == UInt8(ascii: "-")
        if negative { position += 1 }
        let wholeStart = position
        guard let first = peek, Self.isDigit(first) else {
            return error(negative ? .digitAfterMinus : .number)
        }
        position += 1
        if first == UInt8(ascii: "0") {
            if let next = peek, Self.isDigit(next) {
                return error(.leadingZero)
            }
        } else {
            skipDigits()
        }
        let whole = bytes[wholeStart..<position]
        var fraction = bytes[position..<position]
        if peek == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            skipDigits()
            guard position > fractionStart else { return error(.digitAfterPoint) }
            fraction = bytes[fractionStart..<position]
        }
        var exponent = 0
        var limitOffset = wholeStart - (negative ? 1 : 0)
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            position += 1
            var exponentNegative = false
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") {
                exponentNegative = peek == UInt8(ascii: "-")
                position += 1
            }
            limitOffset = position
            while let digit = peek, Self.isDigit(digit) {
                // NB: saturated, so that 1e99999999999999999999 cannot overflow; it fails the limit below.
                if exponent < Self.saturation { exponent = exponent * 10 + Int(digit - UInt8(ascii: "0")) }
                position += 1
            }
            guard position > limitOffset else { return error(.exponentDigit) }
            if exponentNegative { exponent = -exponent }
        }
        // The limit is on the exponent of the number in scientific notation, which its description
        // writes (21e999999999 is 2.1e1000000000); for zero, on the exponent as written.
        var scientific = exponent
        if first != UInt8(ascii: "0") {
            scientific += whole.count - 1
        } else if let leading = fraction.firstIndex(where: { $0 != UInt8(ascii: "0") }) {
            scientific -= leading - fraction.startIndex + 1
        }
        guard abs(exponent) < Self.saturation, abs(scientific) <= maxExponent else {
            return .error(JSONReadSentence.exponentLimit(["limit": String(maxExponent)]), offset: limitOffset)
        }
        let number = DecimalNumber(
            negative: negative, whole: whole, fraction: fraction, exponent: exponent, isPlainAlways: false)
        return .number(number, end: position)
    }

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipDigits() {
        while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
    }

    private func error(_ sentence: JSONReadSentence) -> Outcome {
        .error(sentence(["found": JSONReadError.found(in: bytes, at: position)]), offset: position)
    }

    /// Beyond any exponent limit, and far from overflowing.
    private static let saturation = 1 << 58

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
