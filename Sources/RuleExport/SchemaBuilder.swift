import RuleCore

/// Builds the definitions of a schema export and collects what their standard keywords could
/// not say; ``SchemaExporter`` wraps them in a JSON Schema or OpenAPI document.
struct SchemaBuilder {
    let rules: RuleSet
    /// Where definitions live: `#/$defs/` or `#/components/schemas/`.
    let referencePrefix: String
    /// One warning per approximated rule, in definition order.
    private(set) var warnings: [Diagnostic] = []
    /// Definitions approximated by their own rules; ``approximated`` adds models through their fields.
    private var approximatedHere: Set<String> = []

    init(rules: RuleSet, referencePrefix: String) {
        self.rules = rules
        self.referencePrefix = referencePrefix
    }

    /// Every type, then every model, in the order declared; each whose standard keywords accept
    /// values its rules refuse (``approximated``) says so with `"x-rulecheck-approximate": true`, so
    /// that a tool generating data from the schema (schemathesis) knows its valid data may be refused.
    mutating func definitions() -> [JSONValue.Member] {
        let members =
            rules.types.map { JSONValue.Member($0.name, typeSchema($0)) }
            + rules.models.map { JSONValue.Member($0.name, modelSchema($0)) }
        let approximated = self.approximated
        return members.map { member in
            guard approximated.contains(member.key), case .object(var fields) = member.value else { return member }
            fields.append(.init("x-rulecheck-approximate", true))
            return JSONValue.Member(member.key, .object(fields))
        }
    }

    /// The definitions whose standard keywords accept other values than the rules.
    var approximated: Set<String> {
        let models = Dictionary(uniqueKeysWithValues: rules.models.map { ($0.name, $0) })
        // NB: rule sets with a model containing itself do not compile, so this terminates.
        func isApproximated(_ name: String) -> Bool {
            approximatedHere.contains(name) || models[name]?.fields.contains { isApproximated($0.typeName) } == true
        }
        return Set(rules.names.filter(isApproximated))
    }

    /// `{"$ref": …}` to a definition.
    func reference(to name: String) -> JSONValue {
        .object([.init("$ref", .string(referencePrefix + name))])
    }

    /// Records that the standard keywords of `definition` approximate the rule at `range`, with
    /// `note` naming the definition when the rule is declared elsewhere; a rule that several
    /// definitions inherit is reported once.
    mutating func approximate(_ definition: String, _ message: String, at range: SourceRange?, note: Diagnostic) {
        approximatedHere.insert(definition)
        var warning = Diagnostic.warning(message, at: range)
        if note.range != range { warning.notes.append(note) }
        guard !warnings.contains(where: { $0.message == warning.message && $0.range == warning.range }) else { return }
        warnings.append(warning)
    }
}
