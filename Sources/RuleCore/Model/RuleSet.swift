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
    private let validators: [String: Validator]

    init(types: [ResolvedType], models: [ModelRule], validators: [String: Validator]) {
        self.types = types
        self.models = models
        self.validators = validators
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
