/// `requiredIf` (on a model): `field` must have a value when `when` has a valid one — for a
/// boolean, `true` — or, with `equals`, when `when`'s normalized value equals it; otherwise `field`
/// reports `required`, on `field`, as a phone number is needed once "contact me by phone" is ticked.
///
/// `field` has no value when it is absent, null, or empty after normalization (an optional type);
/// when `field` is invalid it already says what is wrong, and when `when` is invalid or has no
/// value, nothing is required. `equals` is read as `when`'s type reads text: `equals: 3` is the
/// integer 3, so `+3` given for an integer field equals it too.
public struct RequiredIfCheck: CheckDescriptor, ModelCheck {
    public static let name = "requiredIf"
    public static let basis = CheckBasis.fields
    public static let parameters = [
        ParameterSpec("field", .text, required: true), ParameterSpec("when", .text, required: true),
        ParameterSpec("equals", .text),
    ]
    public static let appliesTo = CheckScope.model
    public static let codes = [
        CheckCode(
            RequiredCheck.codes[0].name, summary: "absent, or empty after normalization, while the condition holds",
            en: RequiredCheck.codes[0].messages["en"]!, ja: RequiredCheck.codes[0].messages["ja"]!)
    ]

    /// The field that must have a value.
    public var field: String
    /// The field whose value makes it required.
    public var when: String
    /// The value of `when` that makes it required, as written; `nil`: any valid value (`true` for a boolean).
    public var equals: String?

    /// Creates the check.
    public init(field: String, when: String, equals: String? = nil) {
        self.field = field
        self.when = when
        self.equals = equals
    }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {
        guard let field = parameters.text("field"), let when = parameters.text("when") else { return nil }
        guard field != when else {
            diagnostics.append(
                .error(
                    "'requiredIf' names field '\(field)' as both 'field' and 'when'; name the field it depends on",
                    at: parameters.range(of: "when")))
            return nil
        }
        self.init(field: field, when: when, equals: parameters.text("equals"))
    }

    public var fields: [String] { [field, when] }

    public var reportedField: String { field }

    /// The condition, with the field empty and given.
    public var boundaries: [CheckBoundary] { [.condition(field: field, when: when, equals: equals)] }

    public var arguments: [(name: String, value: ParameterValue)] {
        [("field", .text(field)), ("when", .text(when))] + (equals.map { [("equals", .text($0))] } ?? [])
    }

    public func summary(of code: CheckCode) -> String {
        "`\(field)` has no value while `\(when)` "
            + (equals.map { "is `\($0)`" } ?? "has one (is `true`, for a boolean)") + "; reported on `\(field)`"
    }

    /// `equals` must read as a value of `when`'s type.
    public func mistakes(given contents: [String: FieldContent]) -> [String] {
        guard let equals, let content = contents[when] else { return [] }
        guard case .value(let type) = content else {
            return ["'requiredIf' compares field '\(when)' with 'equals', but it holds \(content); leave 'equals' out"]
        }
        guard ValueFormat.parse(equals[...], as: type) != nil else {
            return ["'equals' value '\(equals)' is not \(content), as field '\(when)' holds"]
        }
        return []
    }

    /// The values of `when` that make `field` required: `equals` read as each value type, of which
    /// only the one of `when`'s type can compare equal; `nil` without `equals`.
    var triggers: [ValidatedValue]? {
        equals.map { equals in ValueType.allCases.compactMap { ValueFormat.parse(equals[...], as: $0) } }
    }

    func compile(outcomes: [Outcome]) -> any CompiledModelCheck {
        Compiled(field: field, when: when, triggers: triggers, outcome: outcomes[0])
    }

    private final class Compiled: CompiledModelCheck {
        let field: String
        let when: String
        let triggers: [ValidatedValue]?
        let outcome: Outcome

        init(field: String, when: String, triggers: [ValidatedValue]?, outcome: Outcome) {
            self.field = field
            self.when = when
            self.triggers = triggers
            self.outcome = outcome
        }

        func evaluate(
            _ values: [String: ValidatedValue], invalid: Set<String>, context: ValidationContext,
            into violations: inout Violations
        ) {
            guard values[field] == nil, !invalid.contains(field), let condition = values[when] else { return }
            let holds =
                if let triggers { triggers.contains(condition) } else { condition != .boolean(false) }
            if holds { violations.append(Violation(outcome, path: [field])) }
        }
    }
}
