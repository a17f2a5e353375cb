/// A list field of a model (`tags: { list: Tag, minItems: 1, maxItems: 5, unique: true }`): its
/// items validated by their type, each at its index (`tags.0`), then the count of items and,
/// with `unique`, their normalized values, reported on the list itself (`tags`).
///
/// Not one of ``CheckDescriptors/all``: it is declared on a field rather than under `checks:`, and
/// runs while the model validates its fields. Its outcomes are the model's, after those of its checks.
/// An absent or null list is absent: `required` unless the field is optional. Items are counted as
/// given, invalid ones too, as JSON Schema's `minItems` and `maxItems` count them.
public struct ListCheck: CheckDescriptor, ModelCheckDescriptor {
    public static let name = "list"
    public static let basis = CheckBasis.bounds
    public static let parameters = [
        ParameterSpec("field", .text, required: true), ParameterSpec("minItems", .integer),
        ParameterSpec("maxItems", .integer), ParameterSpec("unique", .boolean, default: .boolean(false)),
    ]
    public static let appliesTo = CheckScope.model
    public static let codes = [
        CheckCode(
            RequiredCheck.codes[0].name, summary: "absent", en: RequiredCheck.codes[0].messages["en"]!,
            ja: RequiredCheck.codes[0].messages["ja"]!),
        CheckCode(
            ValueFormat.code.name, summary: "not a list", en: ValueFormat.code.messages["en"]!,
            ja: ValueFormat.code.messages["ja"]!),
        .min(
            "tooFewItems", .count, summary: "fewer than `min` items", en: "Too few items: at least {min}.",
            ja: "{min}件以上入力してください。"),
        .max(
            "tooManyItems", .count, summary: "more than `max` items", en: "Too many items: at most {max}.",
            ja: "{max}件以内で入力してください。"),
        CheckCode(
            "duplicateItem", summary: "an item given twice, after normalization",
            en: "'{value}' is listed more than once.", ja: "「{value}」が重複しています。"),
    ]

    /// The list field.
    public var field: String
    /// The fewest items allowed, if any.
    public var minItems: Int?
    /// The most items allowed, if any.
    public var maxItems: Int?
    /// Whether no two items may have the same normalized value.
    public var unique: Bool

    /// Creates the list's rule.
    public init(field: String, minItems: Int? = nil, maxItems: Int? = nil, unique: Bool = false) {
        self.field = field
        self.minItems = minItems
        self.maxItems = maxItems
        self.unique = unique
    }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {
        guard let field = parameters.text("field") else { return nil }
        let minItems = parameters.integer("minItems")
        let maxItems = parameters.integer("maxItems")
        for (key, count) in [("minItems", minItems), ("maxItems", maxItems)] where (count ?? 0) < 0 {
            diagnostics.append(.error("'\(key)' (\(count!)) is negative; count from 0", at: parameters.range(of: key)))
            return nil
        }
        if let minItems, let maxItems, maxItems < minItems {
            diagnostics.append(
                .error(
                    "'minItems' (\(minItems)) is greater than 'maxItems' (\(maxItems)); no list could pass",
                    at: parameters.range(of: "minItems")))
            return nil
        }
        self.init(field: field, minItems: minItems, maxItems: maxItems, unique: parameters.boolean("unique") ?? false)
    }

    public var fields: [String] { [field] }

    public var reportedField: String { field }

    /// Each count given, and `unique`.
    public var boundaries: [CheckBoundary] {
        [
            minItems.map { .items(.min, count: $0, field: field) },
            maxItems.map { .items(.max, count: $0, field: field) },
            unique ? .distinctItems(field: field) : nil,
        ].compactMap { $0 }
    }

    public var arguments: [(name: String, value: ParameterValue)] {
        [("field", .text(field))] + (minItems.map { [("minItems", .integer($0))] } ?? [])
            + (maxItems.map { [("maxItems", .integer($0))] } ?? []) + [("unique", .boolean(unique))]
    }

    public func summary(of code: CheckCode) -> String {
        "`\(field)`: " + code.summary
    }

    /// The list compiled, reporting `outcomes`, one for each of ``codes``, with `items` validating each item.
    func compile(items: Validator, outcomes: [Outcome]) -> Compiled {
        Compiled(rule: self, items: items, outcomes: outcomes)
    }

    /// A list field with its work done at compile time.
    final class Compiled: Sendable {
        let rule: ListCheck
        let items: Validator
        let outcomes: [Outcome]

        init(rule: ListCheck, items: Validator, outcomes: [Outcome]) {
            self.rule = rule
            self.items = items
            self.outcomes = outcomes
        }

        /// Validates the list given for the field, whose absence a field's `optional` allows.
        func validate(_ input: ValidationInput, isOptional: Bool, context: ValidationContext) -> ValidationResult {
            let path = [rule.field]
            let items: [ValidationInput]
            switch input {
            case .absent:
                return isOptional ? .valid(nil) : .invalid(Violations(Violation(outcomes[0], path: path)))
            case .list(let list): items = list
            case .text, .string, .number, .boolean, .record:
                return .invalid(Violations(Violation(outcomes[1], path: path, value: input.shown)))
            }
            var values: [ValidatedValue] = []
            var violations = Violations()
            for (index, item) in items.enumerated() {
                switch self.items.validate(item, context: context) {
                case .valid(let value?): values.append(value)
                case .valid(nil): break  // NB: the compiler refuses optional item types; a record is never nil here
                case .invalid(let found):
                    for violation in found {
                        var located = violation
                        located.path.insert(contentsOf: [rule.field, String(index)], at: 0)
                        violations.append(located)
                    }
                }
            }
            if let min = rule.minItems, items.count < min {
                violations.append(Violation(outcomes[2], path: path, bound: .count(min)))
            }
            if let max = rule.maxItems, items.count > max {
                violations.append(Violation(outcomes[3], path: path, bound: .count(max)))
            }
            if rule.unique {
                var seen: Set<ValidatedValue> = []
                if let repeated = values.first(where: { !seen.insert($0).inserted }) {
                    violations.append(Violation(outcomes[4], path: path, value: repeated.description[...]))
                }
            }
            return violations.isEmpty ? .valid(.list(values)) : .invalid(violations)
        }
    }
}
