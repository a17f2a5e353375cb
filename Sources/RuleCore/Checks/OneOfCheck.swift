/// `oneOf`: the value is one of a list; strings compare exactly after normalization, integers
/// by value (`007` is `7`), booleans as `true` and `false` (`oneOf: [true]`: "I accept the terms").
public struct OneOfCheck: CheckDescriptor, ValueCheck {
    public static let name = "oneOf"
    public static let basis = CheckBasis.bounds
    public static let shorthand: String? = "values"
    public static let parameters = [ParameterSpec("values", .texts, required: true)]
    public static let appliesTo = CheckScope.values([.string, .integer, .boolean])
    public static let codes = [
        CheckCode(
            "notAllowed", summary: "not one of the allowed values",
            en: "'{value}' is not one of the allowed values.", ja: "「{value}」は選択できません。")
    ]

    /// The allowed values as written.
    public var values: [String]

    /// Creates the check from the allowed values as written.
    public init(values: [String]) {
        self.values = values
    }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {
        guard let values = parameters.texts("values") else { return nil }
        guard !values.isEmpty else {
            diagnostics.append(.error("'oneOf' needs at least one value", at: parameters.range(of: "values")))
            return nil
        }
        self.init(values: values)
    }

    public var arguments: [(name: String, value: ParameterValue)] { [("values", .texts(values))] }

    /// Each allowed value.
    public var boundaries: [CheckBoundary] { values.map(CheckBoundary.allowed) }

    public func summary(of code: CheckCode) -> String {
        "not one of " + values.map { "`\($0)`" }.joined(separator: ", ")
    }

    /// Each allowed value that is no value of `valueType`, which no value could equal.
    func problems(for valueType: ValueType) -> [(message: String, fix: Suggestion?)] {
        values.filter { ValueFormat.parse($0[...], as: valueType) == nil }.map { value in
            switch valueType {
            case .boolean:
                (
                    "'oneOf' allows '\(value)', which is not a boolean; write true or false",
                    Suggestion.closest(to: value, among: ["true", "false"])
                )
            default:
                (
                    "'oneOf' allows '\(value)', which is not \(valueType == .integer ? "an" : "a") \(valueType.rawValue)",
                    nil
                )
            }
        }
    }

    func compile(for valueType: ValueType, outcomes: [Outcome]) -> CompiledValueCheck {
        let allowed = values.compactMap { ValueFormat.parse($0[...], as: valueType) }
        return Compiled(allowed: Set(allowed), outcome: outcomes[0])
    }

    private final class Compiled: CompiledValueCheck, @unchecked Sendable {
        let allowed: Set<ValidatedValue>
        let outcome: Outcome

        init(allowed: Set<ValidatedValue>, outcome: Outcome) {
            self.allowed = allowed
            self.outcome = outcome
        }

        override var readsText: Bool { false }

        override func evaluate(_ text: Substring, _ value: ValidatedValue, context: ValidationContext) -> Miss? {
            allowed.contains(value) ? nil : Miss(outcome)
        }
    }
}
