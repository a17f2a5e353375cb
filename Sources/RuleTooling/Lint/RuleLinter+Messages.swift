import RuleCore

extension RuleLinter {
    /// The codes `type` reports, with the built-in codes each stands for; a server code stands for itself.
    static func builtins(of type: ResolvedType) -> [String: [CheckCode]] {
        var codes: [String: [CheckCode]] = [:]
        let required = type.checks.first { $0.is(RequiredCheck.self) }
        if !type.isOptional || required != nil {
            codes[required?.code(for: RequiredCheck.codes[0].name) ?? RequiredCheck.codes[0].name, default: []].append(
                RequiredCheck.codes[0])
        }
        if type.valueType != .string { codes[ValueFormat.code.name, default: []].append(ValueFormat.code) }
        for check in type.checks where !check.is(RequiredCheck.self) {
            for code in check.builtinCodes { codes[check.code(for: code.name), default: []].append(code) }
        }
        for code in type.serverCodes { codes[code, default: []].append(.serverOnly(code)) }
        return codes
    }

    /// The codes `model` reports of its own, with the built-in codes each stands for.
    static func builtins(of model: ModelRule) -> [String: [CheckCode]] {
        var codes: [String: [CheckCode]] = [
            RequiredCheck.codes[0].name: [RequiredCheck.codes[0]], ValueFormat.code.name: [ValueFormat.code],
        ]
        let lists = model.fields.compactMap { field in field.list.map { Check($0) } }
        for check in model.checks + lists {
            for code in check.builtinCodes { codes[check.code(for: code.name), default: []].append(code) }
        }
        for code in model.serverCodes { codes[code, default: []].append(.serverOnly(code)) }
        return codes
    }

    func messageDiagnostics(_ resolved: [ResolvedType]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let byName = Dictionary(resolved.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // A type's messages serve the types based on it too: the codes each type's messages may name.
        var codesServed: [String: [String: [CheckCode]]] = [:]
        // NB: a type on a chain with a check that did not load, or serving one that has, may lack codes.
        var servesIncomplete: Set<String> = []
        for type in resolved {
            let codes = Self.builtins(of: type)
            var chain: [String] = []
            var name: String? = type.name
            var steps = 0
            while let current = name, steps <= RuleSet.maximumBaseChain {
                codesServed[current, default: [:]].merge(codes) { $0 + $1 }
                chain.append(current)
                guard case .named(let base, _) = byName[current]?.declaration.base else { break }
                name = base
                steps += 1
            }
            if chain.contains(where: { hasLoadError(inDeclarationAt: byName[$0]?.declaration.range?.start) }) {
                servesIncomplete.formUnion(chain)
            }
        }
        for type in resolved {
            diagnostics += table(
                type.declaration.messages, codes: codesServed[type.name] ?? [:], owner: "type '\(type.name)'",
                complete: !servesIncomplete.contains(type.name))
            for check in type.declaration.checks {
                diagnostics += inline(check)
            }
        }
        for model in models {
            diagnostics += table(
                model.messages, codes: Self.builtins(of: model), owner: "model '\(model.name)'",
                complete: !hasLoadError(inDeclarationAt: model.range?.start))
            for check in model.checks { diagnostics += inline(check) }
        }
        // Each file's defaults serve the types and models declared in it.
        var defaultsByFile: [String: (table: MessageTable, codes: [String: [CheckCode]])] = [:]
        for type in resolved {
            guard let file = type.declaration.range?.start.file else { continue }
            defaultsByFile[file, default: (type.declaration.defaultMessages, [:])].codes.merge(
                codesServed[type.name] ?? [:]
            ) { $0 + $1 }
        }
        for model in models {
            guard let file = model.range?.start.file else { continue }
            defaultsByFile[file, default: (model.defaultMessages, [:])].codes.merge(Self.builtins(of: model)) {
                $0 + $1
            }
        }
        for file in defaultsByFile.keys.sorted() {
            let (table, codes) = defaultsByFile[file]!
            diagnostics += self.table(table, codes: codes, owner: "the types and models of this file")
        }
        return diagnostics
    }

    /// A `messages:` table's codes that `owner` never reports, and placeholders its codes never fill;
    /// the first only when `owner` is `complete`: a check that did not load reports nothing, and its
    /// error already says so.
    private func table(
        _ table: MessageTable, codes: [String: [CheckCode]], owner: String, complete: Bool = true
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for code in table.byCode.keys.sorted(by: { table.ranges[$0]?.start ?? .none < table.ranges[$1]?.start ?? .none }
        ) {
            guard let builtins = codes[code] else {
                guard complete else { continue }
                let known = codes.keys.sorted()
                let fix = Suggestion.closest(to: code, among: known)
                diagnostics.append(
                    .error(
                        "\(owner) reports no code '\(code)', so this message is never shown"
                            + (fix == nil ? "; it reports \(known.map { "'\($0)'" }.joined(separator: ", "))" : ""),
                        at: table.ranges[code], fix: fix))
                continue
            }
            diagnostics += placeholders(table.byCode[code]!, filled: builtins, code: code)
        }
        return diagnostics
    }

    /// The placeholders of a check's own `message:` that none of its codes fill.
    private func inline(_ check: Check) -> [Diagnostic] {
        placeholders(check.messages, filled: check.builtinCodes, code: nil, check: check.name)
    }

    private func placeholders(
        _ templates: MessageTemplates, filled builtins: [CheckCode], code: String?, check: String? = nil
    ) -> [Diagnostic] {
        let filled = Set(builtins.flatMap(\.placeholders))
        var diagnostics: [Diagnostic] = []
        for language in templates.byLanguage.keys.sorted() {
            for name in MessageTemplates.placeholderNames(in: templates.byLanguage[language]!)
            where !filled.contains(String(name)) {
                let what = code.map { "code '\($0)'" } ?? "'\(check ?? "")'"
                let shown = MessageTemplates.placeholders.filter(filled.contains).map { "'{\($0)}'" }
                diagnostics.append(
                    .error(
                        "\(what) never fills '{\(name)}', which would show as written; "
                            + (shown.isEmpty ? "remove it" : "use \(shown.joined(separator: " or ")) or remove it"),
                        at: templates.ranges[language]))
            }
        }
        return diagnostics
    }
}
