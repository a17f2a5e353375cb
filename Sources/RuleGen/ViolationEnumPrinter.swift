import RuleCore

/// Prints a type's `Violation` enum: its cases, the mapping from RuleCore's violations, the code,
/// and the message, which RuleCore renders from the rules' templates.
struct ViolationEnumPrinter {
    let owner: String
    let cases: [ViolationCase]
    let valueType: ValueType
    let names: SourceNames

    func print(to printer: CodePrinter) {
        let owner = SwiftLiteral.identifier(self.owner)
        printer.block("extension \(owner)") {
            printer.doc("Why a value is not a valid `\(self.owner)`.")
            printer.block("public enum Violation: Error, Hashable, Sendable") {
                for violationCase in cases {
                    printer.doc(violationCase.documentation(valueType: valueType, names: names))
                    printer.line("case " + violationCase.declaration)
                }
                printer.line()
                printer.doc("The violation that ``\(owner)/validator`` reported, as a case.")
                printer.block("init(_ violation: RuleCore.Violation)") {
                    printer.switchBlock("switch violation.code") {
                        for violationCase in cases {
                            Self.printConstruction(
                                of: violationCase, after: "case \(SwiftLiteral.string(violationCase.code)):",
                                to: printer)
                        }
                        printer.line(
                            "default: preconditionFailure(\"'\(self.owner)' reports no code '\\(violation.code)'\")")
                    }
                }
                printer.line()
                Self.printCode(of: cases, to: printer)
                printer.line()
                printer.doc(Self.messageDocumentation)
                printer.block("public func message(language: String) -> String") {
                    let parameters = cases.contains { !$0.parameters.isEmpty } ? "parameters" : "[:]"
                    printer.line(
                        "\(owner).validator.message(code: code, parameters: \(parameters), language: language)")
                }
                if cases.contains(where: { !$0.parameters.isEmpty }) {
                    printer.line()
                    printer.block("private var parameters: [String: String]") {
                        printer.switchBlock("switch self") {
                            for violationCase in cases {
                                printer.line(
                                    "case \(violationCase.pattern):", wrapping: violationCase.parametersExpression)
                            }
                        }
                    }
                }
            }
        }
        printer.line()
        Self.printLocalizedError(of: "\(owner).Violation", to: printer)
    }

    /// Prints `case …: self = .code(…)`, the case built from `violation`, over as many lines as it needs.
    static func printConstruction(of violationCase: ViolationCase, after pattern: String, to printer: CodePrinter) {
        let (head, arguments) = violationCase.construction
        guard !arguments.isEmpty else { return printer.line("\(pattern) self = \(head)") }
        let oneLine = "\(pattern) self = \(head)" + arguments.joined(separator: ", ") + ")"
        guard !printer.fits(oneLine) else { return printer.line(oneLine) }
        printer.line(pattern)
        printer.indent { printer.call("self = " + head, arguments) }
    }

    static let messageDocumentation =
        "The message in `language` (`en`, `ja`, `pt-BR`), from the rules, or English when they have\nnone in that language."

    /// Prints `public var code: String`, a switch over `cases` and, for a model, over the cases
    /// named `fields` that hold a field's violation.
    static func printCode(of cases: [ViolationCase], fields: [String] = [], to printer: CodePrinter) {
        printer.doc("The code, as the rules spell it.")
        printer.block("public var code: String") {
            printer.switchBlock("switch self") {
                for field in fields {
                    printer.line("case .\(field)(let violation): violation.code")
                }
                for violationCase in cases {
                    printer.line(
                        "case .\(SwiftLiteral.identifier(violationCase.code)): \(SwiftLiteral.string(violationCase.code))"
                    )
                }
            }
        }
    }

    /// Prints the `LocalizedError` conformance of `type`, whose `message(language:)` gives the text.
    static func printLocalizedError(of type: String, to printer: CodePrinter) {
        printer.block("extension \(type): LocalizedError") {
            printer.doc("The message in the user's language, from `Locale.current`.")
            printer.line("public var errorDescription: String? { message(language: RuleCoreVersion.language) }")
        }
    }
}
