public import RuleCore

/// The names generated Swift cannot take, found once for `rulecheck generate swift` and
/// `rulecheck lint` alike, so that `lint` passes exactly when `generate swift` can.
///
/// Names are checked on declarations, so that `lint` finds them beside mistakes that keep the rules
/// from compiling; codes whose violation cases collide need the compiled rules.
/// ```swift
/// SwiftNameChecker().diagnostics(types: [TypeRule(name: "Task")], models: [])[0].message
/// // "'Task' would hide Swift's 'Task' wherever the generated code is used; rename it"
/// ```
public struct SwiftNameChecker: Sendable {
    /// Creates a checker.
    public init() {}

    /// Type, model and field names that generated code cannot declare or would make ambiguous.
    public func diagnostics(types: [TypeRule], models: [ModelRule]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let forms = Dictionary(
            models.map { (FormGenerator.formName(of: $0.name), $0.name) }, uniquingKeysWith: { first, _ in first })
        for (name, range) in types.map({ ($0.name, $0.range) }) + models.map({ ($0.name, $0.range) }) {
            if let problem = Self.problem(withTypeName: name) { diagnostics.append(.error(problem, at: range)) }
            if let model = forms[name] {
                diagnostics.append(
                    .error("'\(name)' would collide with the form generated for model '\(model)'; rename it", at: range)
                )
            }
        }
        for model in models {
            var taken: [String: ModelRule.Field] = [:]
            for field in model.fields {
                let swiftName = ModelGenerator.Field.swiftName(of: field)
                let range = field.swiftNameRange ?? field.range
                // NB: a key is named in lowerCamelCase unless `swiftName:` names it.
                let fix =
                    field.swiftName == nil
                    ? "rename the field, or name its property with 'swiftName:'" : "choose another 'swiftName'"
                if ModelGenerator.reservedFields.contains(swiftName) || FormGenerator.reservedFields.contains(swiftName)
                {
                    diagnostics.append(
                        Diagnostic.error(
                            "field '\(field.name)' would collide with '\(swiftName)' in generated code; \(fix)",
                            at: range
                        ).noting("in model '\(model.name)'", at: model.range))
                } else if let other = taken[swiftName] {
                    diagnostics.append(
                        Diagnostic.error(
                            "fields '\(other.name)' and '\(field.name)' would both be the property '\(swiftName)' in generated Swift; \(fix)",
                            at: range
                        ).noting("in model '\(model.name)'", at: model.range))
                } else {
                    taken[swiftName] = field
                }
            }
        }
        return diagnostics
    }

    /// Codes whose cases of a generated `Violation` enum collide with its members or fields, for the
    /// types and models declared in `files` (every file when `nil`).
    public func diagnostics(rules: RuleSet, files: Set<String>? = nil) -> [Diagnostic] {
        func included(_ range: SourceRange?) -> Bool { files.map { $0.contains(range?.start.file ?? "") } ?? true }
        let names = SourceNames(displayPaths: [:])
        var diagnostics: [Diagnostic] = []
        for type in rules.types where included(type.declaration.range) {
            diagnostics += ValueObjectGenerator(
                type: type, validator: rules.typeValidator(named: type.name)!, rules: rules, names: names
            ).diagnostics()
        }
        for model in rules.models where included(model.range) {
            diagnostics += ModelGenerator(
                model: model, validator: rules.modelValidator(named: model.name)!, rules: rules, names: names
            ).diagnostics()
        }
        return diagnostics
    }

    /// Why `name` cannot name a generated type or model; `nil` when it can.
    static func problem(withTypeName name: String) -> String? {
        if namesInUse.contains(name) {
            return "'\(name)' would hide the '\(name)' that generated Swift code uses; rename it"
        }
        if SwiftLiteral.isKeyword(name) {
            return "'\(name)' is a Swift keyword, which cannot name a generated type; rename it"
        }
        if standardLibraryNames.contains(name) {
            return "'\(name)' would hide Swift's '\(name)' wherever the generated code is used; rename it"
        }
        return nil
    }

    /// The names generated code uses unqualified at file scope, which a type or model must not hide.
    static let namesInUse: Set<String> = Set(CheckDescriptors.all.map { String(describing: $0) }).union([
        "Bool", "Bound", "Check", "CodingKey", "Date", "DateOffset", "Decimal", "DecimalNumber", "Foundation",
        "ValidationInput", "Int", "LocalDate", "MessageTable", "MessageTemplates", "ModelRule", "RulePattern",
        "RuleCore", "RuleCoreGeneratedCodeVersion1", "RuleCoreVersion", "String", "Swift", "TypeRule",
        "ValidationContext", "preconditionFailure",
    ])

    /// Types of Swift's standard library and concurrency that code beside generated code names
    /// unqualified: a value object of the same name would hide them in the whole module.
    static let standardLibraryNames: Set<String> = [
        "Actor", "AnyHashable", "AnyObject", "Array", "AsyncSequence", "AsyncStream", "AsyncThrowingStream",
        "CaseIterable", "Character", "CheckedContinuation", "Clock", "ClosedRange", "Codable", "Collection",
        "Comparable", "ContinuousClock", "CustomStringConvertible", "Decodable", "Dictionary", "Double", "Duration",
        "Encodable", "Equatable", "Error", "Float", "Hashable", "Hasher", "Identifiable", "Int16", "Int32", "Int64",
        "Int8", "MainActor", "Mirror", "Never", "Optional", "Range", "Result", "Sendable", "Sequence", "Set",
        "Substring", "SuspendingClock", "Task", "TaskGroup", "TaskPriority", "ThrowingTaskGroup", "UInt", "UInt16",
        "UInt32", "UInt64", "UInt8", "Unicode", "Void",
    ]
}
