import RuleCore

/// Rule declarations spelled as the Swift expressions that build them, which generated code
/// compiles with `RuleCore`, so that no semantic is written out again.
enum RuleLiteral {
    /// Prints `TypeRule(…)` for `type` with its bases folded in: a self-contained declaration
    /// that compiles into the validator the rule set compiled, and that needs no other type.
    ///
    /// Only the messages of codes the type reports are kept, so that a file's `defaults.messages`
    /// is not copied into every type.
    static func print(_ type: ResolvedType, outcomes: [TypeValidator.Outcome], to printer: CodePrinter, prefix: String)
    {
        var arguments: [Argument] = [.line("name: " + SwiftLiteral.string(type.name))]
        if type.valueType != .string { arguments.append(.line("base: .valueType(.\(type.valueType.rawValue))")) }
        if !type.normalizers.isEmpty {
            arguments.append(.line("normalizers: " + SwiftLiteral.array(type.normalizers) { "." + $0.rawValue }))
        }
        if !type.checks.isEmpty { arguments.append(.checks(type.checks)) }
        if type.isOptional { arguments.append(.line("optional: true")) }
        arguments += messages(type.messages, outcomes)
        print(prefix + "TypeRule(", arguments, to: printer)
    }

    /// Prints `ModelRule(…)` for `model`, its file's default messages folded into its own.
    static func print(_ model: ModelRule, outcomes: [TypeValidator.Outcome], to printer: CodePrinter, prefix: String) {
        let fields = model.fields.map { field in
            "ModelRule.Field(name: \(SwiftLiteral.string(field.name)), typeName: \(SwiftLiteral.string(field.typeName))"
                + (field.optional.map { ", optional: \($0)" } ?? "") + ")"
        }
        var arguments: [Argument] = [
            .line("name: " + SwiftLiteral.string(model.name)), .list("fields: [", fields, closing: "]"),
        ]
        if !model.checks.isEmpty { arguments.append(.checks(model.checks)) }
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
    private static func print(_ opening: String, _ arguments: [Argument], to printer: CodePrinter) {
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
                        for check in checks { printer.call("Check(", Self.arguments(of: check), closing: "),") }
                    }
                    printer.line("]" + end)
                }
            }
        }
    }

    /// The `messages:` argument: the messages of the codes in `outcomes`, in the order the codes
    /// are reported; none when no code has messages.
    private static func messages(_ table: MessageTable, _ outcomes: [TypeValidator.Outcome]) -> [Argument] {
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

    /// The arguments of `Check(.length(Length(min: 1, max: 20)), codes: […], messages: …)`.
    static func arguments(of check: Check) -> [String] {
        var arguments = [kind(check.kind)]
        if !check.codes.isEmpty {
            let order = check.kind.defaultCodes
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

    private static func kind(_ kind: Check.Kind) -> String {
        switch kind {
        case .required: ".required"
        case .email: ".email"
        case .length(let length):
            ".length(Length("
                + ([
                    length.min.map { "min: \($0)" }, length.max.map { "max: \($0)" },
                    length.unit == .characters ? nil : "unit: .\(length.unit.rawValue)",
                ]
                .compactMap { $0 }.joined(separator: ", ")) + "))"
        case .pattern(let pattern): ".pattern(try! Pattern(\(SwiftLiteral.string(pattern.source))))"
        case .oneOf(let oneOf): ".oneOf(OneOf(\(SwiftLiteral.array(oneOf.values, SwiftLiteral.string))))"
        case .range(let range):
            ".range(NumberRange("
                + [
                    range.min.map { "min: DecimalNumber(\"\($0)\")" },
                    range.max.map { "max: DecimalNumber(\"\($0)\")" },
                ]
                .compactMap { $0 }.joined(separator: ", ") + "))"
        case .notBefore(let bound): ".notBefore(\(dateBound(bound)))"
        case .notAfter(let bound): ".notAfter(\(dateBound(bound)))"
        case .equal(let equal): ".equal(Equal(fields: \(SwiftLiteral.array(equal.fields, SwiftLiteral.string))))"
        }
    }

    private static func dateBound(_ bound: DateBound) -> String {
        switch bound {
        case .today: ".today"
        case .date(let date): ".date(LocalDate(year: \(date.year), month: \(date.month), day: \(date.day))!)"
        }
    }
}
