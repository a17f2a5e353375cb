import RuleCore

/// One case of a generated `Violation` enum: a code, with the typed parameters that the checks
/// reporting it set, such as `titleTooLong(max: Int)`.
///
/// A case carries a check's bound (`min`, `max`) always, and the value only when one of the
/// code's messages shows it (`{value}`), so that every message can be rendered from the case alone.
struct ViolationCase {
    /// A parameter of the case, such as `max: Int`, optional when only some of its checks set it.
    struct Parameter {
        let name: String
        let type: String
        var isOptional: Bool
    }

    /// The code, which names the case.
    let code: String
    /// Its parameters, in the order `min`, `max`, `value`.
    let parameters: [Parameter]
    /// What reports the code: one check, or several that `code:` gave the same code.
    let sources: [TypeValidator.Outcome]

    /// The cases of `outcomes`, one per code, in the order the codes are first reported.
    static func cases(of outcomes: [TypeValidator.Outcome]) -> [ViolationCase] {
        var codes: [String] = []
        for outcome in outcomes where !codes.contains(outcome.code) { codes.append(outcome.code) }
        return codes.map { code in
            let sources = outcomes.filter { $0.code == code }
            let showsValue = sources.contains { source in
                source.templates.byLanguage.values.contains {
                    MessageTemplates.placeholderNames(in: $0).contains("value")
                }
            }
            let each = sources.map { parameters(of: $0, showsValue: showsValue) }
            var union: [Parameter] = []
            for name in ["min", "max", "value"] {
                let found = each.compactMap { $0.first { $0.name == name } }
                guard var parameter = found.first else { continue }
                parameter.isOptional = found.count < sources.count
                union.append(parameter)
            }
            return ViolationCase(code: code, parameters: union, sources: sources)
        }
    }

    private static func parameters(of outcome: TypeValidator.Outcome, showsValue: Bool) -> [Parameter] {
        var parameters: [Parameter] = []
        switch outcome.defaultCode {
        case Length.tooShort: parameters.append(Parameter(name: "min", type: "Int", isOptional: false))
        case Length.tooLong: parameters.append(Parameter(name: "max", type: "Int", isOptional: false))
        case NumberRange.tooSmall: parameters.append(Parameter(name: "min", type: "DecimalNumber", isOptional: false))
        case NumberRange.tooLarge: parameters.append(Parameter(name: "max", type: "DecimalNumber", isOptional: false))
        case DateBound.tooEarly: parameters.append(Parameter(name: "min", type: "LocalDate", isOptional: false))
        case DateBound.tooLate: parameters.append(Parameter(name: "max", type: "LocalDate", isOptional: false))
        default: break
        }
        // NB: `required` sets no value for an absent input, so it never counts as setting one.
        if showsValue && outcome.defaultCode != Required.code {
            parameters.append(Parameter(name: "value", type: "String", isOptional: false))
        }
        return parameters
    }

    /// Two checks that report this code and bound with different messages: a case cannot tell
    /// which message applies, so the rules must give the checks different codes or the same messages.
    func ambiguity(in owner: String) -> Diagnostic? {
        for (index, source) in sources.enumerated() {
            guard let first = sources[..<index].first(where: { bound(of: $0) == bound(of: source) }),
                first.templates != source.templates
            else { continue }
            let language =
                Set(first.templates.byLanguage.keys).union(source.templates.byLanguage.keys).sorted()
                .first { first.templates.byLanguage[$0] != source.templates.byLanguage[$0] } ?? "en"
            return Diagnostic.error(
                "'\(owner)' reports code '\(code)' from two checks with different '\(language)' messages, which generated code cannot tell apart; give the checks different codes, or the same messages",
                at: source.check?.range
            ).noting("the other check", at: first.check?.range)
        }
        return nil
    }

    private func bound(of outcome: TypeValidator.Outcome) -> String? {
        Self.parameters(of: outcome, showsValue: false).first?.name
    }

