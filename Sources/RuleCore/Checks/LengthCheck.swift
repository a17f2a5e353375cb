/// `length`: the value's length, in `unit`, lies within `min...max`.
public struct LengthCheck: CheckDescriptor, ValueCheck {
    /// Whether no value that reaches the check can be shorter than `minimum`: a length is never
    /// negative, and a value that is not empty has length 1 or more in every unit, so with empty
    /// values kept from the checks (``ResolvedType/emptyNeverChecked``) a minimum of 1 never fails either.
    public static func isInert(minimum: Int?, emptyNeverChecked: Bool) -> Bool {
        guard let minimum else { return true }
        return minimum <= 0 || (minimum <= 1 && emptyNeverChecked)
    }

    /// What a length counts.
    public enum Unit: String, Hashable, Sendable, CaseIterable {
        /// Extended grapheme clusters, by UAX #29 of the pinned Unicode version (the default).
        case characters
        /// Unicode scalars (code points), as JSON Schema and Python's `len`.
        case scalars
        /// UTF-16 code units, as JavaScript's `.length`.
        case utf16
        /// UTF-8 bytes, as a database column's size.
        case bytes

        /// Every unit's YAML name, for "did you mean".
        public static var allNames: [String] { allCases.map(\.rawValue) }

        /// What the unit counts, in words.
        public var words: String {
            switch self {
            case .characters: "characters"
            case .scalars: "Unicode scalars"
            case .utf16: "UTF-16 code units"
            case .bytes: "UTF-8 bytes"
            }
        }
    }

    public static let name = "length"
    public static let basis = CheckBasis.bounds
    public static let parameters = [
        ParameterSpec("min", .integer), ParameterSpec("max", .integer),
        ParameterSpec("unit", .choice(Unit.allNames), default: .text(Unit.characters.rawValue)),
    ]
    public static let appliesTo = CheckScope.values([.string])
    public static let codes = [
        CheckCode.min(
            "tooShort", .count, summary: "shorter than `min`",
            en: "Too short: the minimum is {min}.", ja: "{min}文字以上で入力してください。"),
        CheckCode.max(
            "tooLong", .count, summary: "longer than `max`",
            en: "Too long: the maximum is {max}.", ja: "{max}文字以内で入力してください。"),
    ]

    /// The smallest length allowed, if any.
    public var min: Int?
    /// The largest length allowed, if any.
    public var max: Int?
    /// What the bounds count.
    public var unit: Unit

    /// Creates a length check; at least one bound should be given.
    public init(min: Int? = nil, max: Int? = nil, unit: Unit = .characters) {
        self.min = min
        self.max = max
        self.unit = unit
    }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {
        let (min, max) = (parameters.integer("min"), parameters.integer("max"))
        var valid = parameters.checkBounds(min, max, of: Self.name, diagnostics: &diagnostics)
        for (key, bound) in [("min", min), ("max", max)] where (bound ?? 0) < 0 {
            diagnostics.append(.error("a length cannot be negative", at: parameters.range(of: key)))
            valid = false
        }
        guard valid else { return nil }
        self.init(min: min, max: max, unit: parameters.text("unit").flatMap(Unit.init(rawValue:)) ?? .characters)
    }

    /// Each bound given, in the check's unit.
    public var boundaries: [CheckBoundary] {
        [min.map { .length(.min, count: $0, unit: unit) }, max.map { .length(.max, count: $0, unit: unit) }]
            .compactMap { $0 }
    }

    public var arguments: [(name: String, value: ParameterValue)] {
        [min.map { ("min", .integer($0)) }, max.map { ("max", .integer($0)) }, ("unit", .text(unit.rawValue))]
            .compactMap { $0 }
    }

    public func summary(of code: CheckCode) -> String { code.summary + " " + unit.words }

    /// The length of `text` in `unit`.
    @inlinable
    public static func count(_ text: Substring, in unit: Unit) -> Int {
        switch unit {
        case .characters: simpleCharacterCount(text) ?? PinnedUnicode.graphemeCount(text)
        case .scalars: text.unicodeScalars.count
        case .utf16: text.utf16.count
        case .bytes: text.utf8.count
        }
    }

    /// The number of characters of `text` when each of its scalars is a character of its own,
    /// whatever stands beside it; else `nil`, for ``PinnedUnicode/graphemeCount(_:)`` to count.
    ///
    /// Those scalars are ASCII but CR (CR LF is one character), U+0080 to U+02FF (controls,
    /// Latin and spacing modifiers, before the combining marks), and the CJK ideographs, kana,
    /// CJK punctuation and full-width forms most Japanese text is made of. None of them is an
    /// Extend, ZWJ, SpacingMark, Prepend, Hangul or Regional Indicator scalar, which are the only
    /// ones that join a scalar to its neighbour (UAX #29, GB3 to GB13), so each is one character.
    /// Counting them is a pass over the bytes. A test checks these ranges against the pinned
    /// grapheme table.
    @usableFromInline
    static func simpleCharacterCount(_ text: Substring) -> Int? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var count = 0
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                if lead < 0x80 {
                    guard lead != 0x0D else { return nil }
                    index += 1
                } else if lead < 0xE0 {
                    // NB: two bytes hold U+0080 to U+07FF; up to U+02FF is C1 controls, Latin and modifiers.
                    guard lead < 0xCC else { return nil }
                    index += 2
                } else if lead < 0xF0, index + 2 < bytes.count {
                    let scalar =
                        UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
                        | UInt32(bytes[index + 2] & 0x3F)
                    guard Self.standsAlone(scalar) else { return nil }
                    index += 3
                } else {
                    return nil
                }
                count += 1
            }
            return count
        } ?? nil
    }

    /// Whether a scalar of three UTF-8 bytes is one of the CJK ones that is always a character
    /// of its own: ideographic space and punctuation (not the combining tone marks U+302A to
    /// U+302F), hiragana (not the combining voicing marks U+3099 and U+309A), katakana, CJK
    /// ideographs and their extension A, and full-width ASCII forms.
    @inline(__always)
    private static func standsAlone(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3000...0x3029, 0x3041...0x3096, 0x30A0...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF01...0xFF5E:
            true
        default: false
        }
    }

    func compile(for valueType: ValueType, outcomes: [Outcome]) -> CompiledValueCheck {
        Compiled(min: min, max: max, unit: unit, tooShort: outcomes[0], tooLong: outcomes[1])
    }

    private final class Compiled: CompiledValueCheck, @unchecked Sendable {
        let min: Int?
        let max: Int?
        let unit: Unit
        let tooShort: Outcome
        let tooLong: Outcome

        init(min: Int?, max: Int?, unit: Unit, tooShort: Outcome, tooLong: Outcome) {
            self.min = min
            self.max = max
            self.unit = unit
            self.tooShort = tooShort
            self.tooLong = tooLong
        }

        override func evaluate(_ text: Substring, _ value: ValidatedValue, context: ValidationContext) -> Miss? {
            let count = LengthCheck.count(text, in: unit)
            // NB: the loader refuses min > max, so at most one bound is crossed.
            if let min, count < min { return Miss(tooShort, bound: .count(min)) }
            if let max, count > max { return Miss(tooLong, bound: .count(max)) }
            return nil
        }
    }
}
