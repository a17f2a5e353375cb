import RuleCore

/// Prints a model as a struct whose initializer validates every field, then the checks across
/// fields, and throws every violation found at once, as seed 000's hand-written `LoginErrors` does.
struct ModelGenerator {
    /// A field as generated code sees it.
    struct Field {
        let declaration: ModelRule.Field
        /// Whether the field holds a model rather than a type's value.
        let holdsModel: Bool
        /// Whether the field may be left empty, by its own `optional:` or its type's.
        let isOptional: Bool
        /// The Swift type a model's initializer takes for one value of the field: its type's
        /// (`String`, `Int`, `Decimal`, `LocalDate`, `Bool`, `Plan.Value`), or the generated model's (`Address`).
        let inputType: String
        /// Whether the field's type has a `oneOf` enum, `Value`, as its Swift value.
        var isCaseValue = false

        /// The property's name: `swiftName:`, else the key in lowerCamelCase (`display_name` is `displayName`).
        var name: String { SwiftLiteral.identifier(Self.swiftName(of: declaration)) }
        var typeName: String { SwiftLiteral.identifier(declaration.typeName) }
        var isList: Bool { declaration.list != nil }
        /// The Swift type of the field's value: its type's or model's, or an array of them.
        var valueType: String { isList ? "[\(typeName)]" : typeName }

        /// The name of `field`'s property, before any backticks.
        static func swiftName(of field: ModelRule.Field) -> String {
            field.swiftName ?? SwiftLiteral.lowerCamelCase(field.name) ?? field.name
        }
    }

    let model: ModelRule
    let validator: ModelValidator
    let rules: RuleSet
    let names: SourceNames

    var fields: [Field] {
        model.fields.map { field in
            let type = rules.types.first { $0.name == field.typeName }
            // NB: a list is optional by its field alone: an optional item type is refused.
            let generator = type.flatMap { type in
                rules.typeValidator(named: type.name).map {
                    ValueObjectGenerator(type: type, validator: $0, rules: rules, names: names)
                }
            }
            return Field(
                declaration: field, holdsModel: type == nil,
                isOptional: field.optional ?? (field.list == nil ? type?.isOptional ?? false : false),
                inputType: generator?.valueTypeName ?? SwiftLiteral.identifier(field.typeName),
                isCaseValue: generator?.caseValues != nil)
        }
    }

    /// The cases of the model's own violations: `required` and `invalidFormat`, where another
    /// model's field holds this one, and the outcomes of its checks across fields that they can
    /// give (no `required` of an optional list).
    var cases: [ViolationCase] {
        let outcomes = ViolationCase.reachable(validator.outcomes, required: true) {
            check in
            (check.descriptor as? ListCheck).map { list in
                model.fields.first { $0.name == list.field }?.optional ?? false
            } ?? false
        }
        return ViolationCase.cases(
            of: outcomes,
            fieldNames: Dictionary(model.fields.map { ($0.name, Field.swiftName(of: $0)) }) { first, _ in first })
    }

    private var name: String { SwiftLiteral.identifier(model.name) }

    func print(to printer: CodePrinter) {
        printer.separator()
        let summary = model.summary ?? "A `\(model.name)`."
        printer.doc(summary + (names.declared(model.range).map { "\n\n" + $0 } ?? ""))
        printer.block("public struct \(name): RuleCoreVersion.Model") {
            for field in fields {
                printer.doc("The `\(field.declaration.name)` field\(field.isOptional ? ", if it was given" : "").")
                printer.line("public let \(field.name): \(field.valueType)\(field.isOptional ? "?" : "")")
            }
            if fields.contains(where: { ModelGenerator.Field.swiftName(of: $0.declaration) != $0.declaration.name }) {
                printer.line()
                printer.doc("The JSON keys, as the rules write them.")
                printer.block("enum CodingKeys: String, CodingKey") {
                    for field in fields {
                        let key = field.declaration.name
                        printer.line(
                            "case \(field.name)"
                                + (ModelGenerator.Field.swiftName(of: field.declaration) == key
                                    ? "" : " = " + SwiftLiteral.string(key)))
                    }
                }
            }
            printer.line()
            printInitializers(to: printer)
            printer.line()
            printer.doc("The declaration this model is generated from.")
            RuleLiteral.print(model, outcomes: validator.outcomes, to: printer, prefix: "public static let rule = ")
            let (types, models) = closure()
            let arguments =
                ["rule", "types: " + SwiftLiteral.array(types) { SwiftLiteral.identifier($0) + ".rule" }]
                + (models.isEmpty
                    ? [] : ["models: " + SwiftLiteral.array(models) { SwiftLiteral.identifier($0) + ".rule" }])
            printer.call("public static let validator = RuleCoreVersion.validator(", arguments)
        }
        printer.line()
        let fieldCases = fields.map {
            ViolationEnumPrinter.Field(
                name: $0.name, key: $0.declaration.name, typeName: $0.typeName, isList: $0.isList)
        }
        ViolationEnumPrinter(owner: model.name, cases: cases, valueType: nil, fields: fieldCases, names: names)
            .print(to: printer)
    }

