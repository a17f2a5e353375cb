/// `decimals`: a decimal has at most `max` fraction digits (format 1.3), trailing zeros not
/// counted: `19.990` has two, `20.0` none.
public struct DecimalsCheck: CheckDescriptor, ValueCheck {
    public static let name = "decimals"
    public static let basis = CheckBasis.places
    public static let boundariesGiveSamples = true
    public static let shorthand: String? = "max"
    public static let parameters = [ParameterSpec("max", .integer, required: true)]
    public static let appliesTo = CheckScope.values([.decimal])
    public static let since = "1.3"
    public static let codes = [
        CheckCode.max(
            "tooManyDecimals", .count, summary: "with more than `max` decimal places",
            en: "Use at most {max} decimal places.", ja: "小数点以下は{max}桁以内で入力してください。")
    ]

    /// The most fraction digits allowed.
    public var max: Int

    /// Creates the check.
    public init(max: Int) {
        self.max = max
    }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {
        guard let max = parameters.integer("max") else { return nil }
        guard max >= 0 else {
            diagnostics.append(.error("a count of decimal places cannot be negative", at: parameters.range(of: "max")))
            return nil
        }
        self.init(max: max)
    }

    public var arguments: [(name: String, value: ParameterValue)] { [("max", .integer(max))] }

    /// Numbers with `max` fraction digits and with one more, and with `max` and a trailing zero,
    /// which does not count: witnesses for `suggest` and `diff`; coverage asks for its code's and
    /// its `passes` items.
    public var boundaries: [CheckBoundary] {
        let digits = String(repeating: "1", count: max)
        let atMax = max == 0 ? "1" : "1." + digits
        return [.witnesses([atMax, "1.\(digits)1", "1.\(digits)0", "-" + atMax, "-1.\(digits)1", "0.\(digits)1"])]
    }

    /// The fraction digits of `number` without trailing zeros: `19.990` has two, `1e3` none.
    public static func places(of number: DecimalNumber) -> Int { Swift.max(0, -number.exponent) }

    func compile(for valueType: ValueType, outcomes: [Outcome]) -> CompiledValueCheck {
        Compiled(max: max, outcome: outcomes[0])
    }

    private final class Compiled: CompiledValueCheck, @unchecked Sendable {
        let max: Int
        let outcome: Outcome

        init(max: Int, outcome: Outcome) {
            self.max = max
            self.outcome = outcome
        }

        override var readsText: Bool { false }

        override func evaluate(_ text: Substring, _ value: ValidatedValue, context: ValidationContext) -> Miss? {
            guard case .decimal(let number) = value, DecimalsCheck.places(of: number) > max else { return nil }
            return Miss(outcome, bound: .count(max))
        }
    }
}
