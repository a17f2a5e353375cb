/// The implementation of a custom check (format 1.3): a rule file declares the check under `custom:`,
/// and each program that loads the rules gives its verdict. Synchronous and pure: the same value
/// always passes or always fails.
///
/// ```swift
/// struct Luhn: CustomCheck {
///     func isValid(_ value: ValidatedValue) -> Bool { … }
/// }
/// let rules = RuleFileLoader(customChecks: ["luhn": Luhn()]).load(["rules"])
/// ```
public protocol CustomCheck: Sendable {
    /// Whether `value`, normalized and parsed as the type's value type says, passes.
    func isValid(_ value: ValidatedValue) -> Bool
}

/// A custom check's implementation as a closure.
public struct CustomCheckFunction: CustomCheck {
    private let body: @Sendable (ValidatedValue) -> Bool

    /// The check whose verdict `body` gives.
    public init(_ body: @escaping @Sendable (ValidatedValue) -> Bool) {
        self.body = body
    }

    public func isValid(_ value: ValidatedValue) -> Bool { body(value) }
}

/// The implementations of custom checks by name, given when rules load.
///
/// A rule that uses a custom check with no implementation here does not load: the error names the
/// check and how to register it.
public struct CustomChecks: Sendable, ExpressibleByDictionaryLiteral {
    /// The implementations by the name the rule files declare.
    public var implementations: [String: any CustomCheck]
    /// Whether rules using unimplemented checks load anyway, for tools that never run a verdict
    /// (export, lint, generate, diff): each such check passes every value, and
    /// ``RuleSet/unimplementedCustomChecks(of:)`` names it so that a runner refuses to run it.
    package var declarationsOnly: Bool

    /// The implementations `implementations` gives.
    public init(_ implementations: [String: any CustomCheck] = [:]) {
        self.implementations = implementations
        declarationsOnly = false
    }

    public init(dictionaryLiteral elements: (String, any CustomCheck)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// No implementation, for tools that read declarations and never give a verdict.
    package static let declarationsOnly: CustomChecks = {
        var checks = CustomChecks()
        checks.declarationsOnly = true
        return checks
    }()

    /// `implementations`, with declarations only where none is given.
    package func declaringOnly(_ only: Bool) -> CustomChecks {
        var checks = self
        checks.declarationsOnly = only
        return checks
    }
}

/// A custom check as a rule file declares it under `custom:` (format 1.3).
public struct CustomCheckDeclaration: Hashable, Sendable {
    /// The name that `checks:` uses, such as `luhn`.
    public var name: String
    /// The value type it applies to (`applies:`).
    public var applies: ValueType
    /// The code it reports (`code:`), such as `invalidChecksum`.
    public var code: String
    /// What it checks (`description:`), for docs and the export.
    public var summary: String
    /// Where its name is declared.
    public var range: SourceRange?

    /// Creates a declaration.
    public init(name: String, applies: ValueType, code: String, summary: String, at range: SourceRange? = nil) {
        self.name = name
        self.applies = applies
        self.code = code
        self.summary = summary
        self.range = range
    }

    /// The keys of a declaration.
    public static let keys = ["applies", "code", "description"]

    /// The value types `applies:` may name: every one.
    public static let appliesTo = ValueType.allNames

    /// The code it reports, as a check's code: no bound, no built-in message.
    public var checkCode: CheckCode {
        CheckCode(code, placeholder: nil, boundKind: nil, summary: summary, messages: [:])
    }
}

/// A use of a custom check in `checks:`: its declaration, and its implementation when one was given.
///
/// Two uses are equal when their declarations are: the implementation is the program's, not the rules'.
public struct CustomCheckDescriptor: ValueCheck {
    public static let name = "custom"
    public static let basis = CheckBasis.implementation
    public static let since = "1.3"
    public static let parameters: [ParameterSpec] = []
    public static let appliesTo = CheckScope.values(Set(ValueType.allCases))
    /// None of its own: each declaration has its code (``Check/builtinCodes``).
    public static let codes: [CheckCode] = []

    /// What the rule file declares.
    public var declaration: CustomCheckDeclaration
    /// The program's implementation, if it gave one.
    public var implementation: (any CustomCheck)?

    /// The use of `declaration`, with `implementation`.
    public init(_ declaration: CustomCheckDeclaration, implementation: (any CustomCheck)? = nil) {
        self.declaration = declaration
        self.implementation = implementation
    }

    /// Never read by parameters: the loader builds a use from its declaration.
    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) { nil }

    public var arguments: [(name: String, value: ParameterValue)] { [] }

    public func summary(of code: CheckCode) -> String { declaration.summary }

    /// None: only the implementation knows where its verdict flips.
    public var boundaries: [CheckBoundary] { [] }

    public static func == (a: CustomCheckDescriptor, b: CustomCheckDescriptor) -> Bool {
        a.declaration == b.declaration
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(declaration) }

    func compile(for valueType: ValueType, outcomes: [Outcome]) -> CompiledValueCheck {
        CompiledCustomCheck(implementation: implementation, outcome: outcomes[0])
    }

    /// How to give an implementation in Swift, for the error that none was given.
    public static func howToRegister(_ name: String) -> String {
        "register an implementation when loading, such as RuleFileLoader(customChecks: [\"\(name)\": MyCheck()])"
    }
}

private final class CompiledCustomCheck: CompiledValueCheck, @unchecked Sendable {
    let implementation: (any CustomCheck)?
    let outcome: Outcome

    init(implementation: (any CustomCheck)?, outcome: Outcome) {
        self.implementation = implementation
        self.outcome = outcome
    }

    override var readsText: Bool { false }

    override func evaluate(_ text: Substring, _ value: ValidatedValue, context: ValidationContext) -> Miss? {
        guard let implementation else { return nil }
        return implementation.isValid(value) ? nil : Miss(outcome)
    }
}

extension Check {
    /// The custom check this is a use of, if it is one.
    public var custom: CustomCheckDescriptor? { descriptor as? CustomCheckDescriptor }

    /// What it applies to: its descriptor's scope, or a custom check's declared value type.
    public var scope: CheckScope {
        if let custom { return .values([custom.declaration.applies]) }
        return type(of: descriptor).appliesTo
    }
}