    /// The names of every type and model that the fields hold, however deep, in the order first met.
    private func closure() -> (types: [String], models: [String]) {
        var types: [String] = []
        var models: [String] = []
        func visit(_ model: ModelRule) {
            for field in model.fields {
                if rules.types.contains(where: { $0.name == field.typeName }) {
                    if !types.contains(field.typeName) { types.append(field.typeName) }
                } else if let inner = rules.models.first(where: { $0.name == field.typeName }),
                    !models.contains(inner.name)
                {
                    models.append(inner.name)
                    visit(inner)
                }
            }
        }
        visit(model)
        return (types, models)
    }

    private func printInitializers(to printer: CodePrinter) {
        let parameters =
            fields.map { field in
                let type = field.isList ? "[\(field.inputType)]" : field.inputType
                return "\(field.name): \(type)" + (field.isOptional ? "? = nil" : "")
            } + ["context: ValidationContext = ValidationContext()"]
        let record = fields.map { field in
            SwiftLiteral.string(field.declaration.name) + ": RuleCoreVersion.input(\(field.name))"
        }
        let holdsModels = fields.contains(where: \.holdsModel)
        printer.doc(
            "Validates every field, then the checks across fields, and keeps the normalized values"
                + (holdsModels
                    ? ";\na field that holds a model takes that model, validated again as this model's field" : "")
                + ".\n\n- Throws: `\(model.name).Violations`, with every violation found.")
        let signature = "public init(" + parameters.joined(separator: ", ") + ") throws(Violations) {"
        if printer.fits(signature) {
            printer.line(signature)
        } else {
            printer.list("public init(", parameters, trailing: false, closing: ") throws(Violations) {")
        }
        printer.indent {
            let call = "try self.init(validating: [" + record.joined(separator: ", ") + "], context: context)"
            if printer.fits(call) {
                printer.line(call)
            } else {
                printer.line("try self.init(")
                printer.indent {
                    printer.list("validating: [", record, closing: "],")
                    printer.line("context: context)")
                }
            }
        }
        printer.line("}")
        printer.line()
        printer.block("public init(validated fields: [String: RuleCore.ValidatedValue])") {
            for field in fields {
                let key = SwiftLiteral.string(field.declaration.name)
                if field.isList {
                    let item = "{ \(field.typeName)(validated: $0) }"
                    printer.line(
                        "\(field.name) = "
                            + (field.isOptional
                                ? "fields[\(key)].map { list in Self.items(list) \(item) }"
                                : "Self.items(fields[\(key)]) \(item)"))
                    continue
                }
                printer.line(
                    "\(field.name) = "
                        + (field.isOptional
                            ? "fields[\(key)].map { \(field.typeName)(validated: $0) }"
                            : "\(field.typeName)(validated: fields[\(key)])"))
            }
        }
    }
}

extension ModelGenerator {
    /// Names a field cannot have: the model's nested types, its `init` parameter `context`, and the
    /// model's own cases of `Violation`. Members such as `code` or `rule` do not collide with a field,
    /// whose property is an instance's and whose case has a payload.
    static let reservedFields: Set<String> = [
        "Protocol", "Type", "Violation", "Violations", "context", "init", "invalidFormat", "required", "self",
    ]

    /// Codes that cannot name a case of the model's `Violation`, which ``SwiftNameChecker`` reports.
    func diagnostics() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let note = ("in model '\(model.name)'", model.range)
        for violationCase in cases {
            let outcome = violationCase.outcomes[0]
            guard
                let range = outcome.check?.range ?? (outcome.isServerOnly ? model.serverCodeRanges[outcome.code] : nil)
            else { continue }
            let taken = ValueObjectGenerator.violationMembers.union(Self.reservedFields).union(fields.map(\.name))
            if let list = outcome.check?.descriptor as? ListCheck, taken.contains(violationCase.name) {
                // NB: a list's own case is named by its field, which no code renames.
                diagnostics.append(
                    Diagnostic.error(
                        "list '\(list.field)' has the case '\(violationCase.name)' in '\(model.name).Violation', which another field or member would also name; rename that field, or name its property with 'swiftName:'",
                        at: range
                    ).noting(note.0, at: note.1))
            } else if taken.contains(violationCase.name) {
                diagnostics.append(
                    Diagnostic.error(
                        "code '\(violationCase.code)' would collide with a field or member of '\(model.name).Violation'; rename the code",
                        at: range
                    ).noting(note.0, at: note.1))
            }
        }
        return diagnostics
    }
}
