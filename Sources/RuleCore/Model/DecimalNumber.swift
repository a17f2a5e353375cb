/// An exact decimal number, kept as digits so that `0.1` is exactly one tenth on every backend.
///
/// A number is a sign, its significant digits and a power of ten, so `1e400` and `1e-400` take a
/// few bytes, and `1.50`, `1.5` and `15e-1` are one value: equal, with one hash.
///
/// It reads two grammars: text (``init(_:)-(StringProtocol)``: `[+-]?[0-9]+(\.[0-9]+)?`, as forms and rule files
/// write numbers) and JSON (``init(json:)``: RFC 8259's `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
/// ``description`` writes the shortest plain form (`1.5`, `-0.001`, `100`, `0`), except that a number
/// read from JSON whose plain form needs more than ``plainFormZeros`` zeros besides its digits is
/// written with an exponent: `1e400`, `-2.5e-31`.
public struct DecimalNumber: Hashable, Sendable, Comparable, LosslessStringConvertible {
    /// Whether the number is below zero (never true for zero).
    let isNegative: Bool
    /// The significant digits in ASCII, without leading or trailing zeros; empty for zero.
    ///
    /// NB: a `String`, whose small form keeps up to 15 digits inline, so that most numbers take no allocation.
    let digits: String
    /// The power of ten that scales ``digits`` read as a whole number; 0 for zero.
    let exponent: Int
    /// Whether ``description`` always writes the plain form, as for text and integers; not part of the value.
    let isPlainAlways: Bool
    /// The fraction digits ``description`` writes at least: a rule file's `50.00` keeps its two
    /// (``init(written:)``); 0 for a value, written in its shortest form. Not part of the value.
    private(set) var writtenScale: Int32

    /// The most zeros besides its digits that ``description`` writes for a number read from JSON
    /// before it switches to an exponent: `1e20` is `100000000000000000000`, `1e21` is `1e21`.
    public static let plainFormZeros = 20

