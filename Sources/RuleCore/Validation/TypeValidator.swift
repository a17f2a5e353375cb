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
    @usableFromInline final class Compiled: Sendable {
        let rule: ResolvedType
        let outcomes: [Outcome]
        let checkOutcomes: [CheckOutcomes]
        let normalizers: [Normalizer]
        let valueType: ValueType
        let checks: [CompiledValueCheck]
        /// ``checks``, unretained, for the steps that run them: ``checks`` keeps them alive.
        ///
        /// NB: a check read out of ``checks`` is retained and released around its call, some 40
        /// instructions a check on every validation (docs/performance.md).
        let unretainedChecks: [Unmanaged<CompiledValueCheck>]
        let hasRequiredCheck: Bool
        /// A string type with no normalizers: its text is its value.
        let isPlainString: Bool
        /// A date type whose checks are all date bounds: run without boxing the date (`nil` otherwise).
        let dateBounds: [DateBound.Limit]?
        /// Such a date type with no normalizers, whose text is read in place, with no slice made.
        let isPlainDate: Bool
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
        /// Whether a check's verdict depends on the day of validation (``Check/readsToday``).
        let readsToday: Bool
        /// Whether a check reads the text of a value and not only the value
        /// (``CompiledValueCheck/readsText``): else a JSON number's text is written only for a violation.
        let checksReadText: Bool
        /// For each outcome, by index, the text of its check when that is a ``TextMatchCheck``,
        /// which is the bound of every miss of it.
        let textBounds: [String?]

        init(
            rule: ResolvedType, outcomes: [Outcome], checkOutcomes: [CheckOutcomes], checks: [CompiledValueCheck],
            decimalsFitFoundation: Bool
        ) {
            self.decimalsFitFoundation = decimalsFitFoundation
            self.rule = rule
            isSensitive = rule.isSensitive
            readsToday = checkOutcomes.contains { $0.check.readsToday }
            checksReadText = checks.contains { $0.readsText }
            self.outcomes = outcomes
            textBounds = outcomes.map { ($0.check?.descriptor as? any TextMatchCheck)?.text }
            self.checkOutcomes = checkOutcomes
            normalizers = rule.normalizers
            valueType = rule.valueType
            self.checks = checks
            unretainedChecks = checks.map(Unmanaged.passUnretained)
            hasRequiredCheck = rule.hasRequiredCheck
            isPlainString = valueType == .string && normalizers.isEmpty
            let dateBounds = checks.compactMap { $0 as? DateBound.Compiled }
            self.dateBounds = valueType == .date && dateBounds.count == checks.count ? dateBounds.map(\.limit) : nil
            isPlainDate = self.dateBounds != nil && normalizers.isEmpty
            languages = Set(outcomes.flatMap(\.templates.byLanguage.keys)).sorted()
            negotiableLanguages = ProblemDetails.negotiable(languages, outcomes: outcomes)
            firstPattern =
                checkOutcomes.firstIndex { type(of: $0.check.descriptor).runsLast } ?? checkOutcomes.count
        }

        /// The violation of the outcome at `outcome` (its ``Outcome/index``).
        func violation(_ outcome: Int, bound: Bound?, text: Substring?) -> Violation {
            Violation(outcomes[outcome], bound: bound, value: text)
        }

        /// The violation that `miss` stands for.
        func violation(_ miss: Miss, text: Substring) -> Violation {
            violation(miss.outcome, bound: miss.bound, text: text)
        }
    }

    @usableFromInline let compiled: Compiled
    /// ``isOptional``, stored where inlinable code reads it.
    @usableFromInline var optional: Bool

    /// Whether absent, null or empty after normalization is valid and yields no value.
    public internal(set) var isOptional: Bool {
        get { optional }
        set { optional = newValue }
    }

    /// The validator of `compiled`, which the caller keeps alive: `compiled` is not retained when
    /// the validator is only borrowed (``unretained(_:isOptional:_:)``).
    @inlinable
    init(guaranteed compiled: Compiled, isOptional: Bool) {
        self.compiled = compiled
        optional = isOptional
    }

    /// `body` of the validator that `compiled` and `isOptional` make, with no retain and release
    /// of what it holds: for a validator that outlives the call, as a generated type's `static
    /// let validator` does.
    ///
    /// NB: copying a validator out of a `static let` in another module retains and releases its
    /// ``Compiled``, two atomic operations on every validation (docs/performance.md).
    @inlinable
    static func unretained<R>(_ compiled: Unmanaged<Compiled>, isOptional: Bool, _ body: (TypeValidator) -> R) -> R {
        compiled._withUnsafeGuaranteedRef { body(TypeValidator(guaranteed: $0, isOptional: isOptional)) }
    }

    init(
        rule: ResolvedType, outcomes: [Outcome], checkOutcomes: [CheckOutcomes], checks: [CompiledValueCheck],
        decimalsFitFoundation: Bool = false
    ) {
        compiled = Compiled(
            rule: rule, outcomes: outcomes, checkOutcomes: checkOutcomes, checks: checks,
            decimalsFitFoundation: decimalsFitFoundation)
        optional = rule.isOptional
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
    ///
    /// NB: `input` is consumed, so that a caller's last use of its text hands it over uncopied.
    public func validate(_ input: consuming String?, context: ValidationContext = ValidationContext())
        -> ValidationResult
    {
        run(input, context: context, reporting: EveryViolation.self)
    }

    /// Validates an ``ValidationInput``: text is read as the type, and a JSON value must be of its kind.
    public func validate(_ input: ValidationInput, context: ValidationContext = ValidationContext()) -> ValidationResult
    {
        run(input, context: context, reporting: EveryViolation.self)
    }

    /// The normalized value of `input`, or the first outcome it misses: what a generated value
    /// object makes its case of, with no ``Violation`` built and nothing allocated.
    ///
    /// NB: `input` is consumed, so that a string type's value takes the text over, not a copy.
    @usableFromInline
    func verdict(_ input: consuming String?, context: ValidationContext) -> Verdict {
        run(input, context: context, reporting: FirstMissOnly.self)
    }

    /// ``verdict(_:context:)-(String?,_)`` of a ``ValidationInput``.
    @usableFromInline
    func verdict(_ input: ValidationInput, context: ValidationContext) -> Verdict {
        run(input, context: context, reporting: FirstMissOnly.self)
    }

    /// The violation that `miss` stands for.
    @usableFromInline
    func violation(of miss: FirstMiss) -> Violation {
        compiled.violation(miss.outcome, bound: miss.bound, text: miss.text)
    }

    private static func isPastPatternLimit(_ text: Substring) -> Bool {
        text.utf8.count > RulePattern.maximumInputLength && text.unicodeScalars.count > RulePattern.maximumInputLength
    }

    // NB: the steps below are written once and inlined into each entry point, specialized for what
    // it reports (`Findings`): calls and copies of a result cost more than this work.

    @inline(__always)
    private func run<F: Findings>(_ input: consuming String?, context: ValidationContext, reporting: F.Type) -> F.Result
    {
        guard var input = consume input else { return isOptional ? F.valid(nil) : F.missed(0, text: nil, compiled) }
        if compiled.isPlainDate, !input.isEmpty, let bounds = compiled.dateBounds {
            guard let date = LocalDate(reading: &input) else { return F.missed(1, text: Substring(input), compiled) }
            return run(date: date, text: Substring(input), bounds: bounds, context: context, reporting: F.self)
        }
        // NB: text that no normalizer changes is a string as it is, with no round trip through a slice.
        if compiled.isPlainString, !input.isEmpty {
            if compiled.checks.isEmpty { return F.valid(.string(input)) }
            // NB: the value takes the text over; only the slice the checks read is a copy of it.
            let text = Substring(input)
            return run(parsed: .string(consume input), text: text, context: context, reporting: F.self)
        }
        return run(text: Substring(input), context: context, reporting: F.self)
    }

    @inline(__always)
    private func run<F: Findings>(_ input: ValidationInput, context: ValidationContext, reporting: F.Type) -> F.Result {
        switch input {
        case .absent: return isOptional ? F.valid(nil) : F.missed(0, text: nil, compiled)
        case .text(let text): return run(text: Substring(text), context: context, reporting: F.self)
        case .string(let text) where valueType.isStringInJSON:
            return run(text: Substring(text), context: context, reporting: F.self)
        case .number(let number):
            let value = ValueFormat.value(ofNumber: number, as: valueType)
            // NB: a number's text is written (`DecimalNumber.description`) only for a check that
            // reads it or a violation that echoes it: most numbers pass checks of their value alone.
            guard compiled.checksReadText else {
                return run(parsed: value, checked: "", shown: input.shown, context: context, reporting: F.self)
            }
            return run(parsed: value, text: input.shown, context: context, reporting: F.self)
        case .boolean(let flag):
            let value: ValidatedValue? = valueType == .boolean ? .boolean(flag) : nil
            return run(parsed: value, text: input.shown, context: context, reporting: F.self)
        case .string, .list, .record: return F.missed(1, text: input.shown, compiled)
        }
    }

    @inline(__always)
    private func run<F: Findings>(text raw: Substring, context: ValidationContext, reporting: F.Type) -> F.Result {
        var text = raw
        for normalizer in compiled.normalizers { text = normalizer.apply(text) }
        if text.isEmpty {
            if isOptional { return F.valid(nil) }
            if compiled.hasRequiredCheck { return F.missed(0, text: text, compiled) }
        }
        if let bounds = compiled.dateBounds {
            guard let date = LocalDate(text) else { return F.missed(1, text: text, compiled) }
            return run(date: date, text: text, bounds: bounds, context: context, reporting: F.self)
        }
        return run(parsed: ValueFormat.parse(text, as: valueType), text: text, context: context, reporting: F.self)
    }

    /// A date type's date held to its bounds (`notBefore: today`), never boxed until it is the
    /// result; `text` is made only when a bound is missed.
    @inline(__always)
    private func run<F: Findings>(
        date: LocalDate, text: @autoclosure () -> Substring, bounds: [DateBound.Limit], context: ValidationContext,
        reporting: F.Type
    ) -> F.Result {
        for position in bounds.indices {
            guard let miss = bounds[position].evaluate(date, context: context) else { continue }
            return F.invalid(miss, date: date, text: text, compiled) {
                // NB: most date types have one bound; no closure runs over an empty rest.
                guard position + 1 < bounds.count else { return [] }
                let text = text()
                return bounds[(position + 1)...].compactMap { bound in
                    bound.evaluate(date, context: context).map { compiled.violation($0, text: text) }
                }
            }
        }
        return F.valid(.date(date))
    }

    /// Runs the checks on a value read off text or JSON; `nil` is a value of the wrong format.
    @inline(__always)
    private func run<F: Findings>(
        parsed: consuming ValidatedValue?, text: Substring, context: ValidationContext, reporting: F.Type
    ) -> F.Result {
        run(parsed: parsed, checked: text, shown: text, context: context, reporting: F.self)
    }

    /// Runs the checks on a value with `checked` as its text, which is `shown`, or empty when no
    /// check reads it; `shown` is written only for a violation, and the checks after a miss read it.
    @inline(__always)
    private func run<F: Findings>(
        parsed: consuming ValidatedValue?, checked: Substring, shown: @autoclosure () -> Substring,
        context: ValidationContext, reporting: F.Type
    ) -> F.Result {
        guard let value = consume parsed else { return F.missed(1, text: shown(), compiled) }
        let checks = compiled.unretainedChecks
        for position in checks.indices {
            let found = checks[position]._withUnsafeGuaranteedRef { $0.evaluate(checked, value, context: context) }
            guard let miss = found else { continue }
            let text = shown()
            return F.invalid(miss, text: text, compiled) {
                // NB: most types have one check; no loop is set up over an empty rest.
                guard position + 1 < checks.count else { return [] }
                return violations(after: position, of: value, text: text, context: context)
            }
        }
        return validValue(value, text: shown(), reporting: F.self)
    }

    /// The violations of the checks after the one at `position`, which `value` missed.
    private func violations(
        after position: Int, of value: ValidatedValue, text: Substring, context: ValidationContext
    ) -> [Violation] {
        var violations: [Violation] = []
        for position in compiled.checks.indices.dropFirst(position + 1) {
            // A value past the pattern limit never matches; when an earlier check (its length) has
            // reported it already, the patterns add nothing true about it (docs/format.md, "Patterns").
            if position == compiled.firstPattern, Self.isPastPatternLimit(text) { break }
            guard let miss = compiled.checks[position].evaluate(text, value, context: context) else { continue }
            violations.append(compiled.violation(miss, text: text))
        }
        return violations
    }

    /// A value that passed every check; in generated code, a decimal that Foundation's `Decimal`
    /// cannot hold is `invalidFormat` instead (checked last, so that `1e400` is still `tooLarge`).
    @inline(__always)
    private func validValue<F: Findings>(
        _ value: ValidatedValue, text: @autoclosure () -> Substring, reporting: F.Type
    ) -> F.Result {
        if compiled.decimalsFitFoundation, case .decimal(let number) = value, !number.fitsFoundationDecimal {
            return F.missed(1, text: text(), compiled)
        }
        return F.valid(value)
    }
}

