import RuleCore

/// Prints what generated Swift needs of the custom checks (format 1.3) that the rule files declare:
/// for each file that declares some, a protocol with one requirement a check, and an enum that
/// conforms to it, which the app extends with its implementations. Generated validators call them,
/// so an app that leaves one out does not compile.
///
/// ```swift
/// // Generated from cards.yaml, which declares `luhn`:
/// protocol CardsCustomChecking {
///     static func luhn(_ value: String) -> Bool
/// }
/// enum CardsCustomChecks: CardsCustomChecking {}
/// // The app's:
/// extension CardsCustomChecks {
///     static func luhn(_ value: String) -> Bool { … }
/// }
/// ```
struct CustomCheckGenerator {
    /// The rules, whose ``RuleSet/customChecks`` are the declarations.
    let rules: RuleSet
    /// The rule files generated; each declaration is printed in its file's output.
    let sources: [RuleSource]

    /// The enum that holds the app's implementations of the checks `file` declares: `cards.yaml`
    /// gives `CardsCustomChecks`, `auth/login.yaml` `AuthLoginCustomChecks`.
    func namespace(ofFile file: String) -> String? {
        sources.first { $0.path == file }.map { source in
            let stem = String(source.outputName.dropLast(OutputNaming.suffix.count))
            return (SwiftLiteral.lowerCamelCase(stem).map { ASCIICase.upperFirst($0) } ?? "Rules") + "CustomChecks"
        }
    }

    /// The protocol that lists the requirements of the checks `file` declares.
    func protocolName(ofFile file: String) -> String? {
        namespace(ofFile: file).map { String($0.dropLast("s".count)) + "ing" }
    }

    /// The declarations of `source`, in the order declared.
    func declarations(of source: RuleSource) -> [CustomCheckDeclaration] {
        rules.customChecks.filter { $0.range?.start.file == source.path }
    }

    /// The expression of a use of `declaration`, with the app's implementation: `nil` when no
    /// generated file declares it.
    func use(of declaration: CustomCheckDeclaration) -> String? {
        guard let file = declaration.range?.start.file, let namespace = namespace(ofFile: file) else { return nil }
        return "RuleCoreVersion.custom("
            + [
                SwiftLiteral.string(declaration.name), ".\(declaration.applies.rawValue)",
                "code: " + SwiftLiteral.string(declaration.code),
                "summary: " + SwiftLiteral.string(declaration.summary),
            ].joined(separator: ", ") + ") { \(namespace).\(SwiftLiteral.identifier(declaration.name))($0) }"
    }

    /// The Swift type a check's implementation takes: the type's value, as a value object holds it.
    static func swiftType(_ type: ValueType) -> String {
        switch type {
        case .string: "String"
        case .integer: "Int"
        case .decimal: "Decimal"
        case .date: "LocalDate"
        case .boolean: "Bool"
        }
    }

    /// Prints the protocol and the enum of the checks `source` declares; nothing when it declares none.
    func print(_ source: RuleSource, to printer: CodePrinter) {
        let declarations = declarations(of: source)
        guard !declarations.isEmpty, let namespace = namespace(ofFile: source.path),
            let protocolName = protocolName(ofFile: source.path)
        else { return }
        printer.separator()
        printer.doc(
            "The custom checks that `\(source.displayPath)` declares: `\(namespace)` implements them, in an "
                + "extension the app writes in the module that compiles this file. Generated validators call them, "
                + "so a check left out does not compile. Each gives its verdict on the normalized value; "
                + "synchronous and pure.")
        printer.block("protocol \(protocolName)") {
            for declaration in declarations {
                printer.doc(
                    "`\(declaration.name)`: \(declaration.summary). Whether `value` passes; "
                        + "`\(declaration.code)` when it does not.")
                printer.line(
                    "static func \(SwiftLiteral.identifier(declaration.name))(_ value: "
                        + Self.swiftType(declaration.applies) + ") -> Bool")
            }
        }
        printer.line()
        printer.doc("The app's implementations of the custom checks of `\(source.displayPath)`:")
        printer.doc("```swift")
        printer.doc("extension \(namespace) {")
        for declaration in declarations {
            printer.doc(
                "    static func \(SwiftLiteral.identifier(declaration.name))(_ value: "
                    + Self.swiftType(declaration.applies) + ") -> Bool { … }")
        }
        printer.doc("}")
        printer.doc("```")
        printer.line("enum \(namespace): \(protocolName) {}")
    }

    /// Names a type or model of the rules also has, which the generated enum or protocol would redeclare.
    func diagnostics() -> [Diagnostic] {
        var taken: [String: String] = [:]
        for name in rules.types.map(\.name) + rules.models.map(\.name) { taken[name] = "type or model '\(name)'" }
        var diagnostics: [Diagnostic] = []
        for source in sources where !declarations(of: source).isEmpty {
            for name in [namespace(ofFile: source.path), protocolName(ofFile: source.path)].compactMap({ $0 }) {
                if let other = taken[name] {
                    diagnostics.append(
                        .error(
                            "the custom checks of '\(source.displayPath)' would be implemented in '\(name)', "
                                + "which \(other) also names; rename it", at: declarations(of: source)[0].range))
                } else {
                    taken[name] = "the custom checks of '\(source.displayPath)'"
                }
            }
        }
        let generated = Set(sources.map(\.path))
        for type in rules.types where generated.contains(type.declaration.range?.start.file ?? "") {
            for check in type.checks {
                guard let custom = check.custom, use(of: custom.declaration) == nil else { continue }
                diagnostics.append(
                    .error(
                        "type '\(type.name)' uses custom check '\(custom.declaration.name)', whose declaring rule "
                            + "file is not generated; generate that file too", at: check.range))
            }
        }
        return diagnostics
    }
}
