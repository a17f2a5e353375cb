/// A model compiled once into an immutable validator: every field validated by its type, then
/// the checks across fields; all violations are reported together, each with its field path.
///
/// ```swift
/// let login = rules.validator(named: "Login")!
/// login.validate(["email": "", "password": ""]).violations.map(\.code)
/// // ["emptyEmail", "emptyPassword"]
/// ```
public struct ModelValidator: Sendable {
    struct Field: Sendable {
        let name: String
        /// The field's validator; for a list, its items'.
        let validator: Validator
        /// A list field's list, and whether it may be absent.
        var list: (ListCheck.Compiled, isOptional: Bool)? = nil
        /// `sensitive: true` on the field: its violations never echo its value.
        var isSensitive = false
    }

    /// What a compiled model holds, shared by every copy of its validator (see ``TypeValidator``).
    final class Compiled: Sendable {
        let rule: ModelRule
        let outcomes: [Outcome]
        let checkOutcomes: [CheckOutcomes]
        let fields: [Field]
        let checks: [any CompiledModelCheck]
        /// The fields whose values are sensitive, by the field's flag or its type's: the checks
        /// across fields never echo them either.
        let sensitiveFields: Set<String>
        /// The languages of its messages and its fields', sorted.
        let languages: [String]
        /// The languages it answers a request in: those every field answers in too.
        let negotiableLanguages: [String]
        /// Whether a check of it or of a field's type depends on the day of validation.
        let readsToday: Bool

        init(
            rule: ModelRule, outcomes: [Outcome], checkOutcomes: [CheckOutcomes], fields: [Field],
            checks: [any CompiledModelCheck]
        ) {
            self.rule = rule
            self.outcomes = outcomes
            self.checkOutcomes = checkOutcomes
            self.fields = fields
            self.checks = checks
            readsToday = checkOutcomes.contains { $0.check.readsToday } || fields.contains { $0.validator.readsToday }
            languages = Set(outcomes.flatMap(\.templates.byLanguage.keys) + fields.flatMap(\.validator.languages))
                .sorted()
            negotiableLanguages = ProblemDetails.negotiable(languages, outcomes: outcomes).filter { language in
                fields.allSatisfy { $0.validator.negotiableLanguages.contains(language) }
            }
            sensitiveFields = Set(
                fields.filter { field in
                    if field.isSensitive { return true }
                    if case .type(let type) = field.validator { return type.rule.isSensitive }
                    return false
                }.map(\.name))
        }
    }

    let compiled: Compiled
    /// Whether an absent record is valid, as when a field of another model holds this model.
    public internal(set) var isOptional = false

    init(
        rule: ModelRule, outcomes: [Outcome], checkOutcomes: [CheckOutcomes], fields: [Field],
        checks: [any CompiledModelCheck]
    ) {
        compiled = Compiled(
            rule: rule, outcomes: outcomes, checkOutcomes: checkOutcomes, fields: fields, checks: checks)
    }

    /// The model's name.
    public var name: String { compiled.rule.name }
    /// The declaration this validator was compiled from.
    public var rule: ModelRule { compiled.rule }
    /// What the model itself can report, each at its ``Outcome/index``: `required` and
    /// `invalidFormat` (when it is the value of another model's field), then the codes of its
    /// checks across fields.
    public var outcomes: [Outcome] { compiled.outcomes }
    /// Every check across fields, in the order it runs, with its outcomes.
    public var checkOutcomes: [CheckOutcomes] { compiled.checkOutcomes }

    /// Validates a record of fields by name; fields the model does not declare are ignored.
    public func validate(_ record: [String: ValidationInput], context: ValidationContext = ValidationContext())
        -> ValidationResult
    {
        // NB: sized once: grown field by field, the dictionary was copied into a larger one three
        // times for five fields, an eighth of an audit's validation (docs/performance.md).
        var values: [String: ValidatedValue] = [:]
        values.reserveCapacity(compiled.fields.count)
        let violations = check(record, context: context, keepingValues: true, into: &values)
        return violations.isEmpty ? .valid(.record(values)) : .invalid(violations)
    }

    /// The violations of a record, in the order ``validate(_:context:)-([String:ValidationInput],_)``
    /// reports them; none when it is valid.
    ///
    /// NB: the validated record is not built unless a check across fields reads it: an audit asks
    /// only for the verdict, and the dictionary of values was a quarter of its validation (docs/performance.md).
    package func violations(of record: [String: ValidationInput], context: ValidationContext) -> Violations {
        var values: [String: ValidatedValue] = [:]
        let keepingValues = !compiled.checks.isEmpty
        if keepingValues { values.reserveCapacity(compiled.fields.count) }
        return check(record, context: context, keepingValues: keepingValues, into: &values)
    }

    /// ``violations(of:context:)-(ValidationInput,_)`` of an ``ValidationInput``.
    package func violations(of input: ValidationInput, context: ValidationContext) -> Violations {
        switch input {
        case .record(let record): violations(of: record, context: context)
        default: validate(input, context: context).violations
        }
    }