/// What a run of a type's steps reports: every violation (``TypeValidator/validate(_:context:)-(String?,_)``)
/// or the first miss only (``TypeValidator/verdict(_:context:)-(String?,_)``), so that the steps
/// are written once and each entry point is specialized for its report.
private protocol Findings {
    associatedtype Result
    /// A value whose first miss is `miss`; `more` finds the violations of the checks after it.
    static func invalid(
        _ miss: consuming Miss, text: consuming Substring, _ compiled: TypeValidator.Compiled, more: () -> [Violation]
    ) -> Result
    /// A date, read off exactly its text, whose first miss is `miss`; `more` as above.
    static func invalid(
        _ miss: consuming Miss, date: LocalDate, text: () -> Substring, _ compiled: TypeValidator.Compiled,
        more: () -> [Violation]
    ) -> Result
    /// A valid value; `nil` for an optional value left empty.
    static func valid(_ value: ValidatedValue?) -> Result
    /// Outcome 0, `required` (for absent input, `text` is `nil`), or 1, `invalidFormat` (``TypeValidator/outcomes``).
    static func missed(_ outcome: Int, text: Substring?, _ compiled: TypeValidator.Compiled) -> Result
}

/// Every violation, as ``ValidationResult`` has them.
private enum EveryViolation: Findings {
    @inline(__always)
    static func invalid(
        _ miss: consuming Miss, text: consuming Substring, _ compiled: TypeValidator.Compiled, more: () -> [Violation]
    ) -> ValidationResult {
        // NB: the first violation is kept as found and built when read: one miss allocates nothing.
        .invalid(Violations(outcome: miss.outcome, bound: miss.bound, text: text, of: compiled, then: more()))
    }

