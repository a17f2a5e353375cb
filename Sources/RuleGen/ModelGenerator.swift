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

        var name: String { SwiftLiteral.identifier(declaration.name) }
        var typeName: String { SwiftLiteral.identifier(declaration.typeName) }
    }

    let model: ModelRule
    let validator: ModelValidator
    let rules: RuleSet
    let names: SourceNames

    var fields: [Field] {
        model.fields.map { field in
            let type = rules.types.first { $0.name == field.typeName }
            return Field(
                declaration: field, holdsModel: type == nil, isOptional: field.optional ?? type?.isOptional ?? false)
        }
    }

    /// The cases of the model's own violations: `required` and `invalidFormat`, where another
    /// model's field holds this one, and the codes of its checks across fields.
    var cases: [ViolationCase] { ViolationCase.cases(of: validator.outcomes) }

    private var name: String { SwiftLiteral.identifier(model.name) }

    func print(to printer: CodePrinter) {
        printer.separator()
        let summary = model.summary ?? "A `\(model.name)`."
        printer.doc(summary + (names.declared(model.range).map { "\n\n" + $0 } ?? ""))
        printer.block("public struct \(name): Hashable, Sendable, Codable") {
            for field in fields {
                printer.doc("The `\(field.declaration.name)` field\(field.isOptional ? ", if it was given" : "").")
                printer.line("public let \(field.name): \(field.typeName)\(field.isOptional ? "?" : "")")
            }
            printer.line()
            printInitializers(to: printer)
            printer.line()
            printer.doc("The declaration this model is generated from.")
            RuleLiteral.print(model, outcomes: validator.outcomes, to: printer, prefix: "public static let rule = ")
            printer.line()
            printer.doc("``rule``, compiled once with the declarations of the types and models its fields hold.")
            let (types, models) = closure()
            let arguments =
                ["rule", "types: " + SwiftLiteral.array(types) { SwiftLiteral.identifier($0) + ".rule" }]
                + (models.isEmpty
                    ? [] : ["models: " + SwiftLiteral.array(models) { SwiftLiteral.identifier($0) + ".rule" }])
            printer.call("public static let validator = RuleCoreVersion.validator(", arguments)
        }
        printer.line()
        printViolation(to: printer)
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
                let type = field.holdsModel ? "Input" : "String"
                return "\(field.declaration.name): \(type)"
                    + (field.isOptional ? (field.holdsModel ? " = nil" : "? = nil") : "")
            } + ["context: ValidationContext = ValidationContext()"]
        let record = fields.map { field in
            let value =
                field.holdsModel
                ? field.name : field.isOptional ? "\(field.name).map(Input.text) ?? .absent" : ".text(\(field.name))"
            return SwiftLiteral.string(field.declaration.name) + ": " + value
        }
        let holdsModels = fields.contains(where: \.holdsModel)
        printer.doc(
            "Validates every field, then the checks across fields, and keeps the normalized values"
                + (holdsModels ? ";\na field that holds a model takes a record of its fields' texts" : "")
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
        printer.block("private init(validating input: Input, context: ValidationContext) throws(Violations)") {
            printer.switchBlock("switch Self.validator.validate(input, context: context)") {
                printer.line("case .valid(let value): self.init(_validated: value)")
                printer.line(
                    "case .invalid(let violations): throw Violations(violations: violations.map(Violation.init))")
            }
        }
        printer.line()
        printer.doc("A record that ``validator`` accepted, for the models that hold this model.")
        printer.block("init(_validated value: RuleCore.Value?)") {
            printer.block("guard case .record(let fields)? = value else") {
                printer.line("preconditionFailure(\"a valid \(model.name) holds a record\")")
            }
            for field in fields {
                let key = SwiftLiteral.string(field.declaration.name)
                printer.line(
                    "self.\(field.name) = "
                        + (field.isOptional
                            ? "fields[\(key)].map { \(field.typeName)(_validated: $0) }"
                            : "\(field.typeName)(_validated: fields[\(key)])"))
            }
        }
        printer.line()
        printer.doc(
            "Decodes an object of the fields' texts (a JSON number or boolean counts as its text) and\nvalidates it as a whole, with the decoder's `userInfo[.validationContext]`, if any."
        )
        printer.block("public init(from decoder: any Decoder) throws") {
            printer.line("let input = try RuleCoreVersion.input(from: decoder)")
            printer.line("do {")
            printer.indent {
                printer.line("try self.init(validating: input, context: RuleCoreVersion.context(of: decoder))")
            }
            printer.line("} catch {")
            printer.indent {
                printer.call(
                    "let context = DecodingError.Context(",
                    [
                        "codingPath: decoder.codingPath", "debugDescription: error.message(language: \"en\")",
                        "underlyingError: error",
                    ])
                printer.line("throw DecodingError.dataCorrupted(context)")
            }
            printer.line("}")
        }
    }
}

extension ModelGenerator {
    /// The field an equal check reports on: the last it names.
    private func reportedField(_ violationCase: ViolationCase) -> String? {
        guard case .equal(let equal)? = violationCase.sources.first?.check?.kind else { return nil }
        return equal.fields.last
    }

