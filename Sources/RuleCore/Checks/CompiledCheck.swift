/// A check of one value, which compiles once for its type.
protocol ValueCheck: CheckDescriptor {
    /// The check compiled for values of `valueType`, reporting `outcomes`: one for each of
    /// ``CheckDescriptor/codes``, in that order.
    func compile(for valueType: ValueType, outcomes: [Outcome]) -> CompiledValueCheck

    /// What makes no sense in the check's parameters for values of `valueType`, which it applies
    /// to: a `oneOf` value that is no integer for an integer type.
    func problems(for valueType: ValueType) -> [(message: String, fix: Suggestion?)]
}

extension ValueCheck {
    func problems(for valueType: ValueType) -> [(message: String, fix: Suggestion?)] { [] }
}

/// What a check found wrong with a value: the outcome it reports, by its ``Outcome/index`` among
/// its type's outcomes, and the bound the value missed; the value is the text checked.
///
/// NB: an index and a bound, not a ``Violation``: a generated value object makes its own case of
/// it without retaining an outcome, and a validator makes the violation only when it reports one.
struct Miss {
    let outcome: Int
    let bound: Bound?

    init(_ outcome: Outcome, bound: Bound? = nil) {
        self.init(outcome: outcome.index, bound: bound)
    }

    init(outcome: Int, bound: Bound?) {
        self.outcome = outcome
        self.bound = bound
    }
}

/// A value check with its work done at compile time: bounds read, sets built, outcomes resolved.
/// Each check subclasses it and overrides ``evaluate(_:_:context:)``.
///
/// NB: a class, not a protocol: a type's validator runs its checks through unretained references
/// (``TypeValidator``), which only a class allows; reading an existential out of an array retained
/// and released it around every call, some 40 instructions a check (docs/performance.md).
class CompiledValueCheck: @unchecked Sendable {
    /// What `value`, read off `text` (after normalization), misses, if anything: a check crosses
    /// at most one of its bounds, so it reports at most one outcome.
    ///
    /// NB: the text and the value are passed apart, borrowed: a struct of the two was a copy of
    /// each, retained and released, on every check.
    func evaluate(_ text: Substring, _ value: ValidatedValue, context: ValidationContext) -> Miss? {
        preconditionFailure("\(Self.self) does not override evaluate")
    }

    /// Whether ``evaluate(_:_:context:)`` reads the text, not only the value: when no check of a
    /// type does, a JSON number's text is written only for a violation that echoes it.
    var readsText: Bool { true }
}

/// A check across the fields of a model, which compiles once for it.
protocol ModelCheck: ModelCheckDescriptor {
    /// The check compiled, reporting `outcomes`: one for each of ``CheckDescriptor/codes``.
    func compile(outcomes: [Outcome]) -> any CompiledModelCheck
}

/// A model check with its work done at compile time.
protocol CompiledModelCheck: AnyObject, Sendable {
    /// Checks the valid `values` of a record; `invalid` names the fields that failed their own checks.
    func evaluate(
        _ values: [String: ValidatedValue], invalid: Set<String>, context: ValidationContext,
        into violations: inout Violations)
}
