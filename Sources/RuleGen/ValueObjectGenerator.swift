import RuleCore

/// Prints a named type as a value object: a struct that holds the normalized value and conforms to
/// RuleCore's `ValueObject`, which validates on creation and on decoding, with the type's outcomes
/// as cases of a nested `Violation` enum.
struct ValueObjectGenerator {
    let type: ResolvedType
    let validator: TypeValidator
    let rules: RuleSet
    let names: SourceNames
    /// How a custom check is spelled with the app's implementation; `nil` where none is generated.
    var customChecks: CustomCheckGenerator? = nil

    /// The cases of `Violation`: the outcomes the validator can report. `required` is one unless
    /// the type is optional and no model's field makes it required (`optional: false`);
    /// `invalidFormat` always is, since JSON of the wrong kind reaches every type.
    var cases: [ViolationCase] {
        let required =
            !type.isOptional
            || rules.models.contains { model in
                model.fields.contains { $0.typeName == type.name && $0.optional == false }
            }
        // NB: a field that makes an optional type required lets its empty value reach the checks.
        return ViolationCase.cases(
            of: ViolationCase.reachable(
                validator.outcomes, required: required, emptyNeverChecked: type.hasRequiredCheck || !required),
            valueType: type.valueType)
    }

    private var name: String { SwiftLiteral.identifier(type.name) }

    /// The values of a string type's `oneOf`, each with its case's name, when every value names
    /// one: the type's Swift value is then the enum `Value` of them.
    var caseValues: [(name: String, value: String)]? {
        Self.caseValues(of: type).flatMap { $0.allSatisfy { $0.name != nil } ? $0.map { ($0.name!, $0.value) } : nil }
    }

    /// The values of a string type's `oneOf` (those every `oneOf` allows), each with the name of its
    /// case, `nil` where the value names none, or a name another value took.
    static func caseValues(of type: ResolvedType) -> [(name: String?, value: String)]? {
        guard type.valueType == .string, let allowed = type.allowedValues else { return nil }
        var taken: Set<String> = []
        return allowed.compactMap { if case .string(let text) = $0 { text } else { nil } }.map { value in
            guard let name = SwiftLiteral.lowerCamelCase(value), !caseValueMembers.contains(name),
                taken.insert(name).inserted
            else { return (nil, value) }
            return (name, value)
        }
    }

    /// Members of every generated `Value` enum, which no case may be named.
    static let caseValueMembers: Set<String> = [
        "Protocol", "Type", "allCases", "description", "hashValue", "init", "rawValue", "self", "validationInput",
    ]

    /// The Swift type of the type's valid values, as a model's initializer takes them.
    var valueTypeName: String {
        if caseValues != nil { return name + ".Value" }
        switch type.valueType {
        case .string: return "String"
        case .integer: return "Int"
        case .decimal: return "Decimal"
        case .date: return "LocalDate"
        case .boolean: return "Bool"
        }
    }

    func print(to printer: CodePrinter) {
        printer.separator()
        printer.doc(documentation)
        let conformance = type.isOptional ? "OptionalValueObject" : "RequiredValueObject"
        let swiftType = caseValues != nil ? "Value" : valueTypeName
        printer.block("public struct \(name): RuleCoreVersion.\(conformance)") {
            if let caseValues {
                printer.doc("The values `oneOf` allows, each a case named in lowerCamelCase, its raw value as written.")
                printer.block("public enum Value: String, RuleCoreVersion.CaseValue") {
                    if caseValues.allSatisfy({ $0.name == $0.value }),
                        printer.fits(
                            "case " + caseValues.map { SwiftLiteral.identifier($0.name) }.joined(separator: ", "))
                    {
                        printer.line(
                            "case " + caseValues.map { SwiftLiteral.identifier($0.name) }.joined(separator: ", "))
                    } else {
                        for (caseName, value) in caseValues {
                            printer.line(
                                "case \(SwiftLiteral.identifier(caseName))"
                                    + (caseName == value ? "" : " = " + SwiftLiteral.string(value)))
                        }
                    }
                }
            }
            printer.line("public let value: \(swiftType)")
            printer.line("public init(validated value: \(swiftType)) { self.value = value }")
            printer.line()
            printer.doc("The declaration this type is generated from, with the types it extends folded in.")
            RuleLiteral.print(
                type, outcomes: validator.outcomes, to: printer, prefix: "public static let rule = ",
                custom: { customChecks?.use(of: $0) })
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
        if type.isOptional {
            text +=
                "\n\nOptional: `parse(_:)` gives `nil` for text that is empty after normalization; `init(_:)`"
                + " takes a present value and rejects empty text as `invalidFormat`."
        }
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

    /// Codes that cannot name a case; `oneOf` values that cannot, which keep the type's values `String`.
    func diagnostics() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = cases.filter { Self.violationMembers.contains($0.name) }.map { violationCase in
            .error(
                "code '\(violationCase.code)' would name a case of '\(type.name).Violation', which has a member of that name; rename the code",
                at: violationCase.outcomes.compactMap(\.check?.range).first
                    ?? type.declaration.serverCodeRanges[violationCase.code] ?? type.declaration.range)
        }
        if let values = Self.caseValues(of: type), let unnamed = values.first(where: { $0.name == nil }) {
            diagnostics.append(
                .warning(
                    "'oneOf' value '\(unnamed.value)' names no Swift case (in lowerCamelCase, its ASCII letters and digits, starting with a letter, and unlike the other values), so '\(type.name)' keeps 'String' values in generated Swift",
                    at: type.checks.first { $0.is(OneOfCheck.self) }?.range ?? type.declaration.range))
        }
        return diagnostics
    }
}
