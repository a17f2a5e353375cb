import Foundation

/// Where a check's verdict flips: the one set that coverage asks a suite to pin on both sides, and
/// around which `suggest` and `diff` look for values (``CheckBoundary/samples(in:)``).
///
/// Each descriptor says its own (``CheckDescriptor/boundaries``); a consumer switches over these
/// cases, never over checks, so a new check with boundaries of a known kind needs no consumer edit,
/// and a new kind of boundary fails to compile in every consumer until each decides what it does.
public enum CheckBoundary: Hashable, Sendable {
    /// Which side of the allowed values a bound closes.
    public enum Side: String, Hashable, Sendable {
        case min, max

        /// The direction past the bound: -1 below a minimum, 1 above a maximum.
        public var step: Int { self == .min ? -1 : 1 }
    }

    /// A length bound: `count` in `unit` passes, one past it (`count` ∓ 1) fails.
    case length(Side, count: Int, unit: LengthCheck.Unit)
    /// A number bound: `value` passes, the number one unit of its last written digit past it fails.
    case number(Side, value: DecimalNumber)
    /// An exclusive number bound (`range`'s `greaterThan`, `lessThan`): `value` fails, the number one
    /// unit of its last written digit inside it passes (`0` → `1`, `0.5` → `0.6` above a `greaterThan`).
    case exclusiveNumber(Side, value: DecimalNumber)
    /// A date bound: the day passes, the day past it fails.
    case date(Side, bound: DateBound)
    /// A value the check allows, among the values it names (`oneOf`).
    case allowed(String)
    /// A pattern: the strings its syntax gives, at and around each repetition's bounds.
    case pattern(RulePattern)
    /// Fields whose values are on the edge when equal (`ascending`).
    case equalFields([String])
    /// A condition on a field (`requiredIf`): `field` empty and given while `when` holds (or holds
    /// `equals`), and empty while it does not.
    case condition(field: String, when: String, equals: String?)
    /// A count of a list's items (`list`'s `minItems`, `maxItems`): `count` passes, one past it fails.
    case items(Side, count: Int, field: String)
    /// A list whose items must differ (`unique`): an item given twice fails.
    case distinctItems(field: String)
    /// Values on both sides of a verdict that a text, a list of values or a fixed grammar draws
    /// (`startsWith`'s prefix with and without it, each `notOneOf` value and a near one, `decimals`
    /// at `max` and `max` + 1 fraction digits, `hostname`'s and `ip`'s edge values): candidates for
    /// `suggest` and `diff`. Coverage asks for none beyond the check's code and a value passing it.
    case witnesses([String])

    /// Atoms whose lengths differ by unit: 1, 2, 5 and 2 scalars; 1, 3, 8, 4, 2 UTF-16 units.
    package static let atoms = ["a", "e\u{301}", "👨‍👩‍👧", "🇯🇵", "𠮷", "あ", "Ａ"]

    /// Texts at and around the boundary for `context`'s today; none for a boundary of records or
    /// lists, which vary records instead (``counts`` gives a list's).
    public func samples(in context: ValidationContext) -> [String] {
        switch self {
        case .length(_, let bound, let unit):
            var texts: [String] = []
            for count in [bound - 1, bound, bound + 1] where count >= 0 {
                for atom in Self.atoms {
                    let size = LengthCheck.count(atom[...], in: unit)
                    texts.append(
                        String(repeating: atom, count: count / size) + String(repeating: "a", count: count % size))
                }
                for run in ["A", "0", " a"] {
                    let scalars = String(repeating: run, count: count).unicodeScalars.prefix(count)
                    texts.append(String(String.UnicodeScalarView(scalars)))
                }
            }
            return texts
        case .number(_, let value), .exclusiveNumber(_, let value):
            let text = value.description
            let places = DecimalNumber.places(of: text)
            var texts = [text, " \(text)", text + "0"]
            for step in [-1, 1] {
                if let moved = value.moved(by: step) { texts.append(moved.description) }
                // NB: one digit further, which a bound written with fewer places than a value misses.
                if let finer = value.keeping(scale: places + 1).moved(by: step) { texts.append(finer.description) }
                if let whole = DecimalNumber(String(text.prefix { $0 != "." })), let moved = whole.moved(by: step) {
                    texts.append(moved.description)
                }
            }
            // NB: the whole numbers that pin the bound for an integer type (`greaterThan: 0.5`: 0 and 1).
            if let pins = pinningNumbers(for: .integer) {
                texts += [pins.allowed.description, pins.refused.description]
            }
            return texts
        case .date(_, let bound):
            let day = bound.resolve(in: context)
            return [-2, -1, 0, 1, 2].map { DateOffset($0, .day).applied(to: day).description } + [" \(day)"]
        case .allowed(let value):
            return [
                value, ASCIICase.upper(value), ASCIICase.lower(value), " \(value) ",
                ASCIICase.upperFirstLowerRest(value),
                "0" + value,
            ]
        case .pattern(let pattern):
            return PatternSamples.strings(for: pattern.source)
        case .witnesses(let texts):
            return texts
        case .equalFields, .condition, .items, .distinctItems:
            return []
        }
    }

