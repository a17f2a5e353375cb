import Testing

@testable import RuleCore

/// A number's text, with what a reading of it gives: its description, or `nil` when it is refused.
struct NumberText: Sendable, CustomTestStringConvertible {
    var text: String
    var expected: String?
    init(_ text: String, _ expected: String?) { (self.text, self.expected) = (text, expected) }
    var testDescription: String { text }
}

/// A number, with the `Int` it is exactly, if any.
struct IntegerCase: Sendable, CustomTestStringConvertible {
    var json: String
    var expected: Int?
    init(_ json: String, _ expected: Int?) { (self.json, self.expected) = (json, expected) }
    var testDescription: String { json }
}

/// A seed for the random numbers of the ordering properties.
struct Seed: Sendable, CustomTestStringConvertible {
    var value: UInt64
    var testDescription: String { "seed \(value)" }
}

@Suite struct DecimalNumberTests {
    @Test(
        "text reads [+-]?[0-9]+(.[0-9]+)? and describes it in the shortest plain form, as it always did",
        arguments: [
            NumberText("0", "0"), NumberText("-0", "0"), NumberText("+0.000", "0"), NumberText("007", "7"),
            NumberText("+1.50", "1.5"), NumberText("-0.10", "-0.1"), NumberText("100", "100"),
            NumberText("1000.000", "1000"), NumberText("0.001", "0.001"), NumberText("-12.34", "-12.34"),
            NumberText("9999.99", "9999.99"), NumberText("-9223372036854775808", "-9223372036854775808"),
            NumberText("1" + String(repeating: "0", count: 400), "1" + String(repeating: "0", count: 400)),
            NumberText(
                "0." + String(repeating: "0", count: 400) + "1", "0." + String(repeating: "0", count: 400) + "1"),
            NumberText("1.", nil), NumberText(".5", nil), NumberText("1e3", nil), NumberText("", nil),
            NumberText("-", nil), NumberText("+", nil), NumberText(" 1", nil), NumberText("1 ", nil),
            NumberText("١", nil), NumberText("0x1", nil), NumberText("1.2.3", nil), NumberText("--1", nil),
        ])
    func readsText(_ c: NumberText) {
        #expect(DecimalNumber(c.text)?.description == c.expected)
    }

    @Test(
        "an integer's number is the one its decimal text reads, without the text",
        arguments: [
            0, 1, -1, 7, 10, -10, 100, 120, -120, 1_000_000, 99_999, 1_234_000, Int.max, Int.min, Int.min + 1,
            -9_000_000_000_000_000_000,
        ])
    func integer(_ value: Int) throws {
        let read = try #require(DecimalNumber(String(value)))
        let made = DecimalNumber(value)
        #expect(made == read)
        #expect(made.description == read.description)
        #expect((made.isNegative, made.digits, made.exponent) == (read.isNegative, read.digits, read.exponent))
        #expect(made.isPlainAlways && made.exactInteger == value)
    }

    @Test(
        "JSON reads RFC 8259's numbers exactly, with an exponent form for the very large and small",
        arguments: [
            NumberText("0", "0"), NumberText("-0", "0"), NumberText("-0.0", "0"), NumberText("0e-5", "0"),
            NumberText("1.50E+2", "150"), NumberText("15e-1", "1.5"),
            NumberText("12.99999999999999999", "12.99999999999999999"),
            NumberText("12345678901234567890", "12345678901234567890"), NumberText("123.456e-2", "1.23456"),
            NumberText("-1E-3", "-0.001"), NumberText("1e20", "100000000000000000000"), NumberText("1e21", "1e21"),
            NumberText("1e-21", "0.000000000000000000001"), NumberText("1e-22", "1e-22"),
            NumberText("1e400", "1e400"), NumberText("1e-400", "1e-400"), NumberText("-2.5e-31", "-2.5e-31"),
            NumberText("12345e30", "1.2345e34"), NumberText("1.5e-400", "1.5e-400"),
            NumberText("100e400", "1e402"), NumberText("1e999999999", "1e999999999"),
            NumberText("1e1000000000", nil), NumberText("1e99999999999999999999", nil),
            NumberText("10e999999999", nil), NumberText("0.1e1000000000", "1e999999999"),
            NumberText("9.99e-999999999", "9.99e-999999999"), NumberText("0.999e-999999999", nil),
            NumberText("01", nil), NumberText("+1", nil), NumberText(".5", nil), NumberText("1.", nil),
            NumberText("-", nil), NumberText("1e", nil), NumberText("1e+", nil), NumberText("NaN", nil),
            NumberText(" 1", nil), NumberText("1 ", nil), NumberText("0x10", nil), NumberText("", nil),
        ])
    func readsJSON(_ c: NumberText) {
        #expect(DecimalNumber(json: c.text)?.description == c.expected)
    }

    @Test func equalValuesAreEqualHowEverWritten() {
        let forms = [
            DecimalNumber("1.50"), DecimalNumber("1.5"), DecimalNumber(json: "15e-1"), DecimalNumber(json: "0.15E1"),
        ]
        #expect(Set(forms.map { $0! }).count == 1)
        let written = DecimalNumber("1" + String(repeating: "0", count: 400))!
        let json = DecimalNumber(json: "1e400")!
        #expect(written == json && written.hashValue == json.hashValue)
        // NB: equal, yet each keeps the form of its channel (as -0.0 and 0.0 do for Double).
        #expect(written.description.count == 401 && json.description == "1e400")
    }

