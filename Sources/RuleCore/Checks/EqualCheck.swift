/// `equal` (on a model): the named fields hold equal values; the violation is reported on the
/// last field named, as a "confirm password" field shows it.
public struct EqualCheck: CheckDescriptor, ModelCheck {
    public static let name = "equal"
    public static let shorthand: String? = "fields"
    public static let parameters = [ParameterSpec("fields", .fields, required: true)]
    public static let appliesTo = CheckScope.model
    public static let codes = [
        CheckCode(
            "mismatch", summary: "the fields differ", en: "The values do not match.", ja: "入力内容が一致しません。")
    ]

    /// The fields compared, two or more.
    public var fields: [String]

    /// Creates the check over `fields`.
    public init(fields: [String]) {
        self.fields = fields
    }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {
        guard let fields = parameters.texts("fields"),
            parameters.checkFields(fields, of: Self.name, diagnostics: &diagnostics)
        else { return nil }
        self.init(fields: fields)
    }

    public var reportedField: String { fields.last! }

    public var arguments: [(name: String, value: ParameterValue)] { [("fields", .texts(fields))] }

    public func summary(of code: CheckCode) -> String {
        let names = fields.map { "`\($0)`" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last! + " differ; reported on " + names.last!
    }

    func compile(outcomes: [Outcome]) -> any CompiledModelCheck {
        Compiled(fields: fields, outcome: outcomes[0])
    }

    private final class Compiled: CompiledModelCheck {
        let fields: [String]
        let outcome: Outcome

        init(fields: [String], outcome: Outcome) {
            self.fields = fields
            self.outcome = outcome
        }

        func evaluate(
            _ values: [String: ValidatedValue], invalid: Set<String>, context: ValidationContext,
            into violations: inout Violations
        ) {
            // NB: a cross-field check compares valid values only; an invalid field already says what is wrong.
            guard !fields.contains(where: invalid.contains) else { return }
            let first = values[fields[0]]
            guard fields.dropFirst().contains(where: { values[$0] != first }) else { return }
            let last = fields.last!
            violations.append(Violation(outcome, path: [last], value: values[last]?.description[...]))
        }
    }
}
