/// A type with its base types folded in: the value type, every normalizer and check from the
/// root of its chain down, and its messages over its bases'.
public struct ResolvedType: Hashable, Sendable {
    /// The type as declared.
    public let declaration: TypeRule
    /// The value type at the root of its chain.
    public let valueType: ValueType
    /// The bases' normalizers, then its own.
    public let normalizers: [Normalizer]
    /// The bases' checks, then its own, in the order written.
    public let checks: [Check]
    /// Its own `optional`, else the nearest base's, else `false`.
    public let isOptional: Bool
    /// Whether its values are never echoed: `sensitive: true` on it or its nearest base that says.
    public let isSensitive: Bool
    /// Its bases' `serverCodes:`, then its own: codes only a server reports.
    public let serverCodes: [String]
    /// Its messages over its bases', over each one's file defaults.
    public let messages: MessageTable
    /// How many types its chain has: 1 for a type based on a value type, 1 more for each base type.
    public let chainLength: Int

    /// The type's name.
    public var name: String { declaration.name }

    /// Whether any check of the chain is `required`.
    public var hasRequiredCheck: Bool { checks.contains { $0.is(RequiredCheck.self) } }

    /// Whether an empty value (after normalization) never reaches its checks: it is no value for an
    /// optional type, and `required` for a type with a `required` check, which stops there. Then
    /// every value a check sees has length 1 or more (``Check/reachableBuiltinCodes(optional:emptyNeverChecked:)``).
    public var emptyNeverChecked: Bool { isOptional || hasRequiredCheck }

    /// The checks a validator runs on a value that is present and parsed, in the order it runs
    /// them: every check but `required`, in the order written, except that patterns come last,
    /// after the lengths that bound their work.
    public var checksInRunOrder: [Check] {
        let checks = checks.filter { !$0.is(RequiredCheck.self) }
        func runsLast(_ check: Check) -> Bool { type(of: check.descriptor).runsLast }
        return checks.filter { !runsLast($0) } + checks.filter(runsLast)
    }

    /// The values every `oneOf` of the type allows, read as the type's values, each once, in the
    /// first list's order: `nil` when no `oneOf` limits them, empty when the lists share none. They
    /// compare as the engine's `oneOf` compares: text scalar for scalar, integers by value (`7` and
    /// `007` are one). A listed value that is no value of the type, which loading reports, is left
    /// out. Generated enums and literal unions and the export's `enum` are these values.
    public var allowedValues: [ValidatedValue]? {
        let lists = checks.compactMap { ($0.descriptor as? OneOfCheck)?.values }
        guard !lists.isEmpty else { return nil }
        let parsed = lists.map { $0.compactMap { ValueFormat.parse($0[...], as: valueType) } }
        var allowed: [ValidatedValue] = []
        for value in parsed[0] where !allowed.contains(value) && parsed.allSatisfy({ $0.contains(value) }) {
            allowed.append(value)
        }
        return allowed
    }

    /// The codes this type's checks can report, in the order they report them; not its ``serverCodes``.
    public var codes: [String] {
        var codes: [String] = []
        func add(_ code: String) { if !codes.contains(code) { codes.append(code) } }
        let required = RequiredCheck.codes[0].name
        if !isOptional { add(checks.first { $0.is(RequiredCheck.self) }?.code(for: required) ?? required) }
        if valueType != .string { add(ValueFormat.code.name) }
        for check in checks { check.builtinCodes.forEach { add(check.code(for: $0.name)) } }
        return codes
    }

    init(_ declaration: TypeRule, base: ResolvedType?) {
        self.declaration = declaration
        if case .valueType(let valueType) = declaration.base {
            self.valueType = valueType
        } else {
            valueType = base!.valueType
        }
        normalizers = (base?.normalizers ?? []) + declaration.normalizers
        checks = (base?.checks ?? []) + declaration.checks
        isOptional = declaration.optional ?? base?.isOptional ?? false
        isSensitive = declaration.sensitive ?? base?.isSensitive ?? false
        let inherited = base?.serverCodes ?? []
        serverCodes = inherited + declaration.serverCodes.filter { !inherited.contains($0) }
        let own = declaration.messages.over(declaration.defaultMessages)
        messages = base.map { own.over($0.messages) } ?? own
        chainLength = (base?.chainLength ?? 0) + 1
    }
}
