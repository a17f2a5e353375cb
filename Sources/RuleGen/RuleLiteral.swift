import RuleCore

/// Rule declarations spelled as the Swift expressions that build them, which generated code
/// compiles with `RuleCore`, so that no semantic is written out again.
enum RuleLiteral {
    /// Prints `TypeRule(…)` for `type` with its bases folded in: a self-contained declaration
    /// that compiles into the validator the rule set compiled, and that needs no other type.
    ///
    /// Only the messages of codes the type reports are kept, so that a file's `defaults.messages`
    /// is not copied into every type. A custom check is spelled by `custom`, with the app's implementation.
    static func print(
        _ type: ResolvedType, outcomes: [Outcome], to printer: CodePrinter, prefix: String,
        custom: (CustomCheckDeclaration) -> String? = { _ in nil }
    ) {
        var arguments: [Argument] = [.line("name: " + SwiftLiteral.string(type.name))]
        if type.valueType != .string { arguments.append(.line("base: .valueType(.\(type.valueType.rawValue))")) }
        if !type.normalizers.isEmpty {
            arguments.append(.line("normalizers: " + SwiftLiteral.array(type.normalizers) { "." + $0.rawValue }))
        }
        if !type.checks.isEmpty { arguments.append(.checks(type.checks)) }
        if type.isOptional { arguments.append(.line("optional: true")) }
        if type.isSensitive { arguments.append(.line("sensitive: true")) }
        arguments += serverCodes(type.serverCodes)
        arguments += messages(type.messages, outcomes)
        print(prefix + "TypeRule(", arguments, to: printer, custom: custom)
    }

    /// Prints `ModelRule(…)` for `model`, its file's default messages folded into its own.
    static func print(_ model: ModelRule, outcomes: [Outcome], to printer: CodePrinter, prefix: String) {
        let fields = model.fields.map { field in
            "ModelRule.Field(name: \(SwiftLiteral.string(field.name)), typeName: \(SwiftLiteral.string(field.typeName))"
                + (field.optional.map { ", optional: \($0)" } ?? "")
                + (field.list.map { ", list: " + descriptor($0) } ?? "")
                + (field.sensitive.map { ", sensitive: \($0)" } ?? "")
                + ")"
        }
        var arguments: [Argument] = [
            .line("name: " + SwiftLiteral.string(model.name)), .list("fields: [", fields, closing: "]"),
        ]
        if !model.checks.isEmpty { arguments.append(.checks(model.checks)) }
        arguments += serverCodes(model.serverCodes)
        arguments += messages(model.messages.over(model.defaultMessages), outcomes)
        print(prefix + "ModelRule(", arguments, to: printer)
    }

    /// An argument of `TypeRule(…)` or `ModelRule(…)`, printed on a line or over several.
    private enum Argument {
        case line(String)
        case list(String, [String], closing: String)
        case checks([Check])
    }

    /// Prints the call on one line when its arguments are short ones, else an argument a line.
    private static func print(
        _ opening: String, _ arguments: [Argument], to printer: CodePrinter,
        custom: (CustomCheckDeclaration) -> String? = { _ in nil }
    ) {
        let short = arguments.compactMap { argument -> String? in
            if case .line(let text) = argument { text } else { nil }
        }
        guard short.count < arguments.count || !printer.fits(opening + short.joined(separator: ", ") + ")") else {
            return printer.line(opening + short.joined(separator: ", ") + ")")
        }
        printer.line(opening)
        printer.indent {
            for (index, argument) in arguments.enumerated() {
                let end = index == arguments.count - 1 ? ")" : ","
                switch argument {
                case .line(let text):
                    printer.line(text + end)
                case .list(let opening, let elements, let closing):
                    printer.list(opening, elements, closing: closing + end)
                case .checks(let checks):
                    printer.line("checks: [")
                    printer.indent {
                        for check in checks {
                            printer.call("Check(", Self.arguments(of: check, custom: custom), closing: "),")
                        }
                    }
                    printer.line("]" + end)
                }
            }
        }
    }

