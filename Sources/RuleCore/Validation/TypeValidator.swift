/// A named type compiled once into an immutable validator: normalizers, then `required` and
/// parsing, then every check in order.
///
/// ```swift
/// guard case .type(let title)? = rules.validator(named: "TaskTitle") else { return }
/// title.validate("  Buy milk  ")   // .valid(.string("Buy milk"))
/// ```
public struct TypeValidator: Sendable {
    /// What a compiled type holds, shared by every copy of its validator.
    ///
    /// NB: a class, so that copying a validator (a generated type's `validator`, a model's field)
    /// retains one reference rather than each of its parts.
    final class Compiled: Sendable {
        let rule: ResolvedType
        let outcomes: [Outcome]
        let checkOutcomes: [CheckOutcomes]
        let normalizers: [Normalizer]
        let valueType: ValueType
        let checks: [any CompiledValueCheck]
        let hasRequiredCheck: Bool
        /// A string type with no normalizers: its text is its value.
        let isPlainString: Bool
        /// `required` for absent input and for text that is empty after normalization, made once, so
        /// that returning them allocates nothing.
        let absentViolations: Violations
        let emptyViolations: Violations
        /// A date type whose checks are all date bounds: run without boxing the date (`nil` otherwise).
        let dateBounds: [DateBound.Compiled]?
        /// The index of the first pattern in ``checks``, which run last; `checks.count` when none.
        let firstPattern: Int
        /// The languages its messages are in, sorted.
        let languages: [String]
        /// The languages it answers a request in: `ProblemDetails.negotiable(_:outcomes:)`.
        let negotiableLanguages: [String]
        /// A decimal type of generated code: a value Foundation's `Decimal` cannot hold is `invalidFormat`.
        let decimalsFitFoundation: Bool

        init(
            rule: ResolvedType, outcomes: [Outcome], checkOutcomes: [CheckOutcomes], checks: [any CompiledValueCheck],
            decimalsFitFoundation: Bool
        ) {
            self.decimalsFitFoundation = decimalsFitFoundation
            self.rule = rule
            self.outcomes = outcomes
            self.checkOutcomes = checkOutcomes
            normalizers = rule.normalizers
            valueType = rule.valueType
            self.checks = checks
            hasRequiredCheck = rule.hasRequiredCheck
            isPlainString = valueType == .string && normalizers.isEmpty
            absentViolations = Violations(Violation(outcomes.required))
            emptyViolations = Violations(Violation(outcomes.required, value: ""))
            let dateBounds = checks.compactMap { $0 as? DateBound.Compiled }
            self.dateBounds = valueType == .date && dateBounds.count == checks.count ? dateBounds : nil
            languages = Set(outcomes.flatMap(\.templates.byLanguage.keys)).sorted()
            negotiableLanguages = ProblemDetails.negotiable(languages, outcomes: outcomes)
            firstPattern =
                checkOutcomes.firstIndex { type(of: $0.check.descriptor).runsLast } ?? checkOutcomes.count
        }
    }

    let compiled: Compiled
    /// Whether absent, null or empty after normalization is valid and yields no value.
    public internal(set) var isOptional: Bool

    init(
        rule: ResolvedType, outcomes: [Outcome], checkOutcomes: [CheckOutcomes], checks: [any CompiledValueCheck],
        decimalsFitFoundation: Bool = false
    ) {
        compiled = Compiled(
            rule: rule, outcomes: outcomes, checkOutcomes: checkOutcomes, checks: checks,
            decimalsFitFoundation: decimalsFitFoundation)
        isOptional = rule.isOptional
    }

    /// The type's name.
    public var name: String { compiled.rule.name }
    /// The resolved declaration this validator was compiled from.
    public var rule: ResolvedType { compiled.rule }
    /// Everything the type can report, each at its ``Outcome/index``: `required`, `invalidFormat`,
    /// then each check's codes in the order they run.
    public var outcomes: [Outcome] { compiled.outcomes }
    /// Every check but `required`, in the order it runs, with its outcomes.
    public var checkOutcomes: [CheckOutcomes] { compiled.checkOutcomes }
    var valueType: ValueType { compiled.valueType }

