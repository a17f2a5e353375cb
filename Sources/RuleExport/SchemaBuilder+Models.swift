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
            if let list = field.list {
                let isOptional = field.optional ?? false
                if !isOptional { required.append(.string(field.name)) }
                properties.append(.init(field.name, listSchema(list, of: field, isOptional: isOptional, in: model)))
                continue
            }
            let type = rules.types.first { $0.name == field.typeName }
            let isOptional = field.optional ?? type?.isOptional ?? false
            if !isOptional { required.append(.string(field.name)) }
            properties.append(
                .init(field.name, fieldSchema(field, of: type, isOptional: isOptional, in: model, note: note)))
        }
        members.append(.init("properties", .object(properties)))
        if !required.isEmpty { members.append(.init("required", .array(required))) }
        var conditionals: [JSONValue] = []
        for check in model.checks {
            if let requiredIf = check.descriptor as? RequiredIfCheck {
                if let conditional = conditional(requiredIf, in: model) {
                    conditionals.append(conditional)
                } else {
                    approximate(
                        model.name,
                        "JSON Schema's 'if' cannot say when '\(requiredIf.when)' has a value"
                            + (requiredIf.equals.map { " equal to '\($0)'" } ?? "")
                            + " or '\(requiredIf.field)' has none, after normalization; only 'x-rulecheck-checks' carries it",
                        at: check.range, note: note)
                }
                continue
            }
            approximate(
                model.name, "JSON Schema cannot compare fields; only 'x-rulecheck-checks' carries it", at: check.range,
                note: note)
        }
        if conditionals.count == 1, case .object(let condition) = conditionals[0] {
            members += condition
        } else if !conditionals.isEmpty {
            members.append(.init("allOf", .array(conditionals)))
        }
        return .object(members + RulecheckKeywords.of(model, rules.validator(named: model.name)!))
    }

    /// A list field: an array of its items' definition within its counts, or null when optional;
    /// `unique` compares normalized values, which JSON Schema's `uniqueItems` cannot, so it warns.
    private mutating func listSchema(
        _ list: ListCheck, of field: ModelRule.Field, isOptional: Bool, in model: ModelRule
    ) -> JSONValue {
        var members: [JSONValue.Member] = [.init("type", "array"), .init("items", reference(to: field.typeName))]
        if let min = list.minItems { members.append(.init("minItems", .integer(min))) }
        if let max = list.maxItems { members.append(.init("maxItems", .integer(max))) }
        if list.unique {
            approximate(
                model.name,
                "'unique' compares the items of '\(field.name)' after normalization, but JSON Schema's 'uniqueItems' "
                    + "compares them as sent; only 'x-rulecheck-fields' carries it", at: field.range,
                note: .note("in model '\(model.name)'", at: model.range))
        }
        let array = JSONValue.object(members)
        return isOptional ? .object([.init("anyOf", [.object([.init("type", "null")]), array])]) : array
    }

    /// `requiredIf` as `if`/`then`, where JSON Schema can say exactly when `when` has a value (equal to
    /// `equals`) and when `field` has none: JSON's booleans and numbers are never normalized, and text
    /// only by normalizers that leave non-empty text non-empty and, for `equals`, none at all.
    ///
    /// NB: the `if` may hold for a `when` whose value the rules find invalid, but then the record is
    /// invalid by `when`'s own schema whatever `then` says, so that only valid values of `when` matter.
    private func conditional(_ check: RequiredIfCheck, in model: ModelRule) -> JSONValue? {
        func type(of name: String) -> ResolvedType? {
            // NB: a list field is no type's value, even when its items are.
            model.fields.first { $0.name == name && $0.list == nil }.flatMap { field in
                rules.types.first { $0.name == field.typeName }
            }
        }
        /// Whether text that is not empty stays so after the type's normalizers.
        func keepsText(_ type: ResolvedType) -> Bool {
            !type.normalizers.contains(.trim) && !type.normalizers.contains(.collapseWhitespace)
        }
        let noValue = JSONValue.object([
            .init("anyOf", [.object([.init("type", "null")]), .object([.init("const", "")])])
        ])
        let hasValue = JSONValue.object([.init("not", noValue)])
        let condition: JSONValue
        guard let when = type(of: check.when) else { return nil }
        guard model.fields.contains(where: { $0.name == check.field && $0.list == nil }) else { return nil }
        switch (when.valueType, check.equals) {
        case (.boolean, nil):
            condition = .object([.init("const", true)])
        case (_, nil):
            guard keepsText(when) else { return nil }
            condition = hasValue
        case (.boolean, let equals?):
            condition = .object([.init("const", .bool(equals == "true"))])
        case (.integer, let equals?):
            guard case .integer(let number)? = ValueFormat.parse(equals[...], as: .integer) else { return nil }
            condition = .object([.init("const", .integer(number))])
        case (.string, let equals?), (.date, let equals?):
            guard when.normalizers.isEmpty, let value = ValueFormat.parse(equals[...], as: when.valueType) else {
                return nil
            }
            condition = .object([.init("const", .string(value.description))])
        case (.decimal, _?):
            return nil
        }
        // NB: a field that holds a model has no value only when absent or null; text is no record.
        let fieldHasValue: JSONValue
        if let field = type(of: check.field) {
            guard keepsText(field) else { return nil }
            fieldHasValue = hasValue
        } else {
            fieldHasValue = .object([.init("not", .object([.init("type", "null")]))])
        }
        return .object([
            .init(
                "if",
                .object([
                    .init("properties", .object([.init(check.when, condition)])),
                    .init("required", [.string(check.when)]),
                ])),
            .init(
                "then",
                .object([
                    .init("properties", .object([.init(check.field, fieldHasValue)])),
                    .init("required", [.string(check.field)]),
                ])),
        ])
    }

    /// A reference to the field's type or model, with null and `""` allowed when the field makes
    /// an optional field of a type (or model) that is not optional, and null refused in the reverse case.
    private mutating func fieldSchema(
        _ field: ModelRule.Field, of type: ResolvedType?, isOptional: Bool, in model: ModelRule, note: Diagnostic
    ) -> JSONValue {
        let reference = reference(to: field.typeName)
        guard isOptional != (type?.isOptional ?? false) else { return reference }
        if isOptional {
            // NB: `""` is no value only for text and dates: for a model, a number or a boolean it is a violation.
            let empty: [JSONValue] = type?.valueType.isStringInJSON == true ? [.object([.init("const", "")])] : []
            return .object([.init("anyOf", .array([.object([.init("type", "null")])] + empty + [reference]))])
        }
        if let type, type.valueType.isStringInJSON, type.valueType != .string || !type.checksInRunOrder.isEmpty {
            approximate(
                model.name,
                "field '\(field.name)' may not be empty, but its type '\(type.name)' is optional and its schema accepts \"\"; "
                    + "only 'x-rulecheck-fields' carries it", at: field.range, note: note)
        }
        return .object([.init("allOf", [reference]), .init("not", .object([.init("type", "null")]))])
    }
}
