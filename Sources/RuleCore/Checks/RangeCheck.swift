/// `range`: a number lies within its bounds, compared exactly: `min` and `max` inclusive, and from
/// format 1.3 `greaterThan` and `lessThan` exclusive, at most one bound on each side.
public struct RangeCheck: CheckDescriptor, ValueCheck {
    public static let name = "range"
    public static let basis = CheckBasis.bounds
    public static let parameters = [
        ParameterSpec("min", .decimal), ParameterSpec("max", .decimal),
        ParameterSpec("greaterThan", .decimal, since: "1.3"), ParameterSpec("lessThan", .decimal, since: "1.3"),
    ]
    public static let appliesTo = CheckScope.values([.integer, .decimal])
    public static let codes = [
        CheckCode.min(
            "tooSmall", .number, summary: "less than `min`",
            en: "Must be at least {min}.", ja: "{min}以上の値を入力してください。"),
        CheckCode.max(
            "tooLarge", .number, summary: "greater than `max`",
            en: "Must be at most {max}.", ja: "{max}以下の値を入力してください。"),
        CheckCode.bound(
            "notGreaterThan", "greaterThan", .number, summary: "not greater than `greaterThan`",
            en: "Must be greater than {greaterThan}.", ja: "{greaterThan}より大きい値を入力してください。"),
        CheckCode.bound(
            "notLessThan", "lessThan", .number, summary: "not less than `lessThan`",
            en: "Must be less than {lessThan}.", ja: "{lessThan}未満の値を入力してください。"),
    ]

    /// The smallest value allowed, if any.
    public var min: DecimalNumber?
    /// The largest value allowed, if any.
    public var max: DecimalNumber?
    /// The value every allowed value is greater than, if any (format 1.3).
    public var greaterThan: DecimalNumber?
    /// The value every allowed value is less than, if any (format 1.3).
    public var lessThan: DecimalNumber?

    /// Creates a range check; at least one bound should be given, and at most one on each side.
    public init(
        min: DecimalNumber? = nil, max: DecimalNumber? = nil, greaterThan: DecimalNumber? = nil,
        lessThan: DecimalNumber? = nil
    ) {
        self.min = min
        self.max = max
        self.greaterThan = greaterThan
        self.lessThan = lessThan
    }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {
        let (min, max) = (parameters.decimal("min"), parameters.decimal("max"))
        let (greaterThan, lessThan) = (parameters.decimal("greaterThan"), parameters.decimal("lessThan"))
        guard greaterThan != nil || lessThan != nil else {
            guard parameters.checkBounds(min, max, of: Self.name, diagnostics: &diagnostics) else { return nil }
            self.init(min: min, max: max)
            return
        }
        var valid = true
        for (inclusive, exclusive) in [("min", "greaterThan"), ("max", "lessThan")]
        where parameters.values[inclusive] != nil && parameters.values[exclusive] != nil {
            diagnostics.append(
                .error(
                    "'range' takes '\(inclusive)' or '\(exclusive)', not both; keep the one that says the bound",
                    at: parameters.range(of: exclusive)))
            valid = false
        }
        guard valid else { return nil }
        let lower = greaterThan.map { ("greaterThan", $0) } ?? min.map { ("min", $0) }
        let upper = lessThan.map { ("lessThan", $0) } ?? max.map { ("max", $0) }
        if let lower, let upper, !(lower.1 < upper.1) {
            diagnostics.append(
                .error(
                    "'\(lower.0)' (\(lower.1)) is not less than '\(upper.0)' (\(upper.1)); no value could pass",
                    at: parameters.range(of: lower.0)))
            return nil
        }
        self.init(min: min, max: max, greaterThan: greaterThan, lessThan: lessThan)
    }

    /// `tooSmall` and `tooLarge`, and the exclusive bounds' codes when one is given: a range of
    /// format 1.2 compiles the two outcomes it always did.
    public var compiledCodes: [CheckCode] {
        greaterThan == nil && lessThan == nil ? Array(Self.codes.prefix(2)) : Self.codes
    }

    /// Each bound given: an inclusive bound passes on it, an exclusive one fails on it.
    public var boundaries: [CheckBoundary] {
        [
            min.map { .number(.min, value: $0) }, max.map { .number(.max, value: $0) },
            greaterThan.map { .exclusiveNumber(.min, value: $0) }, lessThan.map { .exclusiveNumber(.max, value: $0) },
        ]
        .compactMap { $0 }
    }

    /// The lower bound given, inclusive or not.
    public var lowerBound: DecimalNumber? { greaterThan ?? min }
    /// The upper bound given, inclusive or not.
    public var upperBound: DecimalNumber? { lessThan ?? max }

    public var arguments: [(name: String, value: ParameterValue)] {
        [
            min.map { ("min", .decimal($0)) }, max.map { ("max", .decimal($0)) },
            greaterThan.map { ("greaterThan", .decimal($0)) }, lessThan.map { ("lessThan", .decimal($0)) },
        ]
        .compactMap { $0 }
    }

    func compile(for valueType: ValueType, outcomes: [Outcome]) -> CompiledValueCheck {
        // NB: four outcomes when an exclusive bound is given, else two (``compiledCodes``).
        Compiled(
            min: min, max: max, greaterThan: greaterThan, lessThan: lessThan, tooSmall: outcomes[0],
            tooLarge: outcomes[1], notGreaterThan: outcomes.count > 2 ? outcomes[2] : outcomes[0],
            notLessThan: outcomes.count > 3 ? outcomes[3] : outcomes[1])
    }

    private final class Compiled: CompiledValueCheck, @unchecked Sendable {
        let min: DecimalNumber?
        let max: DecimalNumber?
        let greaterThan: DecimalNumber?
        let lessThan: DecimalNumber?
        let tooSmall: Outcome
        let tooLarge: Outcome
        let notGreaterThan: Outcome
        let notLessThan: Outcome

        init(
            min: DecimalNumber?, max: DecimalNumber?, greaterThan: DecimalNumber?, lessThan: DecimalNumber?,
            tooSmall: Outcome, tooLarge: Outcome, notGreaterThan: Outcome, notLessThan: Outcome
        ) {
            self.min = min
            self.max = max
            self.greaterThan = greaterThan
            self.lessThan = lessThan
            self.tooSmall = tooSmall
            self.tooLarge = tooLarge
            self.notGreaterThan = notGreaterThan
            self.notLessThan = notLessThan
        }

        override var readsText: Bool { false }

        override func evaluate(_ text: Substring, _ value: ValidatedValue, context: ValidationContext) -> Miss? {
            let number: DecimalNumber
            switch value {
            case .integer(let integer): number = DecimalNumber(integer)
            case .decimal(let decimal): number = decimal
            default: return nil
            }
            // NB: the loader refuses a lower bound not below the upper one, so at most one bound is crossed.
            if let min, number < min { return Miss(tooSmall, bound: .number(min)) }
            if let max, max < number { return Miss(tooLarge, bound: .number(max)) }
            if let greaterThan, !(greaterThan < number) { return Miss(notGreaterThan, bound: .number(greaterThan)) }
            if let lessThan, !(number < lessThan) { return Miss(notLessThan, bound: .number(lessThan)) }
            return nil
        }
    }
}
