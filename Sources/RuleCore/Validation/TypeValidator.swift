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
        /// Whether its values are never echoed (`sensitive: true`).
        let isSensitive: Bool

        init(
            rule: ResolvedType, outcomes: [Outcome], checkOutcomes: [CheckOutcomes], checks: [any CompiledValueCheck],
            decimalsFitFoundation: Bool
        ) {
            self.decimalsFitFoundation = decimalsFitFoundation
            self.rule = rule
            isSensitive = rule.isSensitive
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
        switch verdict(input, context: context) {
        case .valid(let value): .valid(value)
        case .invalid(let first): .invalid(violations(from: first) { verdict(input, context: context, after: $0) })
        }
    }

    /// Validates an ``ValidationInput``: text is read as the type, and a JSON value must be of its kind.
    public func validate(_ input: ValidationInput, context: ValidationContext = ValidationContext()) -> ValidationResult
    {
        switch verdict(input, context: context) {
        case .valid(let value): .valid(value)
        case .invalid(let first): .invalid(violations(from: first) { verdict(input, context: context, after: $0) })
        }
    }

    /// The normalized value of `input`, or the first outcome it misses: what a generated value
    /// object makes its case of, with no ``Violation`` built and nothing allocated.
    ///
    /// `after` is for ``validate(_:context:)-(String?,_)``, which finds the rest of the
    /// violations: it skips the checks up to and including that ``FirstMiss/position``, and the
    /// verdict is `.valid` when no check after it misses.
    @inline(__always)
    @usableFromInline func verdict(_ input: String?, context: ValidationContext, after: Int = -1) -> Verdict {
        guard let input else { return absent() }
        // NB: text that no normalizer changes is a string as it is, with no round trip through a slice.
        if compiled.isPlainString, !input.isEmpty {
            if compiled.checks.isEmpty { return .valid(.string(input)) }
            return verdict(parsed: .string(input), text: Substring(input), context: context, after: after)
        }
        return verdict(text: Substring(input), context: context, after: after)
    }

    /// ``verdict(_:context:after:)-(String?,_,_)`` of a ``ValidationInput``.
    @inline(__always)
    @usableFromInline func verdict(_ input: ValidationInput, context: ValidationContext, after: Int = -1)
        -> Verdict
    {
        switch input {
        case .absent: absent()
        case .text(let text): verdict(text: Substring(text), context: context, after: after)
        case .string(let text) where valueType.isStringInJSON:
            verdict(text: Substring(text), context: context, after: after)
        case .number(let number):
            verdict(
                parsed: ValueFormat.value(ofNumber: number, as: valueType), text: input.shown, context: context,
                after: after)
        case .boolean(let flag):
            verdict(
                parsed: valueType == .boolean ? .boolean(flag) : nil, text: input.shown, context: context, after: after)
        case .string, .list, .record: invalidFormat(input.shown)
        }
    }

    /// The violations of a value whose first miss is `first`, with those of the checks after it,
    /// which `next` finds, from the position of the last one found.
    private func violations(from first: FirstMiss, next: (Int) -> Verdict) -> Violations {
        // NB: `required` for absent or empty input is made once: reporting it allocates nothing.
        if first.outcome == 0 { return first.text == nil ? compiled.absentViolations : compiled.emptyViolations }
        var violations = Violations(violation(of: first))
        var position = first.position
        while position >= 0, position + 1 < compiled.checks.count, case .invalid(let more) = next(position) {
            violations.append(violation(of: more))
            position = more.position
        }
        return violations
    }

    /// The violation that `miss` stands for.
    @usableFromInline
    func violation(of miss: FirstMiss) -> Violation {
        Violation(compiled.outcomes[miss.outcome], bound: miss.bound, value: miss.text)
    }

    private static func isPastPatternLimit(_ text: Substring) -> Bool {
        text.utf8.count > RulePattern.maximumInputLength && text.unicodeScalars.count > RulePattern.maximumInputLength
    }

    // NB: outcome 0 is `required` and 1 `invalidFormat` (``outcomes``).
    @inline(__always)
    private func absent() -> Verdict {
        isOptional ? .valid(nil) : .invalid(FirstMiss(outcome: 0, text: nil, compiled: compiled))
    }

    @inline(__always)
    private func invalidFormat(_ text: Substring) -> Verdict {
        .invalid(FirstMiss(outcome: 1, text: text, compiled: compiled))
    }

    // NB: inlined into the public entry points, whose calls and copies of a result cost more than this work.
    @inline(__always)
    private func verdict(text raw: Substring, context: ValidationContext, after: Int) -> Verdict {
        var text = raw
        for normalizer in compiled.normalizers { text = normalizer.apply(text) }
        if text.isEmpty {
            if isOptional { return .valid(nil) }
            if compiled.hasRequiredCheck { return .invalid(FirstMiss(outcome: 0, text: text, compiled: compiled)) }
        }
        if let bounds = compiled.dateBounds {
            return verdict(date: text, bounds: bounds, context: context, after: after)
        }
        return verdict(parsed: ValueFormat.parse(text, as: valueType), text: text, context: context, after: after)
    }

    /// A date type's text, parsed and held to its bounds (`notBefore: today`), the date never boxed
    /// until it is the result.
    @inline(__always)
    private func verdict(date text: Substring, bounds: [DateBound.Compiled], context: ValidationContext, after: Int)
        -> Verdict
    {
        guard let date = LocalDate(text) else { return invalidFormat(text) }
        for position in (after + 1)..<bounds.count {
            guard let miss = bounds[position].evaluate(date, context: context) else { continue }
            return .invalid(FirstMiss(miss, text: text, position: position, compiled: compiled))
        }
        return .valid(.date(date))
    }

    /// Runs the checks on a value read off text or JSON; `nil` is a value of the wrong format.
    @inline(__always)
    private func verdict(parsed: consuming ValidatedValue?, text: Substring, context: ValidationContext, after: Int)
        -> Verdict
    {
        guard let value = consume parsed else { return invalidFormat(text) }
        let checks = compiled.checks
        guard !checks.isEmpty else { return validValue(value, text: text) }
        let checked = CheckedValue(text: text, value: value)
        for position in (after + 1)..<checks.count {
            // A value past the pattern limit never matches; when an earlier check (its length) has
            // reported it already, the patterns add nothing true about it (docs/format.md, "Patterns").
            if position == compiled.firstPattern, after >= 0, Self.isPastPatternLimit(text) { break }
            guard let miss = checks[position].evaluate(checked, context: context) else { continue }
            return .invalid(FirstMiss(miss, text: text, position: position, compiled: compiled))
        }
        // NB: after a miss, the rest of the checks pass: the value's own format was checked first.
        return after >= 0 ? .valid(nil) : validValue(value, text: text)
    }

    /// A value that passed every check; in generated code, a decimal that Foundation's `Decimal`
    /// cannot hold is `invalidFormat` instead (checked last, so that `1e400` is still `tooLarge`).
    @inline(__always)
    private func validValue(_ value: ValidatedValue, text: Substring) -> Verdict {
        if compiled.decimalsFitFoundation, case .decimal(let number) = value, !number.fitsFoundationDecimal {
            return invalidFormat(text)
        }
        return .valid(value)
    }
}

