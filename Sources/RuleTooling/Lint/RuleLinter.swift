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
    /// Where loading found errors: a declaration with one may lack a check that did not load, so
    /// lint does not also say that its messages name a code it never reports (no cascades).
    let loadErrors: [SourceLocation]

    /// Creates a linter of the declarations of a set of rule files, given the errors loading them found.
    public init(types: [TypeRule], models: [ModelRule], loadDiagnostics: [Diagnostic] = []) {
        self.types = types
        self.models = models
        loadErrors = loadDiagnostics.filter { $0.severity == .error }.compactMap { $0.range?.start }
    }

    /// Whether loading found an error inside the declaration that starts at `start`: between it and
    /// the next declaration of its file.
    func hasLoadError(inDeclarationAt start: SourceLocation?) -> Bool {
        guard let start, !loadErrors.isEmpty else { return false }
        let starts = (types.compactMap { $0.range?.start } + models.compactMap { $0.range?.start })
            .filter { $0.file == start.file && start < $0 }
        let end = starts.min()
        return loadErrors.contains { error in
            error.file == start.file && start <= error && (end.map { error < $0 } ?? true)
        }
    }

    /// Every finding, errors and warnings, each once, in the order of the places they point at.
    public func diagnostics() -> [Diagnostic] {
        let lintable = RuleSet.lintableTypes(types: types, models: models)
        var found = messageDiagnostics(lintable.map(\.type))
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
