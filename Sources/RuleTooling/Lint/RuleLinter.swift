public import RuleCore

/// Finds what loading accepts but what goes wrong later: messages for codes nothing reports,
/// placeholders nothing fills, and rules no value can pass (with the suspicious ones as warnings).
///
/// It reasons about declarations, not a compiled ``RuleSet``, so that `rulecheck lint` reports
/// these beside the mistakes that keep the rules from compiling, in one run.
/// ```swift
/// let code = TypeRule(name: "Code", normalizers: [.uppercase], checks: [Check(OneOfCheck(values: ["jp"]))])
/// RuleLinter(types: [code], models: []).diagnostics()[0].message
/// // "no value can pass 'oneOf': each value it allows fails another rule of type 'Code'"
/// ```
public struct RuleLinter: Sendable {
    /// The types as declared.
    public let types: [TypeRule]
    /// The models as declared.
    public let models: [ModelRule]
    /// Where each declaration starts some of whose codes did not load (loading's
    /// ``RuleFileLoader/Result/incomplete``): it may lack a check, so lint does not also say that its
    /// messages name a code it never reports (no cascades). An error elsewhere in it, such as an
    /// unknown key, hides nothing.
    let incomplete: Set<SourceLocation>

    /// Creates a linter of the declarations of a set of rule files, given where loading left a
    /// declaration's codes incomplete.
    public init(types: [TypeRule], models: [ModelRule], incomplete: Set<SourceLocation> = []) {
        self.types = types
        self.models = models
        self.incomplete = incomplete
    }

    /// Whether some of the codes of the declaration that starts at `start` did not load.
    func hasLoadError(inDeclarationAt start: SourceLocation?) -> Bool {
        start.map(incomplete.contains) ?? false
    }

    /// Every finding, errors and warnings, each once, in the order of the places they point at.
    public func diagnostics() -> [Diagnostic] {
        // NB: messages are checked on whole types only (a check left out would leave its message
        // "never shown"), satisfiability also on types without the checks that do not apply.
        var found = messageDiagnostics(RuleSet.lintableTypes(types: types, models: models).map(\.type))
        let lintable = RuleSet.lintableTypes(types: types, models: models, leavingOutWrongChecks: true)
        for (type, validator) in lintable { found += satisfiability(of: type, validator: validator) }
        let valueTypes = Dictionary(lintable.map { ($0.type.name, $0.type.valueType) }, uniquingKeysWith: { a, _ in a })
        for model in models { found += satisfiability(of: model, valueTypes: valueTypes) }
        var seen: Set<String> = []
        return found.filter { seen.insert("\($0.range?.description ?? "")\u{0}\($0.message)").inserted }
            .sorted { ($0.range?.start ?? .none) < ($1.range?.start ?? .none) }
    }

    /// Where a declaration sits, as a note.
    static func note(_ type: ResolvedType) -> (String, SourceRange?) {
        ("in type '\(type.name)'", type.declaration.range)
    }
}

extension SourceLocation {
    /// Before every place in a file: where findings without a place sort.
    static let none = SourceLocation(file: "", line: 0, column: 0)
}