extension TypeValidator {
    /// The normalized value of an input, or the first outcome it misses.
    @usableFromInline enum Verdict: Sendable {
        /// Valid; `nil` for an optional value left empty.
        case valid(ValidatedValue?)
        /// Invalid: the first outcome missed.
        case invalid(FirstMiss)
    }

    /// The first outcome a value misses, as a generated value object makes its case of it: which
    /// outcome, the bound missed and the text checked, with no ``Violation`` built.
    @usableFromInline struct FirstMiss: Sendable {
        /// The outcome's ``Outcome/index`` among the type's ``TypeValidator/outcomes``.
        @usableFromInline let outcome: Int
        /// The bound the value missed, for the outcomes that carry one.
        @usableFromInline let bound: Bound?
        /// The text checked, after normalization; `nil` for absent input.
        let text: Substring?
        /// The place among the type's checks of the check that missed; -1 before the checks.
        let position: Int
        /// Whether the value is sensitive, never echoed.
        let isSensitive: Bool

        init(outcome: Int, text: Substring?, compiled: Compiled) {
            self.outcome = outcome
            self.text = text
            bound = nil
            position = -1
            isSensitive = compiled.isSensitive
        }

        init(_ miss: Miss, text: Substring, position: Int, compiled: Compiled) {
            outcome = miss.outcome
            bound = miss.bound
            self.text = text
            self.position = position
            isSensitive = compiled.isSensitive
        }

        /// The value as checked, as ``Violation/value`` echoes it; empty when there is none or
        /// it is sensitive.
        @usableFromInline var value: String {
            guard let text, !isSensitive else { return "" }
            return Violation.echoed(text)
        }
    }
}