    /// Parses `[+-]?[0-9]+(\.[0-9]+)?` with ASCII digits; anything else is `nil`.
    public init?(_ text: some StringProtocol) {
        // NB: the bytes read in place; a `UTF8View`'s slices cost most of a decimal type's
        // validation (docs/performance.md).
        var text = Substring(text)
        let number = text.withUTF8 { bytes -> DecimalNumber? in
            var utf8 = bytes[...]
            var negative = false
            if let sign = utf8.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                negative = sign == UInt8(ascii: "-")
                utf8 = utf8.dropFirst()
            }
            let whole = utf8.prefix(while: Self.isDigit)
            guard !whole.isEmpty else { return nil }
            var fraction = utf8[whole.endIndex...]
            if !fraction.isEmpty {
                guard fraction.first == UInt8(ascii: "."), fraction.count > 1 else { return nil }
                fraction = fraction.dropFirst()
                guard fraction.allSatisfy(Self.isDigit) else { return nil }
            }
            return DecimalNumber(negative: negative, whole: whole, fraction: fraction, exponent: 0, isPlainAlways: true)
        }
        guard let number else { return nil }
        self = number
    }

    /// Parses `[+-]?[0-9]+(\.[0-9]+)?` as ``init(_:)-(StringProtocol)`` does, keeping the fraction
    /// digits as written for ``description``: a rule file's bound `50.00` reads "at most 50.00" in
    /// messages and exports as `50.00`, while it equals `50`.
    public init?(written text: some StringProtocol) {
        guard let number = Self(text) else { return nil }
        let fraction = text.utf8.firstIndex(of: UInt8(ascii: ".")).map { text.utf8[$0...].count - 1 } ?? 0
        self = number.keeping(scale: fraction)
    }

    /// This number, written with at least `scale` fraction digits (or its own, if more).
    package func keeping(scale: Int) -> DecimalNumber {
        var copy = self
        copy.writtenScale = Int32(clamping: scale)
        return copy
    }

    /// Parses a JSON number exactly as written, RFC 8259's `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    /// with nothing around it; `nil` for anything else, and for a number whose exponent in scientific
    /// notation is beyond ``JSONReader/Limits/maxExponent``'s default, ±999,999,999 (`1e99999999999999999999`).
    public init?(json text: some StringProtocol) {
        var text = String(text)
        let number = text.withUTF8 { bytes -> DecimalNumber? in
            var scanner = JSONNumberScanner(bytes: bytes, start: 0)
            guard case .number(let number, let end) = scanner.scan(maxExponent: JSONReader.Limits.default.maxExponent),
                end == bytes.count
            else { return nil }
            return number
        }
        guard let number else { return nil }
        self = number
    }

    /// The integer's exact decimal value.
    ///
    /// NB: its digits are made from the magnitude, not by writing the integer and reading it back:
    /// a range check on an integer field makes one per value (docs/performance.md).
    public init(_ integer: Int) {
        var magnitude = integer.magnitude
        var trailing = 0
        while magnitude != 0, magnitude % 10 == 0 {
            magnitude /= 10
            trailing += 1
        }
        digits = magnitude == 0 ? "" : String(magnitude)
        isNegative = integer < 0
        exponent = magnitude == 0 ? 0 : trailing
        isPlainAlways = true
        writtenScale = 0
    }

    /// A number from its parts as written: `whole.fraction × 10^exponent`, where `whole` and
    /// `fraction` are ASCII digits.
    init<Digits: Collection<UInt8>>(
        negative: Bool, whole: Digits, fraction: Digits, exponent: Int, isPlainAlways: Bool
    ) {
        let leading = whole.prefix(while: { $0 == UInt8(ascii: "0") }).count
        let wholeDigits = whole.dropFirst(leading)
        var digits: String
        var scale = exponent
        if fraction.isEmpty || fraction.allSatisfy({ $0 == UInt8(ascii: "0") }) {
            let trailing = Self.trailingZeros(wholeDigits)
            digits = String(decoding: wholeDigits.dropLast(trailing), as: UTF8.self)
            scale += trailing
        } else {
            let trailing = Self.trailingZeros(fraction)
            let fractionDigits = fraction.dropLast(trailing)
            scale -= fractionDigits.count
            if wholeDigits.isEmpty {
                digits = String(decoding: fractionDigits.drop(while: { $0 == UInt8(ascii: "0") }), as: UTF8.self)
            } else {
                // NB: one string of both runs, not two joined.
                digits = String(unsafeUninitializedCapacity: wholeDigits.count + fractionDigits.count) { buffer in
                    var count = 0
                    for digit in wholeDigits {
                        buffer[count] = digit
                        count += 1
                    }
                    for digit in fractionDigits {
                        buffer[count] = digit
                        count += 1
                    }
                    return count
                }
            }
        }
        self.isNegative = negative && !digits.isEmpty
        self.exponent = digits.isEmpty ? 0 : scale
        self.digits = digits
        self.isPlainAlways = isPlainAlways
        self.writtenScale = 0
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func trailingZeros(_ digits: some Collection<UInt8>) -> Int {
        var count = 0
        for digit in digits { count = digit == UInt8(ascii: "0") ? count + 1 : 0 }
        return count
    }

    /// The value when it is a whole number within `Int`: `1.0`, `1e3` and `-0` are integers;
    /// `1.5` and `1e400` are not.
    public var exactInteger: Int? {
        if digits.isEmpty { return 0 }
        // NB: no trailing zeros, so a negative exponent leaves a fraction; and Int has 19 digits at most.
        guard exponent >= 0, digits.utf8.count + exponent <= 19 else { return nil }
        var magnitude: UInt64 = 0
        for digit in digits.utf8 { magnitude = magnitude * 10 + UInt64(digit - UInt8(ascii: "0")) }
        for _ in 0..<exponent {
            let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            magnitude = product
        }
        if isNegative {
            return magnitude <= UInt64(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- magnitude) : nil
        }
        return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
    }

    /// The shortest exact form: no `+`, no leading or trailing zeros, `0` for zero; `1e400` for a
    /// number read from JSON whose plain form needs more than ``plainFormZeros`` zeros; and at least
    /// the fraction digits written, for a number read ``init(written:)`` (`50.00`).
    public var description: String {
        guard writtenScale > 0 else { return shortestForm }
        let form = shortestForm
        let fraction = form.utf8.firstIndex(of: UInt8(ascii: ".")).map { form.utf8[$0...].count - 1 } ?? 0
        let missing = Int(writtenScale) - fraction
        guard missing > 0, !form.contains("e") else { return form }
        return form + (fraction == 0 ? "." : "") + String(repeating: "0", count: missing)
    }

    /// ``description`` without the written scale.
    private var shortestForm: String {
        if digits.isEmpty { return "0" }
        let sign = isNegative ? "-" : ""
        let count = digits.utf8.count
        let zeros = exponent >= 0 ? exponent : max(-exponent - count, 0)
        if !isPlainAlways && zeros > Self.plainFormZeros {
            let scientific = exponent + count - 1
            let first = digits.prefix(1)
            let rest = digits.dropFirst()
            return sign + first + (rest.isEmpty ? "" : "." + rest) + "e" + String(scientific)
        }
        if exponent >= 0 { return sign + digits + String(repeating: "0", count: exponent) }
        if count > -exponent {
            let point = digits.index(digits.startIndex, offsetBy: count + exponent)
            return sign + digits[..<point] + "." + digits[point...]
        }
        return sign + "0." + String(repeating: "0", count: zeros) + digits
    }

    /// Whether two numbers have one value, however written: `1.50 == 15e-1`.
    public static func == (a: DecimalNumber, b: DecimalNumber) -> Bool {
        a.isNegative == b.isNegative && a.exponent == b.exponent && a.digits == b.digits
    }

    /// Hashes the value, so that equal numbers written differently hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(isNegative)
        hasher.combine(exponent)
        hasher.combine(digits)
    }

    /// Whether `a` is below `b`, compared exactly, without expanding exponents.
    public static func < (a: DecimalNumber, b: DecimalNumber) -> Bool {
        if a.isNegative != b.isNegative { return a.isNegative }
        return a.isNegative ? magnitudeLess(b, a) : magnitudeLess(a, b)
    }

    private static func magnitudeLess(_ a: DecimalNumber, _ b: DecimalNumber) -> Bool {
        if a.digits.isEmpty || b.digits.isEmpty { return a.digits.isEmpty && !b.digits.isEmpty }
        // The power of ten of the leading digit decides; the digits, aligned at it, decide a tie.
        let aLeading = a.exponent + a.digits.utf8.count
        let bLeading = b.exponent + b.digits.utf8.count
        if aLeading != bLeading { return aLeading < bLeading }
        return a.digits.utf8.lexicographicallyPrecedes(b.digits.utf8)
    }
}