    private func printViolation(to printer: CodePrinter) {
        printer.block("extension \(name)") {
            printer.doc("Why a `\(model.name)` is not valid: one field's violation, or one of a check across fields.")
            printer.block("public enum Violation: Error, Hashable, Sendable") {
                for field in fields {
                    printer.doc("The `\(field.declaration.name)` field is not a valid `\(field.declaration.typeName)`.")
                    printer.line("case \(field.name)(\(field.typeName).Violation)")
                }
                for violationCase in cases {
                    printer.doc(violationCase.documentation(valueType: nil, names: names))
                    printer.line("case " + violationCase.declaration)
                }
                printer.line()
                printMapping(to: printer)
                printer.line()
                ViolationEnumPrinter.printCode(of: cases, fields: fields.map(\.name), to: printer)
                printer.line()
                printer.doc(
                    "The path of the field the violation concerns, through the models that hold it; empty for\nthe model itself."
                )
                printer.block("public var path: [String]") {
                    printer.switchBlock("switch self") {
                        for field in fields {
                            let key = SwiftLiteral.string(field.declaration.name)
                            printer.line(
                                field.holdsModel
                                    ? "case .\(field.name)(let violation): [\(key)] + violation.path"
                                    : "case .\(field.name): [\(key)]")
                        }
                        for violationCase in cases {
                            let path = reportedField(violationCase).map { "[\(SwiftLiteral.string($0))]" } ?? "[]"
                            printer.line("case .\(SwiftLiteral.identifier(violationCase.code)): \(path)")
                        }
                    }
                }
                printer.line()
                printer.doc(ViolationEnumPrinter.messageDocumentation)
                printer.block("public func message(language: String) -> String") {
                    printer.switchBlock("switch self") {
                        for field in fields {
                            printer.line("case .\(field.name)(let violation): violation.message(language: language)")
                        }
                        for violationCase in cases {
                            printer.line(
                                "case \(violationCase.pattern):",
                                wrapping:
                                    "\(name).validator.message(code: \(SwiftLiteral.string(violationCase.code)), parameters: \(violationCase.parametersExpression), language: language)"
                            )
                        }
                    }
                }
            }
            printer.line()
            printer.doc(
                "Every violation of a `\(model.name)`, thrown as one error: each field's, then those of the checks across\nfields."
            )
            printer.block("public struct Violations: Error, Hashable, Sendable") {
                printer.doc("The violations, in the order the rules report them.")
                printer.line("public let violations: [Violation]")
                printer.line()
                printer.doc("The messages in `language`, one a line.")
                printer.block("public func message(language: String) -> String") {
                    printer.line("violations.map { $0.message(language: language) }.joined(separator: \"\\n\")")
                }
            }
        }
        printer.line()
        ViolationEnumPrinter.printLocalizedError(of: "\(name).Violation", to: printer)
        printer.line()
        ViolationEnumPrinter.printLocalizedError(of: "\(name).Violations", to: printer)
    }

    private func printMapping(to printer: CodePrinter) {
        printer.doc("The violation that ``\(name)/validator`` reported, as a case.")
        printer.block("init(_ violation: RuleCore.Violation)") {
            printer.line("var inner = violation")
            printer.line("let field = inner.path.isEmpty ? nil : inner.path.removeFirst()")
            printer.switchBlock("switch (field, violation.code)") {
                for violationCase in cases {
                    let field = reportedField(violationCase).map { SwiftLiteral.string($0) + "?" } ?? "nil"
                    ViolationEnumPrinter.printConstruction(
                        of: violationCase, after: "case (\(field), \(SwiftLiteral.string(violationCase.code))):",
                        to: printer)
                }
                for field in fields {
                    printer.line(
                        "case (\(SwiftLiteral.string(field.declaration.name))?, _):",
                        wrapping: "self = .\(field.name)(\(field.typeName).Violation(inner))")
                }
                printer.line("default: preconditionFailure(\"'\(model.name)' reports no violation '\\(violation)'\")")
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

    /// Fields and codes that cannot be generated as written, and violations a case cannot tell apart.
    func diagnostics() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let note = ("in model '\(model.name)'", model.range)
        for field in model.fields where Self.reservedFields.contains(field.name) {
            diagnostics.append(
                Diagnostic.error(
                    "field '\(field.name)' would collide with '\(field.name)' in generated code; rename the field",
                    at: field.range
                ).noting(note.0, at: note.1))
        }
        for violationCase in cases {
            let sources = violationCase.sources.filter { $0.check != nil }
            guard let range = sources.first?.check?.range else { continue }
            let taken = ValueObjectGenerator.violationMembers.union(Self.reservedFields).union(model.fields.map(\.name))
            if taken.contains(violationCase.code) {
                diagnostics.append(
                    Diagnostic.error(
                        "code '\(violationCase.code)' would collide with a field or member of '\(model.name).Violation'; rename the code",
                        at: range
                    ).noting(note.0, at: note.1))
                continue
            }
            let reportedOn = Set(
                sources.compactMap { source -> String? in
                    guard case .equal(let equal)? = source.check?.kind else { return nil }
                    return equal.fields.last
                })
            if reportedOn.count > 1 {
                diagnostics.append(
                    Diagnostic.error(
                        "code '\(violationCase.code)' is reported on fields \(reportedOn.sorted().map { "'\($0)'" }.joined(separator: " and ")), which one generated case cannot tell apart; give the checks different codes",
                        at: range
                    ).noting(note.0, at: note.1))
            }
            for field in reportedOn where fieldCodes(field).contains(violationCase.code) {
                diagnostics.append(
                    Diagnostic.error(
                        "code '\(violationCase.code)' is also a code of field '\(field)', which generated code cannot tell apart; rename the code",
                        at: range
                    ).noting(note.0, at: note.1))
            }
            if let ambiguity = violationCase.ambiguity(in: model.name) { diagnostics.append(ambiguity) }
        }
        return diagnostics
    }

    /// The codes a field reports on itself, rather than on its own fields.
    private func fieldCodes(_ name: String) -> [String] {
        guard let field = model.fields.first(where: { $0.name == name }) else { return [] }
        return rules.typeValidator(named: field.typeName)?.outcomes.map(\.code) ?? [Required.code, ValueFormat.code]
    }
}
