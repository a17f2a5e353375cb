/// `notEqual` (on a model): the valid values of the named fields are pairwise different, as a new
/// password must differ from the user name; the violation is reported on the last field named.
///
/// Only values compare: a field left empty (optional) has none and differs from every value, and
/// while a named field is invalid the check is skipped, since that field already says what is wrong.
public struct NotEqualCheck: CheckDescriptor, ModelCheck {
    public static let name = "notEqual"
    public static let shorthand: String? = "fields"
    public static let parameters = [ParameterSpec("fields", .fields, required: true)]
    public static let appliesTo = CheckScope.model
    public static let codes = [
        CheckCode(
            "mustDiffer", summary: "two of the fields are equal",
            en: "This value must differ from the others.", ja: "他の項目と異なる値を入力してください。")
    ]

    /// The fields compared, two or more, each named once.
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
        return "two of " + names.dropLast().joined(separator: ", ") + " and " + names.last!
            + " are equal; reported on " + names.last!
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
            guard !fields.contains(where: invalid.contains) else { return }
            // NB: a handful of fields, so comparing each pair costs less than hashing them.
            let present = fields.compactMap { values[$0] }
            for (index, value) in present.enumerated() where present[..<index].contains(value) {
                violations.append(Violation(outcome, path: [fields.last!], value: value.description[...]))
                return
            }
        }
    }
}
