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

    /// Scans the number that starts at ``position``; the exponent as written must lie within
    /// `±maxExponent`.
    mutating func scan(maxExponent: Int) -> Outcome {
        let negative = peek == UInt8(ascii: "-")
        if negative { position += 1 }
        let wholeStart = position
        guard let first = peek, Self.isDigit(first) else {
            return error(negative ? "expected a digit after '-'" : "expected a number")
        }
        position += 1
        if first == UInt8(ascii: "0") {
            if let next = peek, Self.isDigit(next) {
                return error(
                    "expected '.', 'e' or the end of the number after a leading '0'", fix: "JSON has no leading zeros")
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
            guard position > fractionStart else { return error("expected a digit after '.'") }
            fraction = bytes[fractionStart..<position]
        }
        var exponent = 0
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            position += 1
            var exponentNegative = false
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") {
                exponentNegative = peek == UInt8(ascii: "-")
                position += 1
            }
            let exponentStart = position
            while let digit = peek, Self.isDigit(digit) {
                exponent = exponent * 10 + Int(digit - UInt8(ascii: "0"))
                // NB: checked digit by digit, so that 1e99999999999999999999 cannot overflow.
                guard exponent <= maxExponent else {
                    return .error(
                        "the exponent exceeds the limit of \(maxExponent) in magnitude", offset: exponentStart)
                }
                position += 1
            }
            guard position > exponentStart else { return error("expected a digit in the exponent") }
            if exponentNegative { exponent = -exponent }
        }
        let number = DecimalNumber(
            negative: negative, whole: whole, fraction: fraction, exponent: exponent, isPlainAlways: false)
        return .number(number, end: position)
    }

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipDigits() {
        while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
    }

    private func error(_ expected: String, fix: String? = nil) -> Outcome {
        let found = JSONReadError.found(in: bytes, at: position)
        return .error(expected + "; found " + found + (fix.map { "; " + $0 } ?? ""), offset: position)
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