    /// Validates `input`: text, or `nil` for absent.
    public func validate(_ input: String?, context: ValidationContext = ValidationContext()) -> ValidationResult {
        guard let input else { return absent() }
        // NB: text that no normalizer changes is a string as it is, with no round trip through a slice.
        if compiled.isPlainString, !input.isEmpty {
            if compiled.checks.isEmpty { return .valid(.string(input)) }
            return validate(parsed: .string(input), text: Substring(input), context: context)
        }
        return validate(text: Substring(input), context: context)
    }

    /// Validates an ``ValidationInput``: text is read as the type, and a JSON value must be of its kind.
    public func validate(_ input: ValidationInput, context: ValidationContext = ValidationContext()) -> ValidationResult
    {
        switch input {
        case .absent: absent()
        case .text(let text): validate(text: Substring(text), context: context)
        case .string(let text) where valueType.isStringInJSON:
            validate(text: Substring(text), context: context)
        case .number(let number):
            validate(parsed: ValueFormat.value(ofNumber: number, as: valueType), text: input.shown, context: context)
        case .boolean(let flag):
            validate(parsed: valueType == .boolean ? .boolean(flag) : nil, text: input.shown, context: context)
        case .string, .list, .record: invalidFormat(input.shown)
        }
    }

    private static func isPastPatternLimit(_ text: Substring) -> Bool {
        text.utf8.count > RulePattern.maximumInputLength && text.unicodeScalars.count > RulePattern.maximumInputLength
    }

    private func absent() -> ValidationResult {
        isOptional ? .valid(nil) : .invalid(compiled.absentViolations)
    }

    private func invalidFormat(_ text: Substring) -> ValidationResult {
        .invalid(Violations(Violation(outcomes.format, value: text)))
    }

    // NB: inlined into the public entry points, whose calls and copies of a result cost more than this work.
    @inline(__always)
    private func validate(text raw: Substring, context: ValidationContext) -> ValidationResult {
        var text = raw
        for normalizer in compiled.normalizers { text = normalizer.apply(text) }
        if text.isEmpty {
            if isOptional { return .valid(nil) }
            if compiled.hasRequiredCheck { return .invalid(compiled.emptyViolations) }
        }
        if let bounds = compiled.dateBounds { return validate(date: text, bounds: bounds, context: context) }
        return validate(parsed: ValueFormat.parse(text, as: valueType), text: text, context: context)
    }

    /// A date type's text, parsed and held to its bounds (`notBefore: today`), the date never boxed
    /// until it is the result.
    @inline(__always)
    private func validate(date text: Substring, bounds: [DateBound.Compiled], context: ValidationContext)
        -> ValidationResult
    {
        guard let date = LocalDate(text) else { return invalidFormat(text) }
        // NB: most invalid dates miss one bound: the array is made once with its first violation
        // rather than grown from empty.
        var violations: Violations?
        for bound in bounds {
            guard let violation = bound.evaluate(date, text: text, context: context) else { continue }
            if violations == nil { violations = Violations(violation) } else { violations!.append(violation) }
        }
        return violations.map(ValidationResult.invalid) ?? .valid(.date(date))
    }

    /// Runs the checks on a value read off text or JSON; `nil` is a value of the wrong format.
    @inline(__always)
    private func validate(parsed: consuming ValidatedValue?, text: Substring, context: ValidationContext)
        -> ValidationResult
    {
        guard let value = consume parsed else { return invalidFormat(text) }
        guard !compiled.checks.isEmpty else { return validValue(value, text: text) }
        var violations: Violations?
        let checked = CheckedValue(text: text, value: value)
        let checks = compiled.checks
        for index in checks.indices {
            // A value past the pattern limit never matches; when an earlier check (its length) has
            // reported it already, the patterns add nothing true about it (docs/format.md, "Patterns").
            if index == compiled.firstPattern, violations != nil, Self.isPastPatternLimit(text) { break }
            guard let violation = checks[index].evaluate(checked, context: context) else { continue }
            if violations == nil { violations = Violations(violation) } else { violations!.append(violation) }
        }
        return violations.map(ValidationResult.invalid) ?? validValue(value, text: text)
    }

    /// A value that passed every check; in generated code, a decimal that Foundation's `Decimal`
    /// cannot hold is `invalidFormat` instead (checked last, so that `1e400` is still `tooLarge`).
    @inline(__always)
    private func validValue(_ value: ValidatedValue, text: Substring) -> ValidationResult {
        if compiled.decimalsFitFoundation, case .decimal(let number) = value, !number.fitsFoundationDecimal {
            return invalidFormat(text)
        }
        return .valid(value)
    }
}