    /// Validates each field of `record`, then the checks across fields; each valid field's value goes
    /// into `values` when `keepingValues`, as the checks across fields need.
    @inline(__always)
    private func check(
        _ record: [String: ValidationInput], context: ValidationContext, keepingValues: Bool,
        into values: inout [String: ValidatedValue]
    ) -> Violations {
        var violations = Violations()
        var invalidFields: Set<String> = []
        for field in compiled.fields {
            if let (list, isOptional) = field.list {
                switch list.validate(record[field.name] ?? .absent, isOptional: isOptional, context: context) {
                case .valid(let value): if keepingValues { values[field.name] = value }
                case .invalid(let found):
                    invalidFields.insert(field.name)
                    violations.append(contentsOf: field.isSensitive ? Violations(found.map { $0.redacted() }) : found)
                }
                continue
            }
            let input = record[field.name] ?? .absent
            let fieldViolations: Violations
            if keepingValues {
                switch field.validator.validate(input, context: context) {
                case .valid(let value):
                    values[field.name] = value
                    continue
                case .invalid(let found): fieldViolations = found
                }
            } else {
                fieldViolations = field.validator.violations(of: input, context: context)
                if fieldViolations.isEmpty { continue }
            }
            invalidFields.insert(field.name)
            for violation in fieldViolations {
                var located = field.isSensitive ? violation.redacted() : violation
                located.path.insert(field.name, at: 0)
                violations.append(located)
            }
        }
        let ownChecksStart = violations.count
        for check in compiled.checks {
            check.evaluate(values, invalid: invalidFields, context: context, into: &violations)
        }
        if !compiled.sensitiveFields.isEmpty, violations.count > ownChecksStart {
            let own = violations[ownChecksStart...].map { violation in
                violation.path.first.map(compiled.sensitiveFields.contains) == true ? violation.redacted() : violation
            }
            violations = Violations(violations[..<ownChecksStart] + own)
        }
        return violations
    }

    /// Validates an ``ValidationInput``: a record, or absent; any other value is not a model's.
    public func validate(_ input: ValidationInput, context: ValidationContext = ValidationContext()) -> ValidationResult
    {
        switch input {
        case .absent: isOptional ? .valid(nil) : .invalid(Violations(Violation(outcomes.required)))
        case .record(let record): validate(record, context: context)
        case .text, .string, .number, .boolean, .list:
            .invalid(Violations(Violation(outcomes.format, value: input.shown)))
        }
    }
}

/// A compiled type or model, looked up by name.
public indirect enum Validator: Sendable {
    case type(TypeValidator)
    case model(ModelValidator)

    /// The type's or model's name.
    public var name: String {
        switch self {
        case .type(let validator): validator.name
        case .model(let validator): validator.name
        }
    }

    /// Whether its verdict depends on the day of validation: a check of the type, the model or a
    /// field's type has a date bound relative to today (`notBefore: today`). A server reads the
    /// headers that set today (``ValidationContext/timeZoneHeader``,
    /// ``ValidationContext/testTodayHeader``) only for such a validator, so that a model without one
    /// never answers 400 for them.
    public var readsToday: Bool {
        switch self {
        case .type(let validator): validator.compiled.readsToday
        case .model(let validator): validator.compiled.readsToday
        }
    }

    /// Everything the type or model can report, each at its ``Outcome/index``.
    public var outcomes: [Outcome] {
        switch self {
        case .type(let validator): validator.outcomes
        case .model(let validator): validator.outcomes
        }
    }

    /// Every check but `required`, in the order it runs, with its outcomes.
    public var checkOutcomes: [CheckOutcomes] {
        switch self {
        case .type(let validator): validator.checkOutcomes
        case .model(let validator): validator.checkOutcomes
        }
    }

    /// The languages its messages are in, its fields' too, sorted: what ``AcceptLanguage`` chooses among.
    public var languages: [String] {
        switch self {
        case .type(let validator): validator.compiled.languages
        case .model(let validator): validator.compiled.languages
        }
    }

    /// The languages a server answers in when `Accept-Language` asks (``language(for:)``): those
    /// its messages, its fields', and a problem's `detail` (``ProblemDetails/languages``) are all
    /// written in, so that `Content-Language` is true to the whole body.
    public var negotiableLanguages: [String] {
        switch self {
        case .type(let validator): validator.compiled.negotiableLanguages
        case .model(let validator): validator.compiled.negotiableLanguages
        }
    }

    /// Validates `input` with the type or model.
    public func validate(_ input: ValidationInput, context: ValidationContext = ValidationContext()) -> ValidationResult
    {
        switch self {
        case .type(let validator): validator.validate(input, context: context)
        case .model(let validator): validator.validate(input, context: context)
        }
    }

    /// The violations of `input`, in the order ``validate(_:context:)`` reports them; none when it is
    /// valid. A model's validated record is not built unless a check across its fields reads it.
    package func violations(of input: ValidationInput, context: ValidationContext) -> Violations {
        switch self {
        case .type(let validator): validator.validate(input, context: context).violations
        case .model(let validator): validator.violations(of: input, context: context)
        }
    }

    /// This validator with absent and empty values made valid or required, as a field's `optional:` says.
    func optional(_ isOptional: Bool?) -> Validator {
        guard let isOptional else { return self }
        switch self {
        case .type(var validator):
            validator.isOptional = isOptional
            return .type(validator)
        case .model(var validator):
            validator.isOptional = isOptional
            return .model(validator)
        }
    }
}
