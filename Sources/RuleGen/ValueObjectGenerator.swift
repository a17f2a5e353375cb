import RuleCore

/// Prints a named type as a value object: a struct that holds the normalized value and conforms to
/// RuleCore's `ValueObject`, which validates on creation and on decoding, with the type's outcomes
/// as cases of a nested `Violation` enum.
struct ValueObjectGenerator {
    let type: ResolvedType
    let validator: TypeValidator
    let rules: RuleSet
    let names: SourceNames

    /// The cases of `Violation`: every outcome the validator can report, `required` and
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

    func print(to printer: CodePrinter) {
        printer.separator()
        printer.doc(documentation)
        let conformance = type.isOptional ? "OptionalValueObject" : "RequiredValueObject"
        printer.block("public struct \(name): RuleCoreVersion.\(conformance)") {
            printer.line("public let value: \(swiftType)")
            printer.line("public init(validated value: \(swiftType)) { self.value = value }")
            printer.line()
            printer.doc("The declaration this type is generated from, with the types it extends folded in.")
            RuleLiteral.print(type, outcomes: validator.outcomes, to: printer, prefix: "public static let rule = ")
            printer.line("public static let validator = RuleCoreVersion.validator(rule)")
        }
        printer.line()
        ViolationEnumPrinter(owner: type.name, cases: cases, valueType: type.valueType, fields: [], names: names)
            .print(to: printer)
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
}

extension ValueObjectGenerator {
    /// Members of every generated `Violation` enum, which no case may be named.
    static let violationMembers: Set<String> = [
        "Protocol", "Type", "code", "errorDescription", "failureReason", "hash", "hashValue", "helpAnchor", "init",
        "inner", "localizedDescription", "message", "outer", "ownIndex", "path", "recoverySuggestion", "self",
        "violation",
    ]

    /// Codes that cannot name a case.
    func diagnostics() -> [Diagnostic] {
        cases.filter { Self.violationMembers.contains($0.name) }.map { violationCase in
            .error(
                "code '\(violationCase.code)' would name a case of '\(type.name).Violation', which has a member of that name; rename the code",
                at: violationCase.outcomes.compactMap(\.check?.range).first ?? type.declaration.range)
        }
    }
}
