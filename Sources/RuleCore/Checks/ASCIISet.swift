/// A set of ASCII bytes as 128 bits, so that a scanner looks a byte up with a shift and a mask;
/// every byte from 128 up is outside it.
struct ASCIISet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// The set of the ASCII letters, digits and the characters of `others`.
    init(letters: Bool = false, digits: Bool = false, _ others: String = "") {
        var bytes = Array(others.utf8)
        if letters {
            bytes += Array(UInt8(ascii: "a")...UInt8(ascii: "z")) + Array(UInt8(ascii: "A")...UInt8(ascii: "Z"))
        }
        if digits { bytes += Array(UInt8(ascii: "0")...UInt8(ascii: "9")) }
        for byte in bytes {
            precondition(byte < 128, "an ASCIISet holds ASCII only")
            if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
        }
    }

    /// The union of two sets.
    func union(_ other: ASCIISet) -> ASCIISet {
        var union = self
        union.low |= other.low
        union.high |= other.high
        return union
    }

    /// Whether `byte` is in the set.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        guard byte < 128 else { return false }
        return byte < 64 ? low & (1 << byte) != 0 : high & (1 << (byte - 64)) != 0
    }

    /// `0-9`, `a-f` and `A-F`.
    static let hexDigits = ASCIISet(digits: true, "abcdefABCDEF")
}
