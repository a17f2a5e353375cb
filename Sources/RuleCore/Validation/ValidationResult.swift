/// The outcome of validating one value: the normalized value, or every violation.
public enum ValidationResult: Hashable, Sendable {
    /// Valid; `nil` for an optional value left empty.
    case valid(ValidatedValue?)
    /// Invalid, with every violation found (never empty).
    case invalid(Violations)

    /// Whether the value is valid.
    public var isValid: Bool {
        if case .valid = self { true } else { false }
    }

    /// The violations; empty when valid.
    public var violations: Violations {
        if case .invalid(let violations) = self { violations } else { Violations() }
    }

    /// The violations of one field of a model, with paths relative to that field.
    public func violations(ofField name: String) -> [Violation] {
        violations.compactMap { violation in
            guard violation.path.first == name else { return nil }
            var relative = violation
            relative.path.removeFirst()
            return relative
        }
    }
}

/// The violations of one value, in the order found.
///
/// NB: a type's validator keeps its first violation as it found it (the outcome's index, the bound,
/// the text) and builds the ``Violation`` when it is read, so that an invalid value allocates
/// nothing; the violations after it are an array. An inline ``Violation`` cost more in copies
/// and `Optional`'s value witnesses than the allocation it saved (docs/performance.md).
public struct Violations: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    // NB: the first violation in seven words: a larger result cost every result, valid or not, in
    // its copies (docs/performance.md).
    /// The type that knows the first violation's outcome; `nil` when every violation is in ``rest``.
    private let compiled: TypeValidator.Compiled?
    /// The first violation's outcome index (bits 0 to 15), its bound's kind (16 and 17: none,
    /// count, date, or a date read off its text) and its bound (from 18: the count, or the date's
    /// ``LocalDate/packed``; for a date read off its text, the bound's and the value's
    /// ``LocalDate/packedSmall``, in bits 18 to 40 and 41 to 63; for kind none, 1 when the bound is
    /// the text of the outcome's text check, ``TypeValidator/Compiled/textBounds``).
    private let found: UInt64
    /// The first violation's text; `nil` for absent input, and for a date read off its text,
    /// which is that date's `YYYY-MM-DD`.
    private let text: Substring?
    /// The violations after the first, or all of them when ``compiled`` is `nil`.
    private var rest: [Violation]

    /// No violations.
    public init() { self.init(rest: []) }

    /// One violation.
    public init(_ violation: Violation) { self.init(rest: [violation]) }

    /// The violations of a sequence.
    public init(_ violations: some Sequence<Violation>) { self.init(rest: Array(violations)) }

    public init(arrayLiteral violations: Violation...) { self.init(rest: violations) }

    private init(rest: [Violation]) {
        (compiled, found, text, self.rest) = (nil, 0, nil, rest)
    }

    /// The violation of `compiled`'s outcome at `outcome`, built when read, then `rest`; a number
    /// bound, a text bound, or one too large to pack, is built at once.
    @inline(__always)
    init(
        outcome: Int, bound: consuming Bound?, text: consuming Substring?, of compiled: TypeValidator.Compiled,
        then rest: [Violation]
    ) {
        let (kind, bits): (UInt64, Int) =
            switch bound {
            case nil: (0, 0)
            case .count(let count): (1, count)
            case .date(let date): (2, date.packed)
            // NB: a text check's bound is its own text, which the outcome knows: no violation is
            // built for `startsWith`'s miss, most of a reference's misses (docs/performance.md).
            case .text(let text): compiled.textBounds[outcome] == text ? (0, 1) : (3, -1)
            case .number: (3, -1)
            }
        guard (0..<1 << 16).contains(outcome), (0..<1 << 46).contains(bits) else {
            self = Violations(rest: [compiled.violation(outcome, bound: bound, text: text)] + rest)
            return
        }
        (self.compiled, self.text, self.rest) = (compiled, text, rest)
        found = UInt64(outcome) | kind << 16 | UInt64(bits) << 18
    }

    /// The violation of `compiled`'s outcome at `outcome`, a date bound that `date` missed, with
    /// `date`'s text `YYYY-MM-DD` as its text, then `rest`: a date type's miss holds no text.
    ///
    /// NB: only for a date read off exactly its text (``LocalDate/init(reading:)`` reads nothing
    /// else); a date type's invalid values are most of its misses, and their text's retain,
    /// release and slice cost a fifth of a validation (docs/performance.md).
    @inline(__always)
    init(
        outcome: Int, bound: LocalDate, readOff date: LocalDate, of compiled: TypeValidator.Compiled,
        then rest: [Violation]
    ) {
        guard (0..<1 << 16).contains(outcome) else {
            self = Violations(
                outcome: outcome, bound: .date(bound), text: Substring(date.description), of: compiled, then: rest)
            return
        }
        (self.compiled, self.text, self.rest) = (compiled, nil, rest)
        found = UInt64(outcome) | 3 << 16 | UInt64(bound.packedSmall) << 18 | UInt64(date.packedSmall) << 41
    }

    /// The first violation, as the type's validator found it.
    private func first(of compiled: TypeValidator.Compiled) -> Violation {
        let bits = Int(found >> 18)
        switch found >> 16 & 3 {
        case 1: return compiled.violation(Int(found & 0xFFFF), bound: .count(bits), text: text)
        case 2: return compiled.violation(Int(found & 0xFFFF), bound: .date(LocalDate(packed: bits)), text: text)
        case 3:
            let bound = LocalDate(packedSmall: bits & LocalDate.packedSmallMask)
            let date = LocalDate(packedSmall: bits >> 23)
            return compiled.violation(Int(found & 0xFFFF), bound: .date(bound), text: Substring(date.description))
        default:
            let outcome = Int(found & 0xFFFF)
            let bound = bits == 1 ? compiled.textBounds[outcome].map(Bound.text) : nil
            return compiled.violation(outcome, bound: bound, text: text)
        }
    }

    /// The violations as an array.
    package var elements: [Violation] {
        guard let compiled else { return rest }
        return [first(of: compiled)] + rest
    }

    public var isEmpty: Bool { compiled == nil && rest.isEmpty }
    public var count: Int { compiled == nil ? rest.count : rest.count + 1 }
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(position: Int) -> Violation {
        guard let compiled else { return rest[position] }
        return position == 0 ? first(of: compiled) : rest[position - 1]
    }

    /// Adds a violation at the end.
    public mutating func append(_ violation: Violation) { rest.append(violation) }

    /// Adds violations at the end.
    public mutating func append(contentsOf violations: some Sequence<Violation>) {
        rest.append(contentsOf: violations)
    }

    public static func == (lhs: Violations, rhs: Violations) -> Bool { lhs.elementsEqual(rhs) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for violation in self { hasher.combine(violation) }
    }

    /// `[tooLong, dueDate: tooEarly]`.
    public var description: String { "[" + map(\.description).joined(separator: ", ") + "]" }
}
