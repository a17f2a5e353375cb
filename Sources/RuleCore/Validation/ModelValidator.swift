/// A model compiled once into an immutable validator: every field validated by its type, then
/// the checks across fields; all violations are reported together, each with its field path.
///
/// ```swift
/// let login = rules.modelValidator(named: "Login")!
/// login.validate(["email": "", "password": ""]).violations.map(\.code)
/// // ["emptyEmail", "emptyPassword"]
/// ```
public struct ModelValidator: Sendable {
    struct Field: Sendable {
        let name: String
        let validator: Validator
    }

    struct EqualCheck: Sendable {
        let fields: [String]
        let outcome: TypeValidator.Outcome
    }

    /// The model's name.
    public let name: String
    /// The declaration this validator was compiled from.
    public let rule: ModelRule
    /// Whether an absent record is valid, as when a field of another model holds this model.
    public internal(set) var isOptional = false
    /// What the model itself can report, in order: `required` and `invalidFormat` (when it is the
    /// value of another model's field), then the codes of its checks across fields.
    public var outcomes: [TypeValidator.Outcome] { [required, format] + equalChecks.map(\.outcome) }
    let fields: [Field]
    let equalChecks: [EqualCheck]
    let required: TypeValidator.Outcome
    let format: TypeValidator.Outcome

    /// Validates a record of fields by name; fields the model does not declare are ignored.
    public func validate(_ record: [String: Input], context: ValidationContext = ValidationContext())
        -> ValidationResult
    {
        var values: [String: Value] = [:]
        var violations: [Violation] = []
        var failedFields: Set<String> = []
        for field in fields {
            switch field.validator.validate(record[field.name] ?? .absent, context: context) {
            case .valid(let value):
                values[field.name] = value
            case .invalid(let fieldViolations):
                failedFields.insert(field.name)
                violations += fieldViolations.map { violation in
                    var located = violation
                    located.path.insert(field.name, at: 0)
                    return located
                }
            }
        }
        // NB: a cross-field check compares valid values only; an invalid field already says what is wrong.
        for check in equalChecks where check.fields.allSatisfy({ !failedFields.contains($0) }) {
            let first = values[check.fields[0]]
            if check.fields.dropFirst().contains(where: { values[$0] != first }) {
                var violation = check.outcome.violation(value: Substring(values[check.fields.last!]?.description ?? ""))
                violation.path = [check.fields.last!]
                violations.append(violation)
            }
        }
        return violations.isEmpty ? .valid(.record(values)) : .invalid(violations)
    }

    /// The message of a violation of the model itself with `code` and `parameters`, as
    /// ``TypeValidator/message(code:parameters:language:)`` gives a type's.
    public func message(code: String, parameters: [String: String], language: String) -> String {
        TypeValidator.Outcome.message(code: code, parameters: parameters, language: language, among: outcomes)
    }

    /// Validates an ``Input``: a record, or absent; text is not a model's value.
    public func validate(_ input: Input, context: ValidationContext = ValidationContext()) -> ValidationResult {
        switch input {
        case .absent: isOptional ? .valid(nil) : .invalid([required.violation(value: nil)])
        case .text(let text), .string(let text): .invalid([format.violation(value: text[...])])
        case .number(let number): .invalid([format.violation(value: number.description[...])])
        case .boolean(let flag): .invalid([format.violation(value: flag ? "true" : "false")])
        case .list: .invalid([format.violation(value: "[…]")])
        case .record(let record): validate(record, context: context)
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

    /// Validates `input` with the type or model.
    public func validate(_ input: Input, context: ValidationContext = ValidationContext()) -> ValidationResult {
        switch self {
        case .type(let validator): validator.validate(input, context: context)
        case .model(let validator): validator.validate(input, context: context)
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
