import RuleCore

/// The `x-rulecheck-*` keywords of an exported schema: everything a type or model means, so
/// that another implementation can enforce the rules exactly from the schema alone, whatever
/// the standard keywords could say. `docs/export.md` describes each keyword.
enum RulecheckKeywords {
    /// The keywords of a type: its value type, normalizers, optionality, the outcomes of an
    /// absent or unreadable value, and its checks in the order they run.
    static func of(_ type: ResolvedType) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = [.init("x-rulecheck-type", .string(type.valueType.rawValue))]
        if !type.normalizers.isEmpty {
            members.append(.init("x-rulecheck-normalize", .array(type.normalizers.map { .string($0.rawValue) })))
        }
        if type.isOptional { members.append(.init("x-rulecheck-optional", true)) }
        let required = type.checks.first { $0.kind == .required }
        members.append(
            .init(
                "x-rulecheck-required",
                outcome(
                    required, Required.code, messages: type.messages,
                    extra: [.init("rejectsEmpty", .bool(required != nil))])))
        members.append(.init("x-rulecheck-format", outcome(nil, ValueFormat.code, messages: type.messages)))
        let checks = type.checksInRunOrder
        if !checks.isEmpty {
            members.append(.init("x-rulecheck-checks", .array(checks.map { check($0, messages: type.messages) })))
        }
        return members
    }

    /// The keywords of a model: its fields in order, the outcomes of an absent record or of text
    /// given for one, and its checks across fields.
    static func of(_ model: ModelRule) -> [JSONValue.Member] {
        let messages = model.resolvedMessages
        let fields = model.fields.map { field -> JSONValue in
            var members: [JSONValue.Member] = [
                .init("name", .string(field.name)), .init("type", .string(field.typeName)),
            ]
            if let optional = field.optional { members.append(.init("optional", .bool(optional))) }
            return .object(members)
        }
        var members: [JSONValue.Member] = [
            .init("x-rulecheck-type", "model"),
            .init("x-rulecheck-fields", .array(fields)),
            .init("x-rulecheck-required", outcome(nil, Required.code, messages: messages)),
            .init("x-rulecheck-format", outcome(nil, ValueFormat.code, messages: messages)),
        ]
        if !model.checks.isEmpty {
            members.append(.init("x-rulecheck-checks", .array(model.checks.map { check($0, messages: messages) })))
        }
        return members
    }

    /// A check with its parameters as written and an outcome for each of its default codes.
    private static func check(_ check: Check, messages: MessageTable) -> JSONValue {
        var members: [JSONValue.Member] = [.init("check", .string(check.kind.name))]
        switch check.kind {
        case .required, .email:
            break
        case .length(let length):
            if let min = length.min { members.append(.init("min", .integer(min))) }
            if let max = length.max { members.append(.init("max", .integer(max))) }
            members.append(.init("unit", .string(length.unit.rawValue)))
        case .pattern(let pattern):
            members.append(.init("regex", .string(pattern.source)))
        case .oneOf(let oneOf):
            members.append(.init("values", .array(oneOf.values.map(JSONValue.string))))
        case .range(let range):
            // NB: bounds as text, so that no JSON parser rounds a decimal bound through a double.
            if let min = range.min { members.append(.init("min", .string(min.description))) }
            if let max = range.max { members.append(.init("max", .string(max.description))) }
        case .notBefore(let bound), .notAfter(let bound):
            members.append(.init("date", .string(bound.description)))
        case .equal(let equal):
            members.append(.init("fields", .array(equal.fields.map(JSONValue.string))))
        }
        let codes = check.kind.defaultCodes.map { JSONValue.Member($0, outcome(check, $0, messages: messages)) }
        members.append(.init("codes", .object(codes)))
        return .object(members)
    }

    /// `{"code": …, "messages": {language: template}}`: what a violation reports under `defaultCode`.
    private static func outcome(
        _ check: Check?, _ defaultCode: String, messages: MessageTable, extra: [JSONValue.Member] = []
    ) -> JSONValue {
        let outcome = Outcome(check, defaultCode, messages: messages)
        let templates = outcome.templates.byLanguage.sorted { $0.key < $1.key }.map {
            JSONValue.Member($0.key, .string($0.value))
        }
        return .object([.init("code", .string(outcome.code)), .init("messages", .object(templates))] + extra)
    }
}
