import RuleCore

/// Prints a model's form: an `@Observable` class (`SignUpForm`) that declares one field per field
/// of the model, each holding the raw input a SwiftUI control binds (a nested form for a field
/// that holds a model), and inherits the rest
/// (violations, messages, touched state, validation modes, `submit()`, server violations) from
/// `RuleCoreGeneratedCodeVersion1.Form`.
///
/// The form is guarded by `#if canImport(Observation)` and marked available from the first
/// releases with Observation, so that the file still compiles where Observation is missing.
struct FormGenerator {
    let model: ModelGenerator

    /// The raw input of each field: text for strings, integers and decimals (typed in a text
    /// field); a flag for a boolean, `nil` until set where the field is optional; an optional
    /// `Date` for a date; the optional case of a `oneOf` enum (`Plan.Value?`), `nil` until chosen;
    /// an array of raw items for a list; a `ValidationInput` record for an item of a list of
    /// models. A field that holds one model is a nested form instead (`Subform<Address, AddressForm>`).
    static func rawType(of field: ModelGenerator.Field, rules: RuleSet) -> String {
        let item: String
        if field.holdsModel {
            item = "ValidationInput"
        } else if field.isCaseValue && !field.isList {
            item = field.inputType + "?"
        } else {
            switch rules.types.first(where: { $0.name == field.declaration.typeName })?.valueType {
            case .boolean?: item = field.isOptional && !field.isList ? "Bool?" : "Bool"
            case .date?: item = "Date?"
            default: item = "String"
            }
        }
        return field.isList ? "[\(item)]" : item
    }

    /// The Swift name of the form of `model`.
    static func formName(of model: String) -> String { model + "Form" }

    func print(to printer: CodePrinter) {
        let name = SwiftLiteral.identifier(Self.formName(of: model.model.name))
        let modelName = SwiftLiteral.identifier(model.model.name)
        printer.separator()
        printer.line("#if canImport(Observation)")
        printer.doc(
            """
            The form of a `\(model.model.name)`, as a view binds it: each field's raw input (`$form.\(model.fields.first?.name ?? "field").raw`), \
            its violations and message in the form's language, whether it was touched; `submit()` shows every \
            violation at once and gives the `\(model.model.name)` when the input is valid.

            Every change validates the whole input, so a check across fields is checked again when either field \
            changes. Observation only: it builds wherever Observation does, without SwiftUI.
            """)
        printer.line("@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)")
        printer.block("public final class \(name): RuleCoreGeneratedCodeVersion1.Form<\(modelName)>") {
            for field in model.fields {
                let raw = Self.rawType(of: field, rules: model.rules)
                printer.doc(
                    "The `\(field.declaration.name)` field\(field.isOptional ? ", which may be left empty" : "").")
                let arguments =
                    [SwiftLiteral.string(field.declaration.name)] + (field.isOptional ? ["optional: true"] : [])
                let form = SwiftLiteral.identifier(Self.formName(of: field.declaration.typeName))
                let kind = field.holdsModel && !field.isList ? "Subform<\(field.typeName), \(form)>" : "Field<\(raw)>"
                printer.line("public let \(field.name) = \(kind)(\(arguments.joined(separator: ", ")))")
            }
            printer.line()
            printer.doc("The fields, in the model's order.")
            let list = "public override var fields: [AnyField] { [" + model.fields.map(\.name).joined(separator: ", ")
            if printer.fits(list + "] }") {
                printer.line(list + "] }")
            } else {
                printer.block("public override var fields: [AnyField]") {
                    printer.list("[", model.fields.map(\.name), closing: "]")
                }
            }
        }
        printer.line("#endif")
    }
}

extension FormGenerator {
    /// Names a field cannot have: the members of a generated form, which a field's property would
    /// override or hide.
    static let reservedFields: Set<String> = [
        "AnyField", "Field", "Model", "Subform", "apply", "context", "currentViolations", "fields", "formMessages",
        "isSubmitted",
        "isValid",
        "language", "messages", "mode", "reset", "submit", "timeZone", "violations",
    ]
}
