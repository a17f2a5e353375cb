/// The outcome of validating one value: the normalized value, or every violation.
public enum ValidationResult: Hashable, Sendable {
    /// Valid; `nil` for an optional value left empty.
    case valid(Value?)
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
/// NB: the first is stored inline, so that the common case, one violation, allocates nothing.
public struct Violations: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    private var head: Violation?
    private var tail: [Violation]

    /// No violations.
    public init() {
        head = nil
        tail = []
    }

    /// One violation.
    public init(_ violation: Violation) {
        head = violation
        tail = []
    }

    /// The violations of a sequence.
    public init(_ violations: some Sequence<Violation>) {
        self.init()
        for violation in violations { append(violation) }
    }

    public init(arrayLiteral violations: Violation...) { self.init(violations) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { head == nil ? 0 : tail.count + 1 }
    public subscript(position: Int) -> Violation { position == 0 ? head! : tail[position - 1] }

    /// Adds a violation at the end.
    public mutating func append(_ violation: Violation) {
        if head == nil { head = violation } else { tail.append(violation) }
    }

    /// Adds violations at the end.
    public mutating func append(contentsOf violations: some Sequence<Violation>) {
        for violation in violations { append(violation) }
    }

    /// `[tooLong, dueDate: tooEarly]`.
    public var description: String { "[" + map(\.description).joined(separator: ", ") + "]" }

    public static func == (a: Violations, b: Violations) -> Bool { a.elementsEqual(b) }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for violation in self { hasher.combine(violation) }
    }
}
