import RuleCore

/// The `x-rulecheck-*` keywords of an exported schema: everything a type or model means, so
/// that another implementation can enforce the rules exactly from the schema alone, whatever
/// the standard keywords could say. `docs/export.md` describes each keyword.
enum RulecheckKeywords {
    /// The keywords of a type: its value type, normalizers, optionality, the outcomes of an
    /// absent or unreadable value, and its checks in the order they run.
    static func of(_ type: ResolvedType, _ validator: Validator) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = [.init("x-rulecheck-type", .string(type.valueType.rawValue))]
        if !type.normalizers.isEmpty {
            members.append(.init("x-rulecheck-normalize", .array(type.normalizers.map { .string($0.rawValue) })))
        }
        if type.isOptional { members.append(.init("x-rulecheck-optional", true)) }
        if type.isSensitive { members.append(.init("x-rulecheck-sensitive", true)) }
        members.append(
            .init(
                "x-rulecheck-required",
                outcome(validator.outcomes.required, extra: [.init("rejectsEmpty", .bool(type.hasRequiredCheck))])))
        members.append(.init("x-rulecheck-format", outcome(validator.outcomes.format)))
        if !validator.checkOutcomes.isEmpty {
            members.append(.init("x-rulecheck-checks", .array(validator.checkOutcomes.map(check))))
        }
        return members + serverCodes(validator)
    }

    /// The keywords of a model: its fields in order, the outcomes of an absent record or of text
    /// given for one, and its checks across fields.
    static func of(_ model: ModelRule, _ validator: Validator) -> [JSONValue.Member] {
        let fields = model.fields.map { field -> JSONValue in
            var members: [JSONValue.Member] = [
                .init("name", .string(field.name)), .init("type", .string(field.typeName)),
            ]
            if let optional = field.optional { members.append(.init("optional", .bool(optional))) }
            if let sensitive = field.sensitive { members.append(.init("sensitive", .bool(sensitive))) }
            if let list = field.list {
                var entry: [JSONValue.Member] = []
                for (name, value) in list.arguments where name != "field" { entry.append(.init(name, json(value))) }
                let outcomes = validator.outcomes.filter { ($0.check?.descriptor as? ListCheck)?.field == field.name }
                entry.append(.init("codes", .object(outcomes.map { JSONValue.Member($0.builtinCode, outcome($0)) })))
                members.append(.init("list", .object(entry)))
            }
            return .object(members)
        }
        var members: [JSONValue.Member] = [
            .init("x-rulecheck-type", "model"),
            .init("x-rulecheck-fields", .array(fields)),
            .init("x-rulecheck-required", outcome(validator.outcomes.required)),
            .init("x-rulecheck-format", outcome(validator.outcomes.format)),
        ]
        if !validator.checkOutcomes.isEmpty {
            members.append(.init("x-rulecheck-checks", .array(validator.checkOutcomes.map(check))))
        }
        return members + serverCodes(validator)
    }

    /// `x-rulecheck-server-codes`: the outcomes of its `serverCodes:`, in order; none when it has none.
    private static func serverCodes(_ validator: Validator) -> [JSONValue.Member] {
        let outcomes = validator.outcomes.serverOnly
        return outcomes.isEmpty ? [] : [.init("x-rulecheck-server-codes", .array(outcomes.map { outcome($0) }))]
    }

    /// A check with its parameters as written and an outcome for each of its default codes.
    private static func check(_ entry: CheckOutcomes) -> JSONValue {
        var members: [JSONValue.Member] = [.init("check", .string(Swift.type(of: entry.check.descriptor).name))]
        if let custom = entry.check.custom { members.append(.init("name", .string(custom.declaration.name))) }
        for (name, value) in entry.check.descriptor.arguments { members.append(.init(name, json(value))) }
        let codes = entry.outcomes.map { JSONValue.Member($0.builtinCode, outcome($0)) }
        members.append(.init("codes", .object(codes)))
        return .object(members)
    }

    /// `x-rulecheck-custom`: each custom check the rules declare (format 1.3), by name, with the value
    /// type it applies to, its code and its description; none when they declare none.
    static func customChecks(_ rules: RuleSet) -> [JSONValue.Member] {
        guard !rules.customChecks.isEmpty else { return [] }
        let declarations = rules.customChecks.map { declaration in
            JSONValue.Member(
                declaration.name,
                .object([
                    .init("applies", .string(declaration.applies.rawValue)), .init("code", .string(declaration.code)),
                    .init("description", .string(declaration.summary)),
                ]))
        }
        return [.init("x-rulecheck-custom", .object(declarations))]
    }

    /// A parameter's value as JSON.
    ///
    /// NB: decimal numbers as text, so that no JSON parser rounds a decimal bound through a double.
    private static func json(_ value: ParameterValue) -> JSONValue {
        switch value {
        case .integer(let number): .integer(number)
        case .decimal(let number): .string(number.description)
        case .boolean(let flag): .bool(flag)
        case .text(let text): .string(text)
        case .texts(let texts): .array(texts.map(JSONValue.string))
        case .date(let bound): .string(bound.description)
        case .pattern(let pattern): .string(pattern.source)
        }
    }

    /// `{"code": …, "messages": {language: template}}`: what a violation reports for `outcome`.
    private static func outcome(_ outcome: Outcome, extra: [JSONValue.Member] = []) -> JSONValue {
        let templates = outcome.templates.byLanguage.sorted { $0.key < $1.key }.map {
            JSONValue.Member($0.key, .string($0.value))
        }
        return .object([.init("code", .string(outcome.code)), .init("messages", .object(templates))] + extra)
    }
}