    @inline(__always)
    static func invalid(
        _ miss: consuming Miss, date: LocalDate, text: () -> Substring, _ compiled: TypeValidator.Compiled,
        more: () -> [Violation]
    ) -> ValidationResult {
        // NB: the date's text is its `YYYY-MM-DD`, rebuilt when read: the miss holds no text.
        guard case .date(let bound)? = miss.bound else { return invalid(miss, text: text(), compiled, more: more) }
        return .invalid(Violations(outcome: miss.outcome, bound: bound, readOff: date, of: compiled, then: more()))
    }

    static func valid(_ value: ValidatedValue?) -> ValidationResult { .valid(value) }

    static func missed(_ outcome: Int, text: Substring?, _ compiled: TypeValidator.Compiled) -> ValidationResult {
        .invalid(Violations(outcome: outcome, bound: nil, text: text, of: compiled, then: []))
    }
}

/// The first miss only, as a generated value object throws it.
private enum FirstMissOnly: Findings {
    @inline(__always)
    static func invalid(
        _ miss: consuming Miss, text: consuming Substring, _ compiled: TypeValidator.Compiled, more: () -> [Violation]
    ) -> TypeValidator.Verdict {
        .invalid(TypeValidator.FirstMiss(outcome: miss.outcome, bound: miss.bound, text: text, compiled))
    }

    @inline(__always)
    static func invalid(
        _ miss: consuming Miss, date: LocalDate, text: () -> Substring, _ compiled: TypeValidator.Compiled,
        more: () -> [Violation]
    ) -> TypeValidator.Verdict {
        invalid(miss, text: text(), compiled, more: more)
    }

    static func valid(_ value: ValidatedValue?) -> TypeValidator.Verdict { .valid(value) }

    static func missed(_ outcome: Int, text: Substring?, _ compiled: TypeValidator.Compiled) -> TypeValidator.Verdict {
        .invalid(TypeValidator.FirstMiss(outcome: outcome, bound: nil, text: text, compiled))
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
        /// Whether the value is sensitive, never echoed.
        let isSensitive: Bool

        init(outcome: Int, bound: Bound?, text: Substring?, _ compiled: Compiled) {
            self.outcome = outcome
            self.bound = bound
            self.text = text
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
