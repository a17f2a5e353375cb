/// A named type compiled once into an immutable validator: normalizers, then `required` and
/// parsing, then every check in order.
///
/// ```swift
/// let title = rules.typeValidator(named: "TaskTitle")!
/// title.validate("  Buy milk  ")   // .valid(.string("Buy milk"))
/// ```
public struct TypeValidator: Sendable {
    /// What a failed check reports: its code, the built-in code it stands for, and its resolved messages.
    ///
    /// NB: a class, so that running a check retains one reference instead of each of its parts.
    public final class Outcome: Sendable {
        /// The code reported, such as `titleTooLong`.
        public let code: String
        /// The built-in code it stands for, such as `tooLong`; equal to `code` unless `code:` renamed it.
        public let defaultCode: String
        /// The messages: the check's own, then the type's or model's, the file's defaults, the built-ins.
        public let templates: MessageTemplates
        /// The check that reports it; `nil` for `required` and `invalidFormat` when no check declares them.
        public let check: Check?

        /// The parameter that holds the bound a value missed, for the codes that have one.
        var bound: String? {
            switch defaultCode {
            case Length.tooShort, NumberRange.tooSmall, DateBound.tooEarly: "min"
            case Length.tooLong, NumberRange.tooLarge, DateBound.tooLate: "max"
            default: nil
            }
        }

        init(code: String, defaultCode: String, templates: MessageTemplates, check: Check?) {
            self.code = code
            self.defaultCode = defaultCode
            self.templates = templates
            self.check = check
        }

        func violation(min: String? = nil, max: String? = nil, value: Substring?) -> Violation {
            Violation(code: code, min: min, max: max, value: value, templates: templates)
        }
    }

    /// A check with its work done at compile time: bounds read, sets built, codes resolved.
    enum CompiledCheck: Sendable {
        case length(Length, tooShort: Outcome, tooLong: Outcome)
        case email(Outcome)
        case pattern(Pattern, Outcome)
        case oneOfStrings(Set<String>, Outcome)
        case oneOfIntegers(Set<Int>, Outcome)
        case range(NumberRange, tooSmall: Outcome, tooLarge: Outcome)
        case notBefore(DateBound, Outcome)
        case notAfter(DateBound, Outcome)
    }

    /// The type's name.
    public let name: String
    /// The resolved declaration this validator was compiled from.
    public let rule: ResolvedType
    /// Whether absent, null or empty after normalization is valid and yields no value.
    public internal(set) var isOptional: Bool
    /// Everything the type can report, in the order it reports it: `required`, `invalidFormat`,
    /// then each check's codes in the order declared.
    public let outcomes: [Outcome]
    let required: Outcome
    let format: Outcome
    let checks: [CompiledCheck]
    let hasRequiredCheck: Bool

    /// Validates `input`: text, or `nil` for absent.
    public func validate(_ input: String?, context: ValidationContext = ValidationContext()) -> ValidationResult {
        guard let input else { return absent() }
        return validate(text: input[...], context: context)
    }

    /// Validates an ``Input``; a record is not a value of a type.
    public func validate(_ input: Input, context: ValidationContext = ValidationContext()) -> ValidationResult {
        switch input {
        case .absent: absent()
        case .text(let text): validate(text: text[...], context: context)
        case .string(let text):
            rule.valueType == .string || rule.valueType == .date
                ? validate(text: text[...], context: context) : .invalid([format.violation(value: text[...])])
        case .number(let number):
            validate(
                parsed: ValueFormat.value(ofNumber: number, as: rule.valueType), text: number.description[...],
                context: context)
        case .boolean(let flag):
            validate(
                parsed: rule.valueType == .boolean ? .boolean(flag) : nil, text: flag ? "true" : "false",
                context: context)
        case .list: .invalid([format.violation(value: "[…]")])
        case .record: .invalid([format.violation(value: "{…}")])
        }
    }

