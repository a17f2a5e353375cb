/// `pattern`: the whole value matches a ``RulePattern``, compared scalar by scalar.
///
/// Patterns run after every length check of the type, so that a length bound also bounds the
/// work a pattern does; a value over ``RulePattern/maximumInputLength`` scalars never matches.
public struct PatternCheck: CheckDescriptor, ValueCheck {
    public static let name = "pattern"
    public static let basis = CheckBasis.language
    public static let boundariesGiveSamples = true
    public static let shorthand: String? = "regex"
    public static let parameters = [ParameterSpec("regex", .pattern, required: true)]
    public static let appliesTo = CheckScope.values([.string])
    public static let runsLast = true
    public static let codes = [
        CheckCode(
            "patternMismatch", summary: "does not match the pattern in whole",
            en: "This value has the wrong format.", ja: "形式が正しくありません。")
    ]

    /// The pattern the whole value must match.
    public var regex: RulePattern

    /// Creates the check.
    public init(regex: RulePattern) {
        self.regex = regex
    }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {
        guard let regex = parameters.pattern("regex") else { return nil }
        self.init(regex: regex)
    }

    public var arguments: [(name: String, value: ParameterValue)] { [("regex", .pattern(regex))] }

    /// The pattern, whose syntax gives strings at and around its edges.
    public var boundaries: [CheckBoundary] { [.pattern(regex)] }

    public func summary(of code: CheckCode) -> String { "does not match `\(regex.source)` in whole" }

    func compile(for valueType: ValueType, outcomes: [Outcome]) -> CompiledValueCheck {
        Compiled(regex: regex, outcome: outcomes[0])
    }

    private final class Compiled: CompiledValueCheck, @unchecked Sendable {
        let regex: RulePattern
        let outcome: Outcome

        init(regex: RulePattern, outcome: Outcome) {
            self.regex = regex
            self.outcome = outcome
        }

        override func evaluate(_ text: Substring, _ value: ValidatedValue, context: ValidationContext) -> Miss? {
            regex.matches(text.unicodeScalars) ? nil : Miss(outcome)
        }
    }
}