    /// The `serverCodes:` argument; none when there are none.
    private static func serverCodes(_ codes: [String]) -> [Argument] {
        codes.isEmpty ? [] : [.line("serverCodes: " + SwiftLiteral.array(codes, SwiftLiteral.string))]
    }

    /// The `messages:` argument: the messages of the codes in `outcomes`, in the order the codes
    /// are reported; none when no code has messages.
    private static func messages(_ table: MessageTable, _ outcomes: [Outcome]) -> [Argument] {
        var codes: [String] = []
        for outcome in outcomes where !codes.contains(outcome.code) { codes.append(outcome.code) }
        let entries = codes.compactMap { code in
            table.byCode[code].map { SwiftLiteral.string(code) + ": " + templates($0) }
        }
        return entries.isEmpty ? [] : [.list("messages: MessageTable([", entries, closing: "])")]
    }

    /// `["en": "…", "ja": "…"]`, English first, then by language tag.
    private static func templates(_ templates: MessageTemplates) -> String {
        let pairs = templates.byLanguage.sorted { ($0.key == "en" ? 0 : 1, $0.key) < ($1.key == "en" ? 0 : 1, $1.key) }
        return SwiftLiteral.dictionary(pairs.map { (key: $0.key, value: $0.value) })
    }

    /// The arguments of `Check(LengthCheck(min: 1, max: 20), codes: […], messages: …)`.
    static func arguments(
        of check: Check, custom: (CustomCheckDeclaration) -> String? = { _ in nil }
    ) -> [String] {
        var arguments = [check.custom.flatMap { custom($0.declaration) } ?? descriptor(check.descriptor)]
        if !check.codes.isEmpty {
            let order = check.builtinCodes.map(\.name)
            let codes = check.codes.sorted {
                (order.firstIndex(of: $0.key) ?? order.count, $0.key) < (
                    order.firstIndex(of: $1.key) ?? order.count, $1.key
                )
            }
            arguments.append("codes: " + SwiftLiteral.dictionary(codes.map { (key: $0.key, value: $0.value) }))
        }
        if !check.messages.byLanguage.isEmpty {
            arguments.append("messages: MessageTemplates(" + templates(check.messages) + ")")
        }
        return arguments
    }

    /// `LengthCheck(min: 1, max: 20)`: the descriptor's memberwise initializer with its arguments,
    /// leaving out those at their default.
    private static func descriptor(_ descriptor: any CheckDescriptor) -> String {
        let specs = type(of: descriptor).parameters
        let arguments = descriptor.arguments.compactMap { name, value -> String? in
            let spec = specs.first { $0.name == name }
            guard spec?.defaultValue != value else { return nil }
            if case .text(let choice) = value, spec?.kind.isChoice == true { return "\(name): .\(choice)" }
            return "\(name): " + literal(value)
        }
        return "\(type(of: descriptor))(" + arguments.joined(separator: ", ") + ")"
    }

    /// A parameter's value as a Swift expression.
    private static func literal(_ value: ParameterValue) -> String {
        switch value {
        case .integer(let number): String(number)
        case .decimal(let number):
            // NB: `written:` only where the written fraction digits (`50.00`) are more than the shortest form's.
            DecimalNumber(number.description)?.description == number.description
                ? "DecimalNumber(\"\(number)\")!" : "DecimalNumber(written: \"\(number)\")!"
        case .boolean(let flag): String(flag)
        case .text(let text): SwiftLiteral.string(text)
        case .texts(let texts): SwiftLiteral.array(texts, SwiftLiteral.string)
        case .date(.today): ".today"
        case .date(.date(let date)): ".date(LocalDate(year: \(date.year), month: \(date.month), day: \(date.day))!)"
        case .date(.fromToday(let offset)): ".fromToday(DateOffset(\(offset.amount), .\(offset.unit)))"
        case .pattern(let pattern): "try! RulePattern(\(SwiftLiteral.string(pattern.source)))"
        }
    }
}

extension ParameterSpec.Kind {
    /// Whether a value of this kind may be a name that generated code spells as an enum case,
    /// `.characters` or `.any`.
    fileprivate var isChoice: Bool {
        switch self {
        case .choice, .textsOr: true
        default: false
        }
    }
}