    /// `titleTooLong(max: Int)`, or the bare name.
    var declaration: String {
        let name = SwiftLiteral.identifier(code)
        guard !parameters.isEmpty else { return name }
        return name + "("
            + parameters.map { "\($0.name): \($0.type)\($0.isOptional ? "?" : "")" }.joined(separator: ", ") + ")"
    }

    /// `.titleTooLong(let max)`, binding every parameter, or `.required`.
    var pattern: String {
        let name = "." + SwiftLiteral.identifier(code)
        return parameters.isEmpty
            ? name : name + "(" + parameters.map { "let \($0.name)" }.joined(separator: ", ") + ")"
    }

    /// The case built from a RuleCore violation named `violation`: `.titleTooLong(` and its arguments.
    var construction: (head: String, arguments: [String]) {
        let name = "." + SwiftLiteral.identifier(code)
        guard !parameters.isEmpty else { return (name, []) }
        return (
            name + "(",
            parameters.map { "\($0.name): RuleCoreVersion.parameter(\(SwiftLiteral.string($0.name)), of: violation)" }
        )
    }

    /// The message parameters, as RuleCore names them, from the variables `pattern` binds.
    var parametersExpression: String {
        guard !parameters.isEmpty else { return "[:]" }
        let pairs = parameters.map { parameter in
            "\"\(parameter.name)\": \(parameter.name)"
                + (parameter.type == "String" ? "" : parameter.isOptional ? "?.description" : ".description")
        }
        let dictionary = "[" + pairs.joined(separator: ", ") + "]"
        return parameters.contains(where: \.isOptional) ? dictionary + ".compactMapValues { $0 }" : dictionary
    }
}

extension ViolationCase {
    /// The case's doc comment: what failed, and which check says so where; one line per check.
    func documentation(valueType: ValueType?, names: SourceNames) -> String {
        sources.map { source in
            let what = Self.describe(source, valueType: valueType)
            guard let check = source.check else { return what.prefix(1).uppercased() + what.dropFirst() }
            return "`\(check.kind.name)`" + (names.location(check.range).map { " at `\($0)`" } ?? "") + ": " + what
        }.joined(separator: "\n")
    }

    private static func describe(_ source: TypeValidator.Outcome, valueType: ValueType?) -> String {
        guard let kind = source.check?.kind else {
            guard source.defaultCode == ValueFormat.code else {
                return valueType == nil
                    ? "no record, where a model's field holds this model." : "absent, or empty after normalization."
            }
            switch valueType {
            case nil: return "not a record of fields."
            case .string?: return "not text, such as a record where a model's field expects text."
            case .integer?: return "not a whole number written in ASCII digits, within 64 bits."
            case .decimal?: return "not a decimal number written as digits with an optional sign and point."
            case .date?: return "not a date written as `YYYY-MM-DD`."
            case .boolean?: return "neither `true` nor `false`."
            }
        }
        switch kind {
        case .required: return "absent, or empty after normalization."
        case .length(let length):
            return (source.defaultCode == Length.tooShort ? "shorter than `min` " : "longer than `max` ")
                + unit(length.unit) + "."
        case .email: return "not an email address as HTML's `<input type=email>` accepts it."
        case .pattern(let pattern): return "does not match `\(pattern.source)` in whole."
        case .oneOf(let oneOf): return "not one of " + oneOf.values.map { "`\($0)`" }.joined(separator: ", ") + "."
        case .range: return source.defaultCode == NumberRange.tooSmall ? "less than `min`." : "greater than `max`."
        case .notBefore(let bound): return "before `min`" + (bound == .today ? ", today." : ".")
        case .notAfter(let bound): return "after `max`" + (bound == .today ? ", today." : ".")
        case .equal(let equal):
            let names = equal.fields.map { "`\($0)`" }
            return names.dropLast().joined(separator: ", ") + " and " + names.last! + " differ; reported on " + names
                .last! + "."
        }
    }

    private static func unit(_ unit: Length.Unit) -> String {
        switch unit {
        case .characters: "characters"
        case .scalars: "Unicode scalars"
        case .utf16: "UTF-16 code units"
        case .bytes: "UTF-8 bytes"
        }
    }
}
