/// An exact decimal number, kept as digits so that `0.1` is exactly one tenth on every backend.
public struct DecimalNumber: Hashable, Sendable, Comparable, LosslessStringConvertible {
    /// Whether the number is below zero (never true for zero).
    let isNegative: Bool
    /// The digits before the point, without leading zeros ("" for zero).
    let whole: [UInt8]
    /// The digits after the point, without trailing zeros.
    let fraction: [UInt8]

    /// Parses `[+-]?[0-9]+(\.[0-9]+)?` with ASCII digits; anything else is `nil`.
    public init?(_ text: some StringProtocol) {
        var bytes = Substring(text).utf8[...]
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        let isDigit = { (b: UInt8) in b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        let wholePart = bytes.prefix(while: isDigit)
        guard !wholePart.isEmpty else { return nil }
        var fractionPart = bytes[wholePart.endIndex...]
        if !fractionPart.isEmpty {
            guard fractionPart.first == UInt8(ascii: "."), fractionPart.count > 1 else { return nil }
            fractionPart = fractionPart.dropFirst()
            guard fractionPart.allSatisfy(isDigit) else { return nil }
        }
        whole = Array(wholePart.drop(while: { $0 == UInt8(ascii: "0") }))
        fraction = Array(fractionPart.reversed().drop(while: { $0 == UInt8(ascii: "0") }).reversed())
        isNegative = negative && !(whole.isEmpty && fraction.isEmpty)
    }

    /// The integer's exact decimal value.
    public init(_ integer: Int) {
        self.init(String(integer))!
    }

    /// The shortest exact form: no `+`, no leading or trailing zeros, `0` for zero.
    public var description: String {
        let wholeText = whole.isEmpty ? "0" : String(decoding: whole, as: UTF8.self)
        let fractionText = fraction.isEmpty ? "" : "." + String(decoding: fraction, as: UTF8.self)
        return (isNegative ? "-" : "") + wholeText + fractionText
    }

    public static func < (a: DecimalNumber, b: DecimalNumber) -> Bool {
        if a.isNegative != b.isNegative { return a.isNegative }
        return a.isNegative ? magnitudeLess(b, a) : magnitudeLess(a, b)
    }

    private static func magnitudeLess(_ a: DecimalNumber, _ b: DecimalNumber) -> Bool {
        if a.whole.count != b.whole.count { return a.whole.count < b.whole.count }
        if a.whole != b.whole { return a.whole.lexicographicallyPrecedes(b.whole) }
        return a.fraction.lexicographicallyPrecedes(b.fraction)
    }
}
