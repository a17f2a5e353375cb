/// A named type compiled once into an immutable validator: normalizers, then `required` and
/// parsing, then every check in order.
///
/// ```swift
/// let title = rules.typeValidator(named: "TaskTitle")!
/// title.validate("  Buy milk  ")   // .valid(.string("Buy milk"))
/// ```
public struct TypeValidator: Sendable {
    /// The type's name.
    public let name: String
    /// The resolved declaration this validator was compiled from.
    public let rule: ResolvedType
    /// Whether absent, null or empty after normalization is valid and yields no value.
    public internal(set) var isOptional: Bool
    /// Everything the type can report, each at its ``Outcome/index``: `required`, `invalidFormat`,
    /// then each check's codes in the order declared.
    public let outcomes: [Outcome]
    /// Every check but `required`, in the order it runs, with its outcomes.
    public let checkOutcomes: [CheckOutcomes]
    let normalizers: [Normalizer]
    let valueType: ValueType
    let checks: [any CompiledValueCheck]
    let hasRequiredCheck: Bool

    init(rule: ResolvedType, outcomes: [Outcome], checkOutcomes: [CheckOutcomes], checks: [any CompiledValueCheck]) {
        name = rule.name
        self.rule = rule
        isOptional = rule.isOptional
        self.outcomes = outcomes
        self.checkOutcomes = checkOutcomes
        normalizers = rule.normalizers
        valueType = rule.valueType
        self.checks = checks
        hasRequiredCheck = rule.hasRequiredCheck
    }

    /// Validates `input`: text, or `nil` for absent.
    public func validate(_ input: String?, context: ValidationContext = ValidationContext()) -> ValidationResult {
        guard let input else { return absent() }
        return validate(text: input[...], context: context)
    }

    /// Validates an ``Input``: text is read as the type, and a JSON value must be of its kind.
    public func validate(_ input: Input, context: ValidationContext = ValidationContext()) -> ValidationResult {
        switch input {
        case .absent: absent()
        case .text(let text): validate(text: text[...], context: context)
        case .string(let text) where valueType == .string || valueType == .date:
            validate(text: text[...], context: context)
        case .number(let number):
            validate(parsed: ValueFormat.value(ofNumber: number, as: valueType), text: input.shown, context: context)
        case .boolean(let flag):
            validate(parsed: valueType == .boolean ? .boolean(flag) : nil, text: input.shown, context: context)
        case .string, .list, .record: invalidFormat(input.shown)
        }
    }

    private func absent() -> ValidationResult {
        isOptional ? .valid(nil) : .invalid(Violations(Violation(outcomes.required)))
    }

    private func invalidFormat(_ text: Substring) -> ValidationResult {
        .invalid(Violations(Violation(outcomes.format, value: text)))
    }

    private func validate(text raw: Substring, context: ValidationContext) -> ValidationResult {
        var text = raw
        for normalizer in normalizers { text = normalizer.apply(text) }
        if text.isEmpty {
            if isOptional { return .valid(nil) }
            if hasRequiredCheck { return .invalid(Violations(Violation(outcomes.required, value: text))) }
        }
        return validate(parsed: ValueFormat.parse(text, as: valueType), text: text, context: context)
    }

    /// Runs the checks on a value read off text or JSON; `nil` is a value of the wrong format.
    private func validate(parsed: Value?, text: Substring, context: ValidationContext) -> ValidationResult {
        guard let value = parsed else { return invalidFormat(text) }
        var violations = Violations()
        let checked = CheckedValue(text: text, value: value)
        for check in checks { check.evaluate(checked, context: context, into: &violations) }
        return violations.isEmpty ? .valid(value) : .invalid(violations)
    }
}
