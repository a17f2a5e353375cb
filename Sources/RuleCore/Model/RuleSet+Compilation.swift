extension RuleSet {
    /// Resolves names across all files, checks that every rule makes sense for its type, and
    /// compiles every type and model once.
    ///
    /// - Throws: ``RuleSetError`` with every mistake found, not only the first: unknown or
    ///   duplicate names (with "did you mean"), cycles, checks that do not apply to a value type,
    ///   `required` on an optional type, model checks over unknown fields.
    public static func compile(types: [TypeRule], models: [ModelRule]) throws(RuleSetError) -> RuleSet {
        try compile(types: types, models: models, decimalsFitFoundation: false)
    }

    /// As ``compile(types:models:)``; with `decimalsFitFoundation`, a decimal value that Foundation's
    /// `Decimal` cannot hold exactly (more than 38 significant digits) is `invalidFormat`, since the
    /// generated code that asks for this holds decimals as `Decimal` and must never trap or round.
    static func compile(
        types: [TypeRule], models: [ModelRule], decimalsFitFoundation: Bool
    ) throws(RuleSetError) -> RuleSet {
        try compile(types: types, models: models, declaredElsewhere: [], decimalsFitFoundation: decimalsFitFoundation)
    }

    /// As ``compile(types:models:)``, where `declaredElsewhere` holds the names a rule file that
    /// could not be read may declare: a type or field naming one is no "unknown type", since that
    /// would follow from the file's own error (no cascade); it is left out of the checks instead.
    package static func compile(
        types: [TypeRule], models: [ModelRule], declaredElsewhere: Set<String>, decimalsFitFoundation: Bool = false,
        customChecks: CustomChecks = CustomChecks(), declarations: [CustomCheckDeclaration] = []
    ) throws(RuleSetError) -> RuleSet {
        var unimplemented: [Diagnostic] = []
        let types = implementing(types, with: customChecks, missing: &unimplemented)
        var compiler = Compiler(types: types, models: models)
        compiler.diagnostics = unimplemented
        compiler.declaredElsewhere = declaredElsewhere
        compiler.checkNames()
        let resolved = types.compactMap { compiler.resolve($0.name) }
        resolved.forEach { compiler.checkApplicability($0) }
        // NB: a type whose base is unknown or circular still has what it says of itself checked.
        for type in types where compiler.resolved[type.name] == nil { compiler.checkOwn(type) }
        models.forEach { compiler.checkModel($0) }
        compiler.checkModelNesting()
        guard compiler.diagnostics.isEmpty else { throw RuleSetError(diagnostics: compiler.diagnostics) }
        var validators: [String: Validator] = [:]
        for type in resolved {
            validators[type.name] = .type(compileType(type, decimalsFitFoundation: decimalsFitFoundation))
        }
        for model in models { compileModel(model, models: compiler.modelsByName, into: &validators) }
        var declared = declarations
        for type in types {
            for check in type.checks {
                if let custom = check.custom, !declared.contains(custom.declaration) {
                    declared.append(custom.declaration)
                }
            }
        }
        return RuleSet(types: resolved, models: models, validators: validators, customChecks: declared)
    }

    /// As ``compile(types:models:)``, with `customChecks` giving the implementation of each custom
    /// check that `types` use and do not carry one of: a custom check with neither does not compile.
    public static func compile(
        types: [TypeRule], models: [ModelRule], customChecks: CustomChecks
    ) throws(RuleSetError) -> RuleSet {
        try compile(types: types, models: models, declaredElsewhere: [], customChecks: customChecks)
    }

    /// `types` with each use of a custom check given its implementation from `customChecks`; a use
    /// left with none is an error in `missing`, once a check, unless `customChecks` is declarations only.
    private static func implementing(
        _ types: [TypeRule], with customChecks: CustomChecks, missing: inout [Diagnostic]
    ) -> [TypeRule] {
        var reported: Set<String> = []
        return types.map { type in
            var type = type
            for index in type.checks.indices {
                guard var custom = type.checks[index].custom, custom.implementation == nil else { continue }
                let name = custom.declaration.name
                custom.implementation = customChecks.implementations[name]
                type.checks[index].descriptor = custom
                if custom.implementation == nil, !customChecks.declarationsOnly, reported.insert(name).inserted {
                    missing.append(
                        Diagnostic.error(
                            "custom check '\(name)' has no implementation; "
                                + CustomCheckDescriptor.howToRegister(name), at: type.checks[index].range
                        ).noting("declared here", at: custom.declaration.range))
                }
            }
            return type
        }
    }

    /// The outcomes of a type or model, each at its index: `required` (as `required` renames it),
    /// `invalidFormat`, then the codes of `checks` in their order, grouped by check, then `serverCodes`.
    private static func outcomes(
        owner: String, required: Check?, checks: [Check], serverCodes: [String], messages: MessageTable,
        isSensitive: Bool = false
    ) -> (all: [Outcome], byCheck: [CheckOutcomes]) {
        var all: [Outcome] = []
        func outcome(_ check: Check?, _ builtin: CheckCode) -> Outcome {
            let outcome = Outcome(
                code: check?.code(for: builtin.name) ?? builtin.name, builtin: builtin,
                templates: messages.templates(for: check, defaultCode: builtin.name), check: check, index: all.count,
                isSensitive: isSensitive, owner: owner)
            all.append(outcome)
            return outcome
        }
        _ = outcome(required, RequiredCheck.codes[0])
        _ = outcome(nil, ValueFormat.code)
        let byCheck = checks.map { check in
            CheckOutcomes(check: check, outcomes: check.builtinCodes.map { outcome(check, $0) })
        }
        for code in serverCodes {
            all.append(
                Outcome(
                    code: code, builtin: CheckCode.serverOnly(code), templates: messages[code], check: nil,
                    index: all.count, isSensitive: isSensitive, owner: owner, isServerOnly: true))
        }
        return (all, byCheck)
    }

    /// The types of `types` that resolve and whose checks apply to their values, each with its
    /// validator, whatever else is wrong: what ``RuleLinter`` reasons about. `compile` reports the rest.
    package static func lintableTypes(
        types: [TypeRule], models: [ModelRule], leavingOutWrongChecks: Bool = false
    ) -> [(type: ResolvedType, validator: TypeValidator)] {
        var compiler = Compiler(types: types, models: models)
        return types.compactMap { declaration in
            guard let type = compiler.resolve(declaration.name) else { return nil }
            let before = compiler.diagnostics.count
            compiler.checkApplicability(type)
            guard compiler.diagnostics.count != before else { return (type, compileType(type)) }
            // NB: with `leavingOutWrongChecks`, a check that does not apply is left out, so that lint
            // still reasons about the rest (a `range` no integer passes beside a `notOneOf` of texts):
            // the rest allow at least the values the whole type allows, so what no value can pass
            // without it, none can with it.
            guard leavingOutWrongChecks else { return nil }
            let wrong = compiler.diagnostics[before...].map(\.range)
            guard wrong.allSatisfy({ range in range != nil && declaration.checks.contains { $0.range == range } })
            else { return nil }
            var reduced = declaration
            reduced.checks.removeAll { wrong.contains($0.range) }
            var base: ResolvedType?
            if case .named(let name, _) = declaration.base { base = compiler.resolve(name) }
            let rest = ResolvedType(reduced, base: base)
            return (rest, compileType(rest))
        }
    }

    /// The part of a set of rules that compiles whatever else is wrong: each type that resolves and
    /// whose checks apply, and each model whose own checks are right and whose fields' types and models
    /// all compile. What `rulecheck lint` checks spec cases against when the rules do not load.
    package static func compilablePart(types: [TypeRule], models: [ModelRule]) -> RuleSet {
        let lintable = lintableTypes(types: types, models: models)
        var validators: [String: Validator] = [:]
        var resolved: [ResolvedType] = []
        for (type, validator) in lintable where validators[type.name] == nil {
            validators[type.name] = .type(validator)
            resolved.append(type)
        }
        let unique = Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var sound: [String: ModelRule] = [:]
        for model in unique.values {
            var compiler = Compiler(types: types, models: models)
            compiler.checkModel(model)
            if compiler.diagnostics.isEmpty { sound[model.name] = model }
        }
        // NB: a model compiles once every field's type or model does; a cycle of models never does.
        var ready: [String: ModelRule] = [:]
        var changed = true
        while changed {
            changed = false
            for model in sound.values where ready[model.name] == nil {
                let fieldsReady = model.fields.allSatisfy { field in
                    if case .type = validators[field.typeName] { return true }
                    return ready[field.typeName] != nil
                }
                if fieldsReady {
                    ready[model.name] = model
                    changed = true
                }
            }
        }
        var orderedModels: [ModelRule] = []
        for model in models where ready[model.name] != nil && !orderedModels.contains(where: { $0.name == model.name })
        {
            compileModel(ready[model.name]!, models: ready, into: &validators)
            orderedModels.append(ready[model.name]!)
        }
        return RuleSet(types: resolved, models: orderedModels, validators: validators)
    }

    private static func compileType(_ type: ResolvedType, decimalsFitFoundation: Bool = false) -> TypeValidator {
        let (all, byCheck) = outcomes(
            owner: type.name, required: type.checks.first { $0.is(RequiredCheck.self) }, checks: type.checksInRunOrder,
            serverCodes: type.serverCodes, messages: type.messages, isSensitive: type.isSensitive)
        let compiled = byCheck.map { entry in
            (entry.check.descriptor as! any ValueCheck).compile(for: type.valueType, outcomes: entry.outcomes)
        }
        return TypeValidator(
            rule: type, outcomes: all, checkOutcomes: byCheck, checks: compiled,
            decimalsFitFoundation: decimalsFitFoundation && type.valueType == .decimal)
    }

    @discardableResult
    private static func compileModel(
        _ model: ModelRule, models: [String: ModelRule], into validators: inout [String: Validator]
    ) -> Validator {
        if let done = validators[model.name] { return done }
        let lists = model.fields.compactMap { field in field.list.map { Check($0, at: field.range) } }
        let (all, byCheck) = outcomes(
            owner: model.name, required: nil, checks: model.checks + lists, serverCodes: model.serverCodes,
            messages: model.resolvedMessages)
        let checkOutcomes = Array(byCheck.prefix(model.checks.count))
        var listOutcomes = byCheck.dropFirst(model.checks.count).makeIterator()
        let fields = model.fields.map { field in
            let validator =
                validators[field.typeName] ?? compileModel(models[field.typeName]!, models: models, into: &validators)
            let isSensitive = field.sensitive ?? false
            guard let list = field.list, let entry = listOutcomes.next() else {
                return ModelValidator.Field(
                    name: field.name, validator: validator.optional(field.optional), isSensitive: isSensitive)
            }
            return ModelValidator.Field(
                name: field.name, validator: validator,
                list: (list.compile(items: validator, outcomes: entry.outcomes), field.optional ?? false),
                isSensitive: isSensitive)
        }
        let checks = checkOutcomes.map { entry in
            (entry.check.descriptor as! any ModelCheck).compile(outcomes: entry.outcomes)
        }
        let validator = Validator.model(
            ModelValidator(rule: model, outcomes: all, checkOutcomes: checkOutcomes, fields: fields, checks: checks))
        validators[model.name] = validator
        return validator
    }
}

