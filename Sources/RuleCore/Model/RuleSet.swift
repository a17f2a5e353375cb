/// Every type and model of a set of rule files, each compiled once into an immutable validator.
///
/// A `RuleSet` is `Sendable`: build it once, at start-up, and share it between threads.
/// ```swift
/// let title = TypeRule(name: "TaskTitle", normalizers: [.trim],
///                      checks: [Check(.length(Length(min: 1, max: 20)))])
/// let rules = try RuleSet.compile(types: [title], models: [])
/// rules.validator(named: "TaskTitle")!.validate("  Buy milk  ")   // .valid(.string("Buy milk"))
/// ```
public struct RuleSet: Sendable {
    /// The types, in the order declared.
    public let types: [ResolvedType]
    /// The models, in the order declared.
    public let models: [ModelRule]
    /// The custom checks the rule files declare (format 1.3), used or not, in the order declared.
    public let customChecks: [CustomCheckDeclaration]
    private let validators: [String: Validator]

    init(
        types: [ResolvedType], models: [ModelRule], validators: [String: Validator],
        customChecks: [CustomCheckDeclaration] = []
    ) {
        self.types = types
        self.models = models
        self.validators = validators
        self.customChecks = customChecks
    }

    /// The custom checks that the type or model `name`, its fields' types and models and their
    /// list items, run with no implementation, by name: rules loaded for declarations only
    /// (``CustomChecks``) pass every value there, so a runner must not give their verdicts.
    package func unimplementedCustomChecks(of name: String) -> [String] {
        var found: [String] = []
        var seen: Set<String> = []
        var pending = [name]
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            if let type = types.first(where: { $0.name == next }) {
                for check in type.checks {
                    if let custom = check.custom, custom.implementation == nil, !found.contains(custom.declaration.name)
                    {
                        found.append(custom.declaration.name)
                    }
                }
            } else if let model = models.first(where: { $0.name == next }) {
                pending += model.fields.map(\.typeName)
            }
        }
        return found
    }

    /// The longest chain of base types a type may have, which bounds the normalizers and checks
    /// each type copies from its bases: 64.
    package static let maximumBaseChain = 64

    /// How deeply models may contain models, which bounds the recursion of validating a record: 64.
    package static let maximumModelNesting = 64

    /// Every type and model name, types first, in the order declared.
    public var names: [String] { types.map(\.name) + models.map(\.name) }

    /// The validator of a type or model.
    public func validator(named name: String) -> Validator? {
        validators[name]
    }

    /// The validator of a type, for tools that know which the name is.
    package func typeValidator(named name: String) -> TypeValidator? {
        if case .type(let validator) = validators[name] { validator } else { nil }
    }

    /// The validator of a model, for tools that know which the name is.
    package func modelValidator(named name: String) -> ModelValidator? {
        if case .model(let validator) = validators[name] { validator } else { nil }
    }
}

/// The mistakes that kept a set of rules from compiling, each at its place.
public struct RuleSetError: Error, Sendable, CustomStringConvertible {
    /// Every mistake found.
    public let diagnostics: [Diagnostic]

    /// The mistakes, rendered one after another.
    public var description: String { DiagnosticRenderer.plain.render(diagnostics) }
}
