/// `notOneOf`: the value is none of a list (format 1.3), compared as `oneOf` compares: strings
/// exactly after normalization, scalar for scalar, integers by value (`007` is `7`).
public struct NotOneOfCheck: CheckDescriptor, ValueCheck {
    public static let name = "notOneOf"
    public static let basis = CheckBasis.refusedValues
    public static let boundariesGiveSamples = true
    public static let shorthand: String? = "values"
    public static let parameters = [ParameterSpec("values", .texts, required: true)]
    public static let appliesTo = CheckScope.values([.string, .integer])
    public static let since = "1.3"
    public static let codes = [
        CheckCode(
            "reserved", summary: "one of the reserved values",
            en: "'{value}' is reserved.", ja: "「{value}」は使用できません。")
    ]

    /// The refused values as written.
    public var values: [String]

    /// Creates the check from the refused values as written.
    public init(values: [String]) {
        self.values = values
    }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {
        guard let values = parameters.texts("values") else { return nil }
        guard !values.isEmpty else {
            diagnostics.append(.error("'notOneOf' needs at least one value", at: parameters.range(of: "values")))
            return nil
        }
        self.init(values: values)
    }

    public var arguments: [(name: String, value: ParameterValue)] { [("values", .texts(values))] }

    /// Each refused value, and values near it: cased otherwise, spaced, a scalar less or more, a
    /// number one unit of its last digit either side.
    public var boundaries: [CheckBoundary] {
        [
            .witnesses(
                values.flatMap { value in
                    let scalars = value.unicodeScalars
                    let numbers = [-1, 1].compactMap { DecimalNumber(value)?.moved(by: $0)?.description }
                    return [value, ASCIICase.upper(value), ASCIICase.lower(value), " \(value) "]
                        + (scalars.count > 1 ? [String(String.UnicodeScalarView(scalars.dropLast()))] : [])
                        + [value + "1"] + numbers
                })
        ]
    }

    public func summary(of code: CheckCode) -> String {
        "one of " + values.map { "`\($0)`" }.joined(separator: ", ")
    }

    /// Each refused value that is no value of `valueType`, which no value could equal.
    func problems(for valueType: ValueType) -> [(message: String, fix: Suggestion?)] {
        values.filter { ValueFormat.parse($0[...], as: valueType) == nil }.map { value in
            (
                "'notOneOf' refuses '\(value)', which is not \(valueType == .integer ? "an" : "a") \(valueType.rawValue)",
                nil
            )
        }
    }

    func compile(for valueType: ValueType, outcomes: [Outcome]) -> CompiledValueCheck {
        let refused = values.compactMap { ValueFormat.parse($0[...], as: valueType) }
        return Compiled(refused: Set(refused), outcome: outcomes[0])
    }

    private final class Compiled: CompiledValueCheck, @unchecked Sendable {
        let refused: Set<ValidatedValue>
        let outcome: Outcome

        init(refused: Set<ValidatedValue>, outcome: Outcome) {
            self.refused = refused
            self.outcome = outcome
        }

        override var readsText: Bool { false }

        override func evaluate(_ text: Substring, _ value: ValidatedValue, context: ValidationContext) -> Miss? {
            refused.contains(value) ? Miss(outcome) : nil
        }
    }
}
