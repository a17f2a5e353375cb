/// `range`: a number lies within `min...max`, both inclusive, compared exactly.
public struct RangeCheck: CheckDescriptor, ValueCheck {
    public static let name = "range"
    public static let parameters = [ParameterSpec("min", .decimal), ParameterSpec("max", .decimal)]
    public static let appliesTo = CheckScope.values([.integer, .decimal])
    public static let codes = [
        CheckCode.min(
            "tooSmall", .number, summary: "less than `min`",
            en: "Must be at least {min}.", ja: "{min}以上の値を入力してください。"),
        CheckCode.max(
            "tooLarge", .number, summary: "greater than `max`",
            en: "Must be at most {max}.", ja: "{max}以下の値を入力してください。"),
    ]

    /// The smallest value allowed, if any.
    public var min: DecimalNumber?
    /// The largest value allowed, if any.
    public var max: DecimalNumber?

    /// Creates a range check; at least one bound should be given.
    public init(min: DecimalNumber? = nil, max: DecimalNumber? = nil) {
        self.min = min
        self.max = max
    }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {
        let (min, max) = (parameters.decimal("min"), parameters.decimal("max"))
        guard parameters.checkBounds(min, max, of: Self.name, diagnostics: &diagnostics) else { return nil }
        self.init(min: min, max: max)
    }

    /// Each bound given.
    public var boundaries: [CheckBoundary] {
        [min.map { .number(.min, value: $0) }, max.map { .number(.max, value: $0) }].compactMap { $0 }
    }

    public var arguments: [(name: String, value: ParameterValue)] {
        [min.map { ("min", .decimal($0)) }, max.map { ("max", .decimal($0)) }].compactMap { $0 }
    }

    func compile(for valueType: ValueType, outcomes: [Outcome]) -> any CompiledValueCheck {
        Compiled(min: min, max: max, tooSmall: outcomes[0], tooLarge: outcomes[1])
    }

    private final class Compiled: CompiledValueCheck {
        let min: DecimalNumber?
        let max: DecimalNumber?
        let tooSmall: Outcome
        let tooLarge: Outcome

        init(min: DecimalNumber?, max: DecimalNumber?, tooSmall: Outcome, tooLarge: Outcome) {
            self.min = min
            self.max = max
            self.tooSmall = tooSmall
            self.tooLarge = tooLarge
        }

        func evaluate(_ text: Substring, _ value: ValidatedValue, context: ValidationContext) -> Miss? {
            let number: DecimalNumber
            switch value {
            case .integer(let integer): number = DecimalNumber(integer)
            case .decimal(let decimal): number = decimal
            default: return nil
            }
            // NB: the loader refuses min > max, so at most one bound is crossed.
            if let min, number < min { return Miss(tooSmall, bound: .number(min)) }
            if let max, max < number { return Miss(tooLarge, bound: .number(max)) }
            return nil
        }
    }
}