    /// The message of a violation with `code` and `parameters`, from the templates of the check
    /// that reports it; for code that kept a violation's code and parameters but not the violation.
    ///
    /// When several checks report `code`, the first whose bound (`min` or `max`) is among
    /// `parameters` wins; the code itself stands in when no check reports it.
    public func message(code: String, parameters: [String: String], language: String) -> String {
        Outcome.message(code: code, parameters: parameters, language: language, among: outcomes)
    }

    private func absent() -> ValidationResult {
        isOptional ? .valid(nil) : .invalid([required.violation(value: nil)])
    }

    private func validate(text raw: Substring, context: ValidationContext) -> ValidationResult {
        var text = raw
        for normalizer in rule.normalizers { text = normalizer.apply(text) }
        if text.isEmpty {
            if isOptional { return .valid(nil) }
            if hasRequiredCheck { return .invalid([required.violation(value: text)]) }
        }
        return validate(parsed: ValueFormat.parse(text, as: rule.valueType), text: text, context: context)
    }

    /// Runs the checks on a value read off text or JSON; `nil` is a value of the wrong format.
    private func validate(parsed: Value?, text: Substring, context: ValidationContext) -> ValidationResult {
        guard let value = parsed else {
            return .invalid([format.violation(value: text)])
        }
        var violations: [Violation] = []
        for check in checks {
            run(check, on: text, value: value, context: context, into: &violations)
        }
        return violations.isEmpty ? .valid(value) : .invalid(violations)
    }

    private func run(
        _ check: CompiledCheck, on text: Substring, value: Value, context: ValidationContext,
        into violations: inout [Violation]
    ) {
        switch check {
        case .length(let length, let tooShort, let tooLong):
            let count = Length.count(text, in: length.unit)
            if let min = length.min, count < min {
                violations.append(tooShort.violation(min: String(min), value: text))
            }
            if let max = length.max, count > max {
                violations.append(tooLong.violation(max: String(max), value: text))
            }
        case .email(let outcome):
            if !EmailAddress.isValid(text) { violations.append(outcome.violation(value: text)) }
        case .pattern(let pattern, let outcome):
            if !pattern.matches(text.unicodeScalars) { violations.append(outcome.violation(value: text)) }
        case .oneOfStrings(let allowed, let outcome):
            if case .string(let string) = value, !allowed.contains(string) {
                violations.append(outcome.violation(value: text))
            }
        case .oneOfIntegers(let allowed, let outcome):
            if case .integer(let number) = value, !allowed.contains(number) {
                violations.append(outcome.violation(value: text))
            }
        case .range(let range, let tooSmall, let tooLarge):
            let number: DecimalNumber
            switch value {
            case .integer(let integer): number = DecimalNumber(integer)
            case .decimal(let decimal): number = decimal
            default: return
            }
            if let min = range.min, number < min {
                violations.append(tooSmall.violation(min: min.description, value: text))
            }
            if let max = range.max, max < number {
                violations.append(tooLarge.violation(max: max.description, value: text))
            }
        case .notBefore(let bound, let outcome):
            let limit = bound.resolve(in: context)
            if case .date(let date) = value, date < limit {
                violations.append(outcome.violation(min: limit.description, value: text))
            }
        case .notAfter(let bound, let outcome):
            let limit = bound.resolve(in: context)
            if case .date(let date) = value, limit < date {
                violations.append(outcome.violation(max: limit.description, value: text))
            }
        }
    }
}

extension TypeValidator.Outcome {
    /// The message of `code` from the outcome that reports it with `parameters`' bound, if several do.
    static func message(
        code: String, parameters: [String: String], language: String, among outcomes: [TypeValidator.Outcome]
    ) -> String {
        let candidates = outcomes.filter { $0.code == code }
        let outcome =
            candidates.first { outcome in
                outcome.bound.map { parameters[$0] != nil } ?? (parameters["min"] == nil && parameters["max"] == nil)
            } ?? candidates.first
        let violation = outcome?.violation(
            min: parameters["min"], max: parameters["max"], value: parameters["value"].map { $0[...] })
        return violation?.message(language: language) ?? code
    }
}
