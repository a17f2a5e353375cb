extension RuleSet {
    /// Resolves names across all files, checks that every rule makes sense for its type, and
    /// compiles every type and model once.
    ///
    /// Every mistake found is appended to `diagnostics`, not only the first: unknown or
    /// duplicate names (with "did you mean"), cycles, checks that do not apply to a value type,
    /// `required` on an optional type, `equal` over unknown fields.
    /// - Returns: the rule set, or `nil` when any error was found.
    public static func compile(types: [TypeRule], models: [ModelRule], diagnostics: inout [Diagnostic]) -> RuleSet? {
        var compiler = Compiler(types: types, models: models)
        compiler.checkNames()
        let resolved = types.compactMap { compiler.resolve($0.name) }
        resolved.forEach { compiler.checkApplicability($0) }
        models.forEach { compiler.checkModel($0) }
        diagnostics += compiler.diagnostics
        guard !compiler.diagnostics.hasErrors else { return nil }
        var validators: [String: Validator] = [:]
        for type in resolved { validators[type.name] = .type(compileType(type)) }
        for model in models { compileModel(model, models: compiler.modelsByName, into: &validators) }
        return RuleSet(types: resolved, models: models, validators: validators)
    }

    /// The code a check reports in place of `defaultCode`, with its messages looked up once.
    private static func outcome(_ check: Check?, _ defaultCode: String, messages: MessageTable) -> TypeValidator.Outcome {
        TypeValidator.Outcome(
            code: check?.code(for: defaultCode) ?? defaultCode, defaultCode: defaultCode,
            templates: messages.templates(for: check, defaultCode: defaultCode), check: check)
    }

    private static func compileType(_ type: ResolvedType) -> TypeValidator {
        func outcome(_ check: Check?, _ defaultCode: String) -> TypeValidator.Outcome {
            Self.outcome(check, defaultCode, messages: type.messages)
        }
        var compiled: [TypeValidator.CompiledCheck] = []
        let required = outcome(type.checks.first { $0.kind == .required }, Required.code)
        let format = outcome(nil, ValueFormat.code)
        let outcomes = [required, format] + type.checks.flatMap { check in
            check.kind == .required ? [] : check.kind.defaultCodes.map { outcome(check, $0) }
        }
        for check in type.checksInRunOrder {
            switch check.kind {
            case .required, .equal:
                break
            case .length(let length):
                compiled.append(.length(length, tooShort: outcome(check, Length.tooShort), tooLong: outcome(check, Length.tooLong)))
            case .email:
                compiled.append(.email(outcome(check, EmailAddress.code)))
            case .pattern(let pattern):
                compiled.append(.pattern(pattern, outcome(check, PatternCheck.code)))
            case .oneOf(let oneOf):
                compiled.append(
                    type.valueType == .integer
                        ? .oneOfIntegers(Set(oneOf.values.compactMap { ValueFormat.parseInteger($0[...]) }), outcome(check, OneOf.code))
                        : .oneOfStrings(Set(oneOf.values), outcome(check, OneOf.code)))
            case .range(let range):
                compiled.append(.range(range, tooSmall: outcome(check, NumberRange.tooSmall), tooLarge: outcome(check, NumberRange.tooLarge)))
            case .notBefore(let bound):
                compiled.append(.notBefore(bound, outcome(check, DateBound.tooEarly)))
            case .notAfter(let bound):
                compiled.append(.notAfter(bound, outcome(check, DateBound.tooLate)))
            }
        }
        return TypeValidator(
            name: type.name, rule: type, isOptional: type.isOptional, outcomes: outcomes, required: required, format: format,
            checks: compiled, hasRequiredCheck: type.hasRequiredCheck)
    }

    @discardableResult
    private static func compileModel(
        _ model: ModelRule, models: [String: ModelRule], into validators: inout [String: Validator]
    ) -> Validator {
        if let done = validators[model.name] { return done }
        func outcome(_ check: Check?, _ defaultCode: String) -> TypeValidator.Outcome {
            Self.outcome(check, defaultCode, messages: model.resolvedMessages)
        }
        let fields = model.fields.map { field in
            let validator = validators[field.typeName] ?? compileModel(models[field.typeName]!, models: models, into: &validators)
            return ModelValidator.Field(name: field.name, validator: validator.optional(field.optional))
        }
        let equalChecks = model.checks.compactMap { check -> ModelValidator.EqualCheck? in
            guard case .equal(let equal) = check.kind else { return nil }
            return ModelValidator.EqualCheck(fields: equal.fields, outcome: outcome(check, Equal.code))
        }
        let validator = Validator.model(
            ModelValidator(
                name: model.name, rule: model, fields: fields, equalChecks: equalChecks,
                required: outcome(nil, Required.code), format: outcome(nil, ValueFormat.code)))
        validators[model.name] = validator
        return validator
    }
}

/// The name resolution and sanity checks behind ``RuleSet/compile(types:models:diagnostics:)``.
private struct Compiler {
    let typesByName: [String: TypeRule]
    let modelsByName: [String: ModelRule]
    let types: [TypeRule]
    let models: [ModelRule]
    var resolved: [String: ResolvedType] = [:]
    var resolving: [String] = []
    /// Types whose chain is broken, already reported: each is diagnosed once.
    var unresolvable: Set<String> = []
    var diagnostics: [Diagnostic] = []

