import RuleCore

/// Prints a named type as a value object: a struct that holds the normalized value, validates on
/// creation and on decoding, and reports the type's codes as cases of a nested `Violation` enum.
struct ValueObjectGenerator {
    let type: ResolvedType
    let validator: TypeValidator
    let rules: RuleSet
    let names: SourceNames

    /// The cases of `Violation`: every code the validator can report, `required` and
    /// `invalidFormat` included, since a model's field may require an optional type's value or
    /// be given a record in place of text.
    var cases: [ViolationCase] { ViolationCase.cases(of: validator.outcomes) }

    private var name: String { SwiftLiteral.identifier(type.name) }

    private var swiftType: String {
        switch type.valueType {
        case .string: "String"
        case .integer: "Int"
        case .decimal: "DecimalNumber"
        case .date: "LocalDate"
        case .boolean: "Bool"
        }
    }

    /// Whether the value needs `.description` to be text, for the types that JSON has no literal for.
    private var isEncodedAsText: Bool { type.valueType == .decimal || type.valueType == .date }

    func print(to printer: CodePrinter) {
        printer.separator()
        printer.doc(documentation)
        printer.block("public struct \(name): Hashable, Sendable, Codable, CustomStringConvertible") {
            printer.doc("The value, normalized.")
            printer.line("public let value: \(swiftType)")
            printer.line()
            printInitializers(to: printer)
            printer.line()
            printCoding(to: printer)
            printer.line()
            printer.doc("The declaration this type is generated from, with the types it extends folded in.")
            RuleLiteral.print(type, outcomes: validator.outcomes, to: printer, prefix: "public static let rule = ")
            printer.line()
            printer.doc("``rule``, compiled once.")
            printer.line("public static let validator = RuleCoreVersion.validator(rule)")
        }
        printer.line()
        ViolationEnumPrinter(owner: type.name, cases: cases, valueType: type.valueType, names: names).print(to: printer)
    }

    private var documentation: String {
        var text = type.declaration.summary ?? "A `\(type.name)` value."
        var origin = names.location(type.declaration.range).map { "Declared at `\($0)`" } ?? ""
        var base = type.declaration.base
        while case .named(let baseName, _) = base, let baseType = rules.types.first(where: { $0.name == baseName }) {
            origin +=
                (origin.isEmpty ? "Extends" : ", extending") + " `\(baseName)`"
                + (names.location(baseType.declaration.range).map { " at `\($0)`" } ?? "")
            base = baseType.declaration.base
        }
        if !origin.isEmpty { text += "\n\n" + origin + "." }
        return text
    }

    private func printInitializers(to printer: CodePrinter) {
        let context = "context: ValidationContext = ValidationContext()"
        if type.isOptional {
            printer.doc(
                "Validates `raw` and keeps its normalized value; `nil` when it is empty after normalization,\nwhich this optional type allows.\n\n- Throws: `\(type.name).Violation`, the first of ``violations(of:context:)``."
            )
            printer.block("public init?(_ raw: String, \(context)) throws(Violation)") {
                printer.switchBlock("switch Self.validator.validate(raw, context: context)") {
                    printer.line("case .valid(nil): return nil")
                    printer.line("case .valid(let value): self.init(_validated: value)")
                    printer.line("case .invalid(let violations): throw Violation(violations[0])")
                }
            }
        } else {
            printer.doc(
                "Validates `raw` and keeps its normalized value.\n\n- Throws: `\(type.name).Violation`, the first of ``violations(of:context:)``."
            )
            printer.block("public init(_ raw: String, \(context)) throws(Violation)") {
                printer.switchBlock("switch Self.validator.validate(raw, context: context)") {
                    printer.line("case .valid(let value): self.init(_validated: value)")
                    printer.line("case .invalid(let violations): throw Violation(violations[0])")
                }
            }
        }
        printer.line()
        printer.doc("Every violation of `raw`, in the order the rules report them; empty when `raw` is valid.")
        printer.block("public static func violations(of raw: String, \(context)) -> [Violation]") {
            printer.line("validator.validate(raw, context: context).violations.map(Violation.init)")
        }
        printer.line()
        printer.doc("A value that ``validator`` accepted, for the models that hold this type.")
        printer.block("init(_validated value: RuleCore.Value?)") {
            printer.block("guard case .\(type.valueType.rawValue)(let value)? = value else") {
                printer.line("preconditionFailure(\"a valid \(type.name) holds a \(type.valueType.rawValue)\")")
            }
            printer.line("self.value = value")
        }
    }

    private func printCoding(to printer: CodePrinter) {
        printer.doc(
            "Decodes the value's text (a JSON number or boolean counts as its text) and validates it, with\nthe decoder's `userInfo[.validationContext]`, if any."
        )
        printer.block("public init(from decoder: any Decoder) throws") {
            printer.line("let input = try RuleCoreVersion.input(from: decoder)")
            printer.switchBlock("switch Self.validator.validate(input, context: RuleCoreVersion.context(of: decoder))")
            {
                if type.isOptional {
                    printer.line("case .valid(nil):")
                    printer.indent {
                        printer.call(
                            "let context = DecodingError.Context(",
                            [
                                "codingPath: decoder.codingPath",
                                "debugDescription: \"an empty '\(type.name)' has no value; send null for none\"",
                            ])
                        printer.line("throw DecodingError.valueNotFound(Self.self, context)")
                    }
                }
                printer.line("case .valid(let value): self.init(_validated: value)")
                printer.line("case .invalid(let violations):")
                printer.indent {
                    printer.line("let violation = Violation(violations[0])")
                    printer.call(
                        "let context = DecodingError.Context(",
                        [
                            "codingPath: decoder.codingPath", "debugDescription: violation.message(language: \"en\")",
                            "underlyingError: violation",
                        ])
                    printer.line("throw DecodingError.dataCorrupted(context)")
                }
            }
        }
        printer.line()
        printer.doc("Encodes the normalized value\(isEncodedAsText ? " as text" : "").")
        printer.block("public func encode(to encoder: any Encoder) throws") {
            printer.line("var container = encoder.singleValueContainer()")
            printer.line("try container.encode(value\(isEncodedAsText ? ".description" : ""))")
        }
        printer.line()
        printer.doc("The normalized value as text.")
        printer.line("public var description: String { \(type.valueType == .string ? "value" : "value.description") }")
    }
}

extension ValueObjectGenerator {
    /// Members of every generated `Violation` enum, which no code may name as a case.
    static let violationMembers: Set<String> = [
        "Protocol", "Type", "code", "errorDescription", "failureReason", "hash", "hashValue", "helpAnchor", "init",
        "localizedDescription", "message", "parameters", "path", "recoverySuggestion", "self",
    ]

    /// Codes that cannot be cases, and codes whose messages a case cannot tell apart.
    func diagnostics() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for violationCase in cases {
            if Self.violationMembers.contains(violationCase.code) {
                diagnostics.append(
                    .error(
                        "code '\(violationCase.code)' would name a case of '\(type.name).Violation', which has a member of that name; rename the code",
                        at: violationCase.sources.compactMap(\.check?.range).first ?? type.declaration.range))
            }
            if let ambiguity = violationCase.ambiguity(in: type.name) { diagnostics.append(ambiguity) }
        }
        return diagnostics
    }
}
