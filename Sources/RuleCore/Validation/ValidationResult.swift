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
/// NB: a plain array, so that an invalid value costs one allocation and a copy one retain; an
/// inline first violation cost more instructions in Optional's value witnesses than it saved.
public struct Violations: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    /// The violations as an array, without copying them one by one.
    package private(set) var elements: [Violation]

    /// No violations.
    public init() { elements = [] }

    /// One violation.
    public init(_ violation: Violation) { elements = [violation] }

    /// The violations of a sequence.
    public init(_ violations: some Sequence<Violation>) { elements = Array(violations) }

    public init(arrayLiteral violations: Violation...) { elements = violations }

    public var isEmpty: Bool { elements.isEmpty }
    public var count: Int { elements.count }
    public var startIndex: Int { 0 }
    public var endIndex: Int { elements.count }
    public subscript(position: Int) -> Violation { elements[position] }

    /// Adds a violation at the end.
    public mutating func append(_ violation: Violation) { elements.append(violation) }

    /// Adds violations at the end.
    public mutating func append(contentsOf violations: some Sequence<Violation>) {
        elements.append(contentsOf: violations)
    }

    /// `[tooLong, dueDate: tooEarly]`.
    public var description: String { "[" + map(\.description).joined(separator: ", ") + "]" }
}