    init(types: [TypeRule], models: [ModelRule]) {
        self.types = types
        self.models = models
        typesByName = Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        modelsByName = Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    var allNames: [String] { types.map(\.name) + models.map(\.name) }

    mutating func checkNames() {
        var seen: [String: SourceRange?] = [:]
        for (name, range) in types.map({ ($0.name, $0.range) }) + models.map({ ($0.name, $0.range) }) {
            if let first = seen[name] {
                diagnostics.append(
                    Diagnostic.error("'\(name)' is declared twice", at: range).noting("first declared here", at: first))
            } else {
                seen[name] = range
            }
        }
    }

    /// The type resolved with its bases, or `nil` (with a diagnostic) when a base is unknown or circular.
    mutating func resolve(_ name: String) -> ResolvedType? {
        if let done = resolved[name] { return done }
        guard let declaration = typesByName[name], !unresolvable.contains(name) else { return nil }
        unresolvable.insert(name)  // until resolved below, so a cycle is reported where it closes only
        var base: ResolvedType?
        resolving.append(name)
        defer { resolving.removeLast() }
        if case .named(let baseName, let at) = declaration.base {
            if let cycleStart = resolving.firstIndex(of: baseName) {
                let path = (resolving[cycleStart...] + [baseName]).map { "'\($0)'" }.joined(separator: " → ")
                diagnostics.append(.error("type '\(baseName)' is based on itself: \(path)", at: at))
                return nil
            }
            if modelsByName[baseName] != nil {
                diagnostics.append(.error("type '\(name)' cannot be based on model '\(baseName)'; name a type or a value type", at: at))
                return nil
            }
            guard typesByName[baseName] != nil else {
                diagnostics.append(
                    .error("unknown type '\(baseName)'", at: at, fix: .closest(to: baseName, among: ValueType.allNames + types.map(\.name))))
                return nil
            }
            guard let resolvedBase = resolve(baseName) else { return nil }
            base = resolvedBase
        }
        let type = ResolvedType(declaration, base: base)
        unresolvable.remove(name)
        resolved[name] = type
        return type
    }

    mutating func checkApplicability(_ type: ResolvedType) {
        let note = ("in type '\(type.name)'", type.declaration.range)
        for check in type.declaration.checks {
            let name = check.kind.name
            if name == "equal" {
                diagnostics.append(Diagnostic.error("'equal' compares fields of a model; a type has none", at: check.range).noting(note.0, at: note.1))
            } else if !Check.Kind.valueTypes(of: name).contains(type.valueType) {
                let allowed = Check.Kind.valueTypes(of: name).map(\.rawValue).joined(separator: ", ")
                diagnostics.append(
                    Diagnostic.error("'\(name)' does not apply to \(type.valueType == .integer ? "an" : "a") \(type.valueType.rawValue) value; it applies to \(allowed)", at: check.range)
                        .noting(note.0, at: note.1))
            }
        }
        if type.isOptional, let required = type.checks.first(where: { $0.kind == .required }) {
            diagnostics.append(
                Diagnostic.error("'required' contradicts 'optional: true'; remove one of them", at: required.range)
                    .noting(note.0, at: note.1))
        }
    }

    mutating func checkModel(_ model: ModelRule) {
        let note = ("in model '\(model.name)'", model.range)
        for field in model.fields where typesByName[field.typeName] == nil && modelsByName[field.typeName] == nil {
            diagnostics.append(
                Diagnostic.error("unknown type '\(field.typeName)'", at: field.typeRange, fix: .closest(to: field.typeName, among: allNames))
                    .noting(note.0, at: note.1))
        }
        if let cycle = modelCycle(from: model.name, path: []) {
            diagnostics.append(
                Diagnostic.error("model '\(model.name)' contains itself: \(cycle.map { "'\($0)'" }.joined(separator: " → "))", at: model.range))
        }
        let fieldNames = model.fields.map(\.name)
        for check in model.checks {
            guard case .equal(let equal) = check.kind else {
                diagnostics.append(
                    Diagnostic.error("'\(check.kind.name)' applies to a type's value; put it on the field's type", at: check.range)
                        .noting(note.0, at: note.1))
                continue
            }
            for name in equal.fields where !fieldNames.contains(name) {
                diagnostics.append(
                    Diagnostic.error("'equal' names unknown field '\(name)'", at: check.range, fix: .closest(to: name, among: fieldNames))
                        .noting(note.0, at: note.1))
            }
        }
    }

    /// The chain of models by which `name` contains itself, if it does.
    private func modelCycle(from name: String, path: [String]) -> [String]? {
        if path.first == name { return path + [name] }
        guard !path.contains(name), let model = modelsByName[name] else { return nil }
        for field in model.fields where modelsByName[field.typeName] != nil {
            if let cycle = modelCycle(from: field.typeName, path: path + [name]) { return cycle }
        }
        return nil
    }
}
