import RuleCore

extension SchemaBuilder {
    /// A model's definition: an object with a property per field and the fields that may not be
    /// left out, then its `x-rulecheck-*` keywords.
    ///
    /// NB: no `additionalProperties: false`: a model ignores fields it does not declare, so the
    /// schema must accept them too.
    mutating func modelSchema(_ model: ModelRule) -> JSONValue {
        let note = Diagnostic.note("in model '\(model.name)'", at: model.range)
        var members: [JSONValue.Member] = []
        if let summary = model.summary { members.append(.init("description", .string(summary))) }
        members.append(.init("type", "object"))
        var properties: [JSONValue.Member] = []
        var required: [JSONValue] = []
        for field in model.fields {
            let type = rules.types.first { $0.name == field.typeName }
            let isOptional = field.optional ?? type?.isOptional ?? false
            if !isOptional { required.append(.string(field.name)) }
            properties.append(
                .init(field.name, fieldSchema(field, of: type, isOptional: isOptional, in: model, note: note)))
        }
        members.append(.init("properties", .object(properties)))
        if !required.isEmpty { members.append(.init("required", .array(required))) }
        for check in model.checks {
            approximate(
                model.name, "JSON Schema cannot compare fields; only 'x-rulecheck-checks' carries it", at: check.range,
                note: note)
        }
        return .object(members + RulecheckKeywords.of(model, rules.validator(named: model.name)!))
    }

    /// A reference to the field's type or model, with null and `""` allowed when the field makes
    /// an optional field of a type (or model) that is not optional, and null refused in the reverse case.
    private mutating func fieldSchema(
        _ field: ModelRule.Field, of type: ResolvedType?, isOptional: Bool, in model: ModelRule, note: Diagnostic
    ) -> JSONValue {
        let reference = reference(to: field.typeName)
        guard isOptional != (type?.isOptional ?? false) else { return reference }
        if isOptional {
            // NB: text is not a model's value, so `""` is a violation for a model, not an empty value.
            let empty: [JSONValue] = type == nil ? [] : [.object([.init("const", "")])]
            return .object([.init("anyOf", .array([.object([.init("type", "null")])] + empty + [reference]))])
        }
        if let type, type.valueType != .string || !type.checksInRunOrder.isEmpty {
            approximate(
                model.name,
                "field '\(field.name)' may not be empty, but its type '\(type.name)' is optional and its schema accepts \"\"; "
                    + "only 'x-rulecheck-fields' carries it", at: field.range, note: note)
        }
        return .object([.init("allOf", [reference]), .init("not", .object([.init("type", "null")]))])
    }
}