/// The name resolution and sanity checks behind ``RuleSet/compile(types:models:)``.
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
    var suggestionsLeft = Suggestion.lookUpLimit
    /// Names a rule file that could not be read may declare: not reported as unknown.
    var declaredElsewhere: Set<String> = []

    /// What an unknown base type may have meant: the value types, then every type.
    let baseNames: [String]
    /// What an unknown field type may have meant: every type, then every model.
    let allNames: [String]

    init(types: [TypeRule], models: [ModelRule]) {
        self.types = types
        self.models = models
        typesByName = Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        modelsByName = Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        baseNames = ValueType.allNames + types.map(\.name)
        allNames = types.map(\.name) + models.map(\.name)
    }

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

    /// The type resolved with its bases, or `nil` (with a diagnostic) when a base is unknown or
    /// circular, or the chain of bases is longer than ``RuleSet/maximumBaseChain``.
    mutating func resolve(_ name: String) -> ResolvedType? {
        if let done = resolved[name] { return done }
        guard let declaration = typesByName[name], !unresolvable.contains(name) else { return nil }
        unresolvable.insert(name)  // until resolved below, so a cycle is reported where it closes only
        var base: ResolvedType?
        resolving.append(name)
        defer { resolving.removeLast() }
        if case .named(let baseName, let at) = declaration.base {
            // NB: checked before recursing, so that a long chain written root last cannot exhaust the
            // stack; the chain of the type whose resolution started this recursion is too long.
            guard resolving.count <= RuleSet.maximumBaseChain else {
                let outermost = typesByName[resolving[0]]!
                guard case .named(_, let outermostRange) = outermost.base else { return nil }
                diagnostics.append(chainTooLong(outermost.name, at: outermostRange))
                return nil
            }
            if let cycleStart = resolving.firstIndex(of: baseName) {
                let path = (resolving[cycleStart...] + [baseName]).map { "'\($0)'" }.joined(separator: " → ")
                diagnostics.append(.error("type '\(baseName)' is based on itself: \(path)", at: at))
                return nil
            }
            if modelsByName[baseName] != nil {
                diagnostics.append(
                    .error("type '\(name)' cannot be based on model '\(baseName)'; name a type or a value type", at: at)
                )
                return nil
            }
            guard typesByName[baseName] != nil else {
                if declaredElsewhere.contains(baseName) { return nil }
                let fix = suggestion(for: baseName, among: baseNames)
                diagnostics.append(.error("unknown type '\(baseName)'", at: at, fix: fix))
                return nil
            }
            guard let resolvedBase = resolve(baseName) else { return nil }
            guard resolvedBase.chainLength < RuleSet.maximumBaseChain else {
                diagnostics.append(chainTooLong(name, at: at))
                return nil
            }
            base = resolvedBase
        }
        let type = ResolvedType(declaration, base: base)
        unresolvable.remove(name)
        resolved[name] = type
        return type
    }

    /// The closest of `candidates` to `name`, while look-ups are left.
    private mutating func suggestion(for name: String, among candidates: [String]) -> Suggestion? {
        guard suggestionsLeft > 0 else { return nil }
        suggestionsLeft -= 1
        return .closest(to: name, among: candidates)
    }

    private func chainTooLong(_ name: String, at range: SourceRange?) -> Diagnostic {
        .error(
            "type '\(name)' has more than \(RuleSet.maximumBaseChain) types in its chain of bases; "
                + "base it on a type nearer the value type", at: range)
    }

    mutating func checkApplicability(_ type: ResolvedType) {
        let note = ("in type '\(type.name)'", type.declaration.range)
        for check in type.declaration.checks {
            guard case .values(let valueTypes) = check.scope else {
                diagnostics.append(
                    Diagnostic.error("'\(check.name)' compares fields of a model; a type has none", at: check.range)
                        .noting(note.0, at: note.1))
                continue
            }
            if valueTypes.contains(type.valueType) {
                for problem in (check.descriptor as? any ValueCheck)?.problems(for: type.valueType) ?? [] {
                    diagnostics.append(
                        Diagnostic.error(problem.message, at: check.range, fix: problem.fix).noting(note.0, at: note.1))
                }
            } else {
                let allowed = ValueType.allCases.filter(valueTypes.contains).map(\.rawValue).joined(separator: ", ")
                diagnostics.append(
                    Diagnostic.error(
                        "'\(check.name)' does not apply to \(type.valueType == .integer ? "an" : "a") \(type.valueType.rawValue) value; it applies to \(allowed)",
                        at: check.range
                    )
                    .noting(note.0, at: note.1))
            }
        }
        // NB: one rule for a type and a field: `optional: true` on a type based on one that is
        // `required` makes it optional, as it does on a field of that type; only a type that is
        // both itself contradicts itself.
        if type.isOptional, let required = type.declaration.checks.first(where: { $0.is(RequiredCheck.self) }) {
            diagnostics.append(
                Diagnostic.error("'required' contradicts 'optional: true'; remove one of them", at: required.range)
                    .noting(note.0, at: note.1))
        }
        checkServerCodes(
            type.declaration.serverCodes, ranges: type.declaration.serverCodeRanges, checkCodes: type.codes,
            messages: type.messages, note: note)
        // NB: a base's server code is checked where the base declares it, but a check added here may take its code.
        for check in type.declaration.checks {
            let codes = check.builtinCodes.map { check.code(for: $0.name) }
            for code in type.serverCodes where codes.contains(code) && !type.declaration.serverCodes.contains(code) {
                diagnostics.append(
                    Diagnostic.error(
                        "server code '\(code)' of a base type is also this check's code; a server code is one no check reports",
                        at: check.range
                    ).noting(note.0, at: note.1))
            }
        }
    }

    /// What can be checked of a type whose base did not resolve, without its value type: a model's
    /// check on it, and `required` beside its own `optional: true`.
    mutating func checkOwn(_ declaration: TypeRule) {
        let note = ("in type '\(declaration.name)'", declaration.range)
        // NB: whatever the base's value type, it is one that every check before applies to.
        var possible = Set(ValueType.allCases)
        var first: Check?
        for check in declaration.checks {
            guard case .values(let valueTypes) = check.scope else {
                diagnostics.append(
                    Diagnostic.error("'\(check.name)' compares fields of a model; a type has none", at: check.range)
                        .noting(note.0, at: note.1))
                continue
            }
            if let first, possible.isDisjoint(with: valueTypes) {
                diagnostics.append(
                    Diagnostic.error(
                        "'\(check.name)' and '\(first.name)' apply to no value type together, whatever the base type is",
                        at: check.range
                    ).noting(note.0, at: note.1))
                continue
            }
            possible.formIntersection(valueTypes)
            if first == nil { first = check }
        }
        if declaration.optional == true, let required = declaration.checks.first(where: { $0.is(RequiredCheck.self) }) {
            diagnostics.append(
                Diagnostic.error("'required' contradicts 'optional: true'; remove one of them", at: required.range)
                    .noting(note.0, at: note.1))
        }
    }

    /// Each of `codes` (a type's or model's `serverCodes:`) is its own: no built-in code's name, no
    /// code a check reports, and an English message, which every other language falls back to.
    private mutating func checkServerCodes(
        _ codes: [String], ranges: [String: SourceRange], checkCodes: [String], messages: MessageTable,
        note: (String, SourceRange?)
    ) {
        for code in codes {
            let range = ranges[code]
            if BuiltinMessages.table.byCode[code] != nil {
                diagnostics.append(
                    Diagnostic.error(
                        "server code '\(code)' is a built-in code; name it for what the server found, such as 'emailTaken'",
                        at: range
                    ).noting(note.0, at: note.1))
            } else if checkCodes.contains(code) {
                diagnostics.append(
                    Diagnostic.error(
                        "server code '\(code)' is also a check's code here; a server code is one no check reports",
                        at: range
                    ).noting(note.0, at: note.1))
            } else if messages[code].byLanguage["en"] == nil {
                diagnostics.append(
                    Diagnostic.error(
                        "server code '\(code)' has no English message; add one under 'messages:', such as "
                            + "\(code): { en: \"…\", ja: \"…\" }", at: range
                    ).noting(note.0, at: note.1))
            }
        }
    }

    mutating func checkModel(_ model: ModelRule) {
        let note = ("in model '\(model.name)'", model.range)
        for field in model.fields
        where typesByName[field.typeName] == nil && modelsByName[field.typeName] == nil
            && !declaredElsewhere.contains(field.typeName)
        {
            let fix = suggestion(for: field.typeName, among: allNames)
            diagnostics.append(
                Diagnostic.error("unknown type '\(field.typeName)'", at: field.typeRange, fix: fix).noting(
                    note.0, at: note.1))
        }
        for field in model.fields where field.list != nil {
            guard let type = resolve(field.typeName), type.isOptional else { continue }
            diagnostics.append(
                Diagnostic.error(
                    "field '\(field.name)' lists '\(type.name)', which is optional, but an empty item has no place in a "
                        + "list; list a type that is not optional", at: field.typeRange
                ).noting(note.0, at: note.1))
        }
        let checkCodes = model.checks.flatMap { check in check.builtinCodes.map { check.code(for: $0.name) } }
        checkServerCodes(
            model.serverCodes, ranges: model.serverCodeRanges, checkCodes: checkCodes,
            messages: model.resolvedMessages, note: note)
        let fieldNames = model.fields.map(\.name)
        for check in model.checks {
            guard let modelCheck = check.descriptor as? any ModelCheck else {
                diagnostics.append(
                    Diagnostic.error(
                        "'\(check.name)' applies to a type's value; put it on the field's type", at: check.range
                    )
                    .noting(note.0, at: note.1))
                continue
            }
            for name in modelCheck.fields where !fieldNames.contains(name) {
                let fix = suggestion(for: name, among: fieldNames)
                diagnostics.append(
                    Diagnostic.error("'\(check.name)' names unknown field '\(name)'", at: check.range, fix: fix).noting(
                        note.0, at: note.1))
            }
            for mistake in modelCheck.mistakes(given: fieldContents(of: model)) {
                diagnostics.append(Diagnostic.error(mistake, at: check.range).noting(note.0, at: note.1))
            }
        }
    }

    /// What each field of `model` holds whose type or model is known.
    private mutating func fieldContents(of model: ModelRule) -> [String: FieldContent] {
        var contents: [String: FieldContent] = [:]
        for field in model.fields {
            if field.list != nil {
                contents[field.name] = .list
            } else if modelsByName[field.typeName] != nil {
                contents[field.name] = .record
            } else if let type = resolve(field.typeName) {
                contents[field.name] = .value(type.valueType)
            }
        }
        return contents
    }

    /// Reports each model that contains itself, once, with the chain that leads back to it, and the
    /// first model that nests models deeper than ``RuleSet/maximumModelNesting``.
    ///
    /// NB: one depth-first walk over every field, with an explicit stack: the heights it memoizes keep
    /// a chain of diamonds linear, and no chain of models, however long, can exhaust the stack.
    mutating func checkModelNesting() {
        var heights: [String: Int] = [:]
        var onPath: [String: Int] = [:]
        var reported: Set<String> = []
        for root in models where heights[root.name] == nil && onPath[root.name] == nil {
            // Each frame: a model, its next field to visit, and the height of what it contains so far.
            var path: [(model: ModelRule, next: Int, height: Int)] = [(root, 0, 1)]
            onPath[root.name] = 0
            while let top = path.indices.last {
                let model = path[top].model
                guard path[top].next < model.fields.count else {
                    let height = path.removeLast().height
                    onPath[model.name] = nil
                    heights[model.name] = height
                    if let parent = path.indices.last { path[parent].height = max(path[parent].height, height + 1) }
                    continue
                }
                let field = model.fields[path[top].next]
                path[top].next += 1
                guard let child = modelsByName[field.typeName] else { continue }
                if let height = heights[child.name] {
                    path[top].height = max(path[top].height, height + 1)
                } else if let start = onPath[child.name] {
                    if reported.insert(child.name).inserted {
                        diagnostics.append(cycle(path[start...].map(\.model.name) + [child.name], at: child.range))
                    }
                } else {
                    onPath[child.name] = path.count
                    path.append((child, 0, 1))
                }
            }
        }
        if let deep = models.first(where: { heights[$0.name, default: 0] > RuleSet.maximumModelNesting }) {
            diagnostics.append(
                .error(
                    "model '\(deep.name)' nests models \(heights[deep.name]!) deep, more than the limit of "
                        + "\(RuleSet.maximumModelNesting); flatten it", at: deep.range))
        }
    }

    /// "model 'A' contains itself: 'A' → 'B' → 'A'", with a long chain shortened in its middle.
    private func cycle(_ names: [String], at range: SourceRange?) -> Diagnostic {
        let quoted = names.map { "'\($0)'" }
        let shown = quoted.count <= 16 ? quoted : quoted.prefix(8) + ["…"] + quoted.suffix(8)
        return .error("model '\(names[0])' contains itself: \(shown.joined(separator: " → "))", at: range)
    }
}
