/// `ascending` (on a model): the values of the named fields, in the order named, never go down
/// (`start ≤ end`), or always go up with `strict: true` (`start < end`); integers and decimals
/// compare as numbers, dates as dates. The violation is reported on the last field named.
///
/// The check is skipped while a named field is invalid, which already says what is wrong, or has
/// no value (absent, or an optional field left empty), since there is no order to check yet.
public struct AscendingCheck: CheckDescriptor, ModelCheck {
    public static let name = "ascending"
    public static let basis = CheckBasis.fields
    public static let shorthand: String? = "fields"
    public static let parameters = [
        ParameterSpec("fields", .fields, required: true), ParameterSpec("strict", .boolean, default: .boolean(false)),
    ]
    public static let appliesTo = CheckScope.model
    public static let codes = [
        CheckCode(
            "outOfOrder", summary: "the fields are out of order",
            en: "The values are out of order.", ja: "値の順序が正しくありません。")
    ]

    /// The fields compared, two or more, each named once, in the order their values must follow.
    public var fields: [String]
    /// Whether each value must be greater than the one before it, not merely not less.
    public var strict: Bool

    /// Creates the check over `fields`.
    public init(fields: [String], strict: Bool = false) {
        self.fields = fields
        self.strict = strict
    }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {
        let strict = parameters.boolean("strict") ?? false
        guard let fields = parameters.texts("fields"),
            parameters.checkFields(fields, of: Self.name, equalValuesPass: !strict, diagnostics: &diagnostics)
        else { return nil }
        self.init(fields: fields, strict: strict)
    }

    public var reportedField: String { fields.last! }

    /// Equal values of the fields, allowed unless `strict`.
    public var boundaries: [CheckBoundary] { [.equalFields(fields)] }

    public var arguments: [(name: String, value: ParameterValue)] {
        [("fields", .texts(fields)), ("strict", .boolean(strict))]
    }

    public func summary(of code: CheckCode) -> String {
        let names = fields.map { "`\($0)`" }
        return names.joined(separator: strict ? " < " : " ≤ ") + " does not hold; reported on " + names.last!
    }

    /// Only numbers or only dates have an order.
    public func mistakes(given contents: [String: FieldContent]) -> [String] {
        let named = fields.compactMap { name in contents[name].map { (name, $0) } }
        func isNumber(_ content: FieldContent) -> Bool { content == .value(.integer) || content == .value(.decimal) }
        if let unordered = named.first(where: { !isNumber($0.1) && $0.1 != .value(.date) }) {
            return [
                "'ascending' orders integer, decimal and date fields; field '\(unordered.0)' holds \(unordered.1)"
            ]
        }
        if let first = named.first, let other = named.first(where: { isNumber($0.1) != isNumber(first.1) }) {
            return [
                "'ascending' compares numbers with numbers and dates with dates; field '\(first.0)' holds "
                    + "\(first.1), field '\(other.0)' \(other.1)"
            ]
        }
        return []
    }

    func compile(outcomes: [Outcome]) -> any CompiledModelCheck {
        Compiled(fields: fields, strict: strict, outcome: outcomes[0])
    }

    /// Whether `a` comes before `b` (`strict`) or not after it; `nil` for values with no order
    /// between them, which the compiler's diagnostics keep from reaching here.
    static func inOrder(_ a: ValidatedValue, _ b: ValidatedValue, strict: Bool) -> Bool? {
        func ordered<T: Comparable>(_ a: T, _ b: T) -> Bool { strict ? a < b : a <= b }
        switch (a, b) {
        case (.integer(let a), .integer(let b)): return ordered(a, b)
        case (.date(let a), .date(let b)): return ordered(a, b)
        case (.integer(let a), .decimal(let b)): return ordered(DecimalNumber(a), b)
        case (.decimal(let a), .integer(let b)): return ordered(a, DecimalNumber(b))
        case (.decimal(let a), .decimal(let b)): return ordered(a, b)
        default: return nil
        }
    }

    private final class Compiled: CompiledModelCheck {
        let fields: [String]
        let strict: Bool
        let outcome: Outcome

        init(fields: [String], strict: Bool, outcome: Outcome) {
            self.fields = fields
            self.strict = strict
            self.outcome = outcome
        }

        func evaluate(
            _ values: [String: ValidatedValue], invalid: Set<String>, context: ValidationContext,
            into violations: inout Violations
        ) {
            // NB: every field first: one that is invalid or empty skips the check, wherever it is named.
            var ordered: [ValidatedValue] = []
            for name in fields {
                guard let value = values[name], !invalid.contains(name) else { return }
                ordered.append(value)
            }
            guard
                ordered.indices.dropFirst().contains(where: {
                    AscendingCheck.inOrder(ordered[$0 - 1], ordered[$0], strict: strict) == false
                })
            else { return }
            violations.append(Violation(outcome, path: [fields.last!], value: ordered.last!.description[...]))
        }
    }
}