    /// The two numbers that pin a number bound for a type of `valueType`: the nearest number the
    /// bound allows and the nearest it refuses, one unit of the bound's last written digit apart
    /// (`min: 1.5`: 1.5 and 1.4), or for an integer type the nearest whole numbers (`min: 1.5`: 2
    /// and 1; `greaterThan: 0.5`: 1 and 0); `nil` for any other boundary.
    public func pinningNumbers(for valueType: ValueType) -> (allowed: DecimalNumber, refused: DecimalNumber)? {
        let integer = valueType == .integer
        switch self {
        case .number(let side, let value):
            guard integer else { return value.moved(by: side.step).map { (value, $0) } }
            guard let allowed = side == .min ? value.ceiling : value.floor else { return nil }
            return allowed.moved(by: side.step).map { (allowed, $0) }
        case .exclusiveNumber(let side, let value):
            guard integer else { return value.moved(by: -side.step).map { ($0, value) } }
            // NB: the first whole number past the bound on its allowed side: `greaterThan: 0` allows 1.
            guard let refused = side == .min ? value.floor : value.ceiling else { return nil }
            return refused.moved(by: -side.step).map { ($0, refused) }
        default:
            return nil
        }
    }
}

extension CheckBoundary {
    /// The counts of items at and around a list bound; empty for any other boundary.
    public var counts: [Int] {
        guard case .items(_, let count, _) = self else { return [] }
        return [count - 1, count, count + 1].filter { $0 >= 0 }
    }
}

extension Normalizer {
    /// Texts the normalizer changes, as plain scalars, for the candidates of `suggest` and `diff`:
    /// a type whose normalizer is dropped or added gives one of these another value.
    public var samples: [String] {
        switch self {
        case .trim: [" a", "a ", "\u{3000}a", "\u{A0}a\u{A0}", "\ta\n"]
        case .lowercase: ["A", "AB", "Ab", "\u{C9}", "\u{1E9E}", "\u{391}"]
        case .uppercase: ["a", "ab", "aB", "\u{E9}", "\u{DF}", "\u{3B1}"]
        case .collapseWhitespace: ["a  b", "a\u{3000}b", " a ", "a\tb", "a\u{A0}\u{A0}b"]
        case .nfc: ["e\u{301}", "e\u{301}x", "a\u{30A}", "\u{212B}", "\u{1100}\u{1161}"]
        case .nfkc: ["\u{FB01}", "\u{FF21}", "\u{2460}", "\u{FF11}\u{FF12}", "a\u{3000}b", "e\u{301}x"]
        }
    }
}

