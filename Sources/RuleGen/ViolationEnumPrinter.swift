import RuleCore

/// Prints a type's or model's `Violation` enum: its cases, the case of a RuleCore violation, and
/// the RuleCore violation of a case, both by the outcome's identity; `RuleCore` gives the code,
/// path and message from there.
struct ViolationEnumPrinter {
    /// A field of a model, whose violations a case wraps.
    struct Field {
        let name: String
        let key: String
        let typeName: String
        /// Whether the field is a list of values of `typeName`, whose cases carry the item's index.
        var isList = false
    }

    let owner: String
    let cases: [ViolationCase]
    let valueType: ValueType?
    let fields: [Field]
    let names: SourceNames

    /// The path a model's own case reports on: the field its check names, if any.
    private func path(of violationCase: ViolationCase) -> String? {
        ViolationCase.reportedField(violationCase.outcomes[0]).map { SwiftLiteral.array([$0], SwiftLiteral.string) }
    }

    func print(to printer: CodePrinter) {
        let owner = SwiftLiteral.identifier(self.owner)
        printer.block("extension \(owner)") {
            printer.doc(
                valueType == nil
                    ? "Why a `\(self.owner)` is not valid: one field's violation, or one of a check across fields."
                    : "Why a value is not a valid `\(self.owner)`.")
            printer.block("public enum Violation: RuleCoreVersion.Violation") {
                for field in fields {
                    if field.isList {
                        printer.doc(
                            "An item of the `\(field.key)` list, at `index`, is not a valid `\(field.typeName)`.")
                        printer.line("case \(field.name)(index: Int, \(field.typeName).Violation)")
                        continue
                    }
                    printer.doc("The `\(field.key)` field is not a valid `\(field.typeName)`.")
                    printer.line("case \(field.name)(\(field.typeName).Violation)")
                }
                for violationCase in cases {
                    printer.doc(violationCase.documentation(valueType: valueType, names: names))
                    printer.line("case " + violationCase.declaration)
                }
                printer.line()
                printInit(owner: owner, to: printer)
                printer.line()
                printViolation(owner: owner, to: printer)
            }
            if valueType == nil {
                printer.line()
                printer.doc("Every violation of a `\(self.owner)`, thrown as one error.")
                printer.line("public typealias Violations = RuleCoreGeneratedCodeVersion1.Violations<Violation>")
            }
        }
    }

    private func printInit(owner: String, to printer: CodePrinter) {
        // NB: a case is decoded by its outcome's identity (owner, index, code); a violation of
        // another type or model, or of no case, gives `nil`: a model's field's, by the field's enum.
        // A value object's cases are made of its validator's first miss, which its violation
        // stands for: no RuleCore violation is built for a value object's own throw.
        if valueType != nil {
            printer.line(
                "public init?(_ violation: RuleCore.Violation) { self.init(violation, in: \(owner).validator) }")
            printer.line()
            printer.block("public init?(outcome: Int, bound: Bound?, value: () -> String)") {
                printer.switchBlock("switch outcome") {
                    for violationCase in cases {
                        let indices = violationCase.outcomes.map { "\($0.index)" }.joined(separator: ", ")
                        printer.line("case \(indices):", wrapping: "self = \(violationCase.outcomeConstruction)")
                    }
                    printer.line("default: return nil")
                }
            }
            return
        }
        printer.block("public init?(_ violation: RuleCore.Violation)") {
            printer.switchBlock("switch Self.ownIndex(of: violation, in: \(owner).validator)") {
                for violationCase in cases {
                    let indices = violationCase.outcomes.map { "\($0.index)?" }.joined(separator: ", ")
                    printer.line("case \(indices):", wrapping: "self = \(violationCase.construction)")
                }
                guard !fields.isEmpty else { return printer.line("default: return nil") }
                printer.line("default:")
                printer.indent {
                    printer.line("let field: Self? =")
                    printer.indent {
                        printer.switchBlock("switch violation.path.first") {
                            for field in fields {
                                printer.line(
                                    "case \(SwiftLiteral.string(field.key)):",
                                    wrapping: field.isList
                                        ? "Self.item(violation, Self.\(field.name)(index:_:))"
                                        : "Self.field(violation, Self.\(field.name))")
                            }
                            printer.line("default: nil")
                        }
                    }
                    printer.line("guard let field else { return nil }")
                    printer.line("self = field")
                }
            }
        }
    }

    private func printViolation(owner: String, to printer: CodePrinter) {
        printer.block("public var violation: RuleCore.Violation") {
            printer.switchBlock("switch self") {
                for field in fields {
                    let key = SwiftLiteral.string(field.key)
                    printer.line(
                        field.isList
                            ? "case .\(field.name)(let index, let violation):" : "case .\(field.name)(let violation):",
                        wrapping: field.isList
                            ? "Self.outer(violation.violation, field: \(key), index: index)"
                            : "Self.outer(violation.violation, field: \(key))")
                }
                for violationCase in cases {
                    let index = violationCase.outcomes[0].index
                    let path = path(of: violationCase).map { ", path: \($0)" } ?? ""
                    printer.line(
                        "case \(violationCase.pattern):",
                        wrapping:
                            "Self.violation(\(owner).validator, \(index)\(path)\(violationCase.violationArguments))")
                }
            }
        }
    }
}