    @Test(
        "a number read as written keeps its fraction digits in its description, not in its value",
        arguments: [
            NumberText("50.00", "50.00"), NumberText("0.50", "0.50"), NumberText("-1.10", "-1.10"),
            NumberText("0.00", "0.00"), NumberText("1.5", "1.5"), NumberText("50", "50"), NumberText("+007.0", "7.0"),
            NumberText("1e3", nil), NumberText(".5", nil),
        ])
    func keepsTheWrittenScale(_ c: NumberText) throws {
        let number = DecimalNumber(written: c.text)
        #expect(number?.description == c.expected)
        guard let number else { return }
        let value = try #require(DecimalNumber(c.text))
        #expect(number == value && number.hashValue == value.hashValue && !(number < value) && !(value < number))
    }

    @Test(
        "exactInteger is the value of a whole number within Int",
        arguments: [
            IntegerCase("0", 0), IntegerCase("-0", 0), IntegerCase("1.0", 1), IntegerCase("1e3", 1000),
            IntegerCase("0.5e1", 5), IntegerCase("-12.300e1", -123), IntegerCase("1e18", 1_000_000_000_000_000_000),
            IntegerCase("9223372036854775807", Int.max), IntegerCase("92233720368547758.07e2", Int.max),
            IntegerCase("-9223372036854775808", Int.min), IntegerCase("9223372036854775808", nil),
            IntegerCase("-9223372036854775809", nil), IntegerCase("1e19", nil), IntegerCase("10e18", nil),
            IntegerCase("12345678901234567890", nil), IntegerCase("1.5", nil), IntegerCase("12.99999999999999999", nil),
            IntegerCase("1e400", nil), IntegerCase("1e-400", nil), IntegerCase("-1e-1", nil),
        ])
    func exactInteger(_ c: IntegerCase) throws {
        #expect(try #require(DecimalNumber(json: c.json)).exactInteger == c.expected)
    }

    @Test func anIntegerIsItsDecimalValue() {
        #expect(DecimalNumber(Int.min).description == "-9223372036854775808")
        #expect(DecimalNumber(Int.max).exactInteger == Int.max)
        #expect(DecimalNumber(1000).description == "1000")
    }

    /// A random number as its parts, its JSON text, and its plain digits for the reference comparison.
    struct Sample {
        var negative: Bool
        var json: String
        /// The value's digits with the point at `point` from the left (may be before or after them).
        var digits: [UInt8]
        var point: Int
    }

    static func sample(_ random: inout SplitMix64) -> Sample {
        let negative = random.next() % 2 == 0
        let wholeCount = Int(random.next() % 6)
        let fractionCount = Int(random.next() % 5)
        // Few distinct digits, so that equal values written differently are common.
        let digit = { (random: inout SplitMix64) in UInt8(ascii: "0") + UInt8(random.next() % 3) }
        var whole = (0..<max(wholeCount, 1)).map { _ in digit(&random) }
        if whole.count > 1, whole[0] == UInt8(ascii: "0") { whole[0] = UInt8(ascii: "1") }
        let fraction = (0..<fractionCount).map { _ in digit(&random) }
        let exponent = random.next() % 3 == 0 ? 0 : Int(random.next() % 13) - 6
        var json = (negative ? "-" : "") + String(decoding: whole, as: UTF8.self)
        if !fraction.isEmpty { json += "." + String(decoding: fraction, as: UTF8.self) }
        if exponent != 0 || random.next() % 4 == 0 { json += (random.next() % 2 == 0 ? "e" : "E") + String(exponent) }
        return Sample(negative: negative, json: json, digits: whole + fraction, point: whole.count + exponent)
    }

    /// The reference order: both values as plain digits in one frame of 20 places before the point
    /// and 30 after (samples have at most 10 digits and exponents within ±6), compared as text.
    static func compare(_ a: Sample, _ b: Sample) -> Int {
        func framed(_ s: Sample) -> [UInt8] {
            let zero = UInt8(ascii: "0")
            let leading = [UInt8](repeating: zero, count: 20 - s.point) + s.digits
            return leading + [UInt8](repeating: zero, count: 50 - leading.count)
        }
        let (x, y) = (framed(a), framed(b))
        let xSign = x.allSatisfy { $0 == UInt8(ascii: "0") } ? 0 : a.negative ? -1 : 1
        let ySign = y.allSatisfy { $0 == UInt8(ascii: "0") } ? 0 : b.negative ? -1 : 1
        if xSign != ySign { return xSign < ySign ? -1 : 1 }
        let magnitude = x == y ? 0 : x.lexicographicallyPrecedes(y) ? -1 : 1
        return xSign < 0 ? -magnitude : magnitude
    }

    @Test(
        "ordering, equality and hashing agree with exact arithmetic over many random pairs",
        arguments: (1...8).map { Seed(value: UInt64($0)) })
    func orderingProperties(_ seed: Seed) throws {
        var random = SplitMix64(seed: seed.value)
        let samples = (0..<300).map { _ in Self.sample(&random) }
        let numbers = try samples.map { try #require(DecimalNumber(json: $0.json), "\($0.json)") }
        for (i, a) in numbers.enumerated() {
            // Any description reads back as the same value.
            #expect(DecimalNumber(json: a.description) == a, "\(samples[i].json)")
            for j in samples.indices where j % 3 == i % 3 {
                let b = numbers[j]
                let expected = Self.compare(samples[i], samples[j])
                #expect((a < b) == (expected < 0), "\(samples[i].json) < \(samples[j].json)")
                #expect((a == b) == (expected == 0), "\(samples[i].json) == \(samples[j].json)")
                if a == b { #expect(a.hashValue == b.hashValue && a.description == b.description) }
            }
        }
    }
}

/// A small deterministic generator, so that a failing seed fails again.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
