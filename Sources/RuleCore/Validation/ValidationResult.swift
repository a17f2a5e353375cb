/// The outcome of validating one value: the normalized value, or every violation.
public enum ValidationResult: Hashable, Sendable {
    /// Valid; `nil` for an optional value left empty.
    case valid(Value?)
    /// Invalid, with every violation found (never empty).
    case invalid([Violation])

    /// Whether the value is valid.
    public var isValid: Bool {
        if case .valid = self { true } else { false }
    }

    /// The violations; empty when valid.
    public var violations: [Violation] {
        if case .invalid(let violations) = self { violations } else { [] }
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