/// Case changes of ASCII letters only, other scalars kept: for candidate values (a verdict's case
/// mapping is the normalizers'), and for names and keywords that are ASCII by the format's or the
/// protocol's definition (identifiers, codes, HTTP methods and header names), which need no
/// platform's case mapping and must come out alike on every OS release.
package enum ASCIICase {
    package static func upper(_ text: some StringProtocol) -> String { mapped(String(text), 0x61...0x7A, -32) }
    package static func lower(_ text: some StringProtocol) -> String { mapped(String(text), 0x41...0x5A, 32) }
    /// `text` with its first scalar upper-cased: `tooLong` → `TooLong`.
    package static func upperFirst(_ text: some StringProtocol) -> String { firstMapped(text) { upper($0) } }
    /// `text` with its first scalar lower-cased: `TooLong` → `tooLong`.
    package static func lowerFirst(_ text: some StringProtocol) -> String { firstMapped(text) { lower($0) } }
    /// Whether `scalar` is an ASCII letter, `A`–`Z` or `a`–`z`.
    package static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
    }
    /// Whether `scalar` is an ASCII digit, `0`–`9`.
    package static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool { (0x30...0x39).contains(scalar.value) }
    package static func upperFirstLowerRest(_ text: String) -> String {
        guard let first = text.unicodeScalars.first else { return text }
        let rest = String(String.UnicodeScalarView(text.unicodeScalars.dropFirst()))
        return upper(String(first)) + lower(rest)
    }

    private static func firstMapped(_ text: some StringProtocol, _ map: (String) -> String) -> String {
        guard let first = text.unicodeScalars.first else { return "" }
        var rest = String.UnicodeScalarView()
        rest.append(contentsOf: text.unicodeScalars.dropFirst())
        return map(String(first)) + String(rest)
    }

    private static func mapped(_ text: String, _ range: ClosedRange<UInt32>, _ offset: Int32) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if range.contains(scalar.value), let changed = Unicode.Scalar(UInt32(Int32(scalar.value) + offset)) {
                out.append(changed)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}

extension DecimalNumber {
    /// The greatest whole number not above this one: `0.5` → `0`, `-0.5` → `-1`, `2` → `2`.
    package var floor: DecimalNumber? { whole(roundingUp: false) }
    /// The least whole number not below this one: `0.5` → `1`, `-0.5` → `0`, `2` → `2`.
    package var ceiling: DecimalNumber? { whole(roundingUp: true) }

    private func whole(roundingUp: Bool) -> DecimalNumber? {
        // NB: no trailing zeros in `digits`, so a number with no negative exponent is whole.
        if exponent >= 0 || digits.isEmpty { return keeping(scale: 0) }
        let text = description
        guard !text.contains("e"), let truncated = DecimalNumber(String(text.prefix { $0 != "." })) else { return nil }
        // NB: truncation goes toward zero: below a negative number's, above a positive one's.
        let negative = text.hasScalarPrefix("-")
        if roundingUp == negative { return truncated }
        return truncated.moved(by: roundingUp ? 1 : -1)
    }

    /// How many fraction digits a number's text writes: 2 for `19.90`, 0 for `20`. Its text is ASCII, so
    /// they are counted in bytes.
    static func places(of text: String) -> Int {
        text.utf8.split(separator: UInt8(ascii: ".")).dropFirst().first?.count ?? 0
    }

    /// The number plus `integer`, its written fraction digits kept: `0.5` plus 1 is `1.5`.
    package func adding(_ integer: Int) -> DecimalNumber? {
        let text = description
        let places = DecimalNumber.places(of: text)
        guard let value = Decimal(string: text) else { return nil }
        return DecimalNumber("\(value + Decimal(integer))")?.keeping(scale: places)
    }

    /// The number moved by `step` units of its last written digit: `20` by 1 is `21`, `0.5` by -1 is
    /// `0.4`, `50.00` by 1 is `50.01`, `1.99` by 1 is `2.00`.
    package func moved(by step: Int) -> DecimalNumber? {
        let text = description
        let places = DecimalNumber.places(of: text)
        guard let value = Decimal(string: text) else { return nil }
        let unit = Decimal(sign: .plus, exponent: -places, significand: 1)
        var moved = value + Decimal(step) * unit
        var rounded = Decimal()
        NSDecimalRound(&rounded, &moved, places, .plain)
        return DecimalNumber("\(rounded)")?.keeping(scale: places)
    }
}
