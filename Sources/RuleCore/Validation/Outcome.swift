/// What a validator can report: a code, the check and built-in code it comes from, its resolved
/// messages, and its place among its validator's outcomes, which is its identity.
///
/// Outcomes are made once, when rules compile; a ``Violation`` points at one, so a violation's
/// code, messages and bound kind are found without looking anything up by name.
///
/// NB: a class, so that a violation retains one reference instead of each of its parts.
public final class Outcome: Sendable, Hashable, CustomStringConvertible {
    /// The code reported, such as `titleTooLong`.
    public let code: String
    /// The built-in code it stands for, with its bound and built-in messages.
    public let builtin: CheckCode
    /// The messages: the check's own, then the type's or model's, the file's defaults, the built-ins.
    public let templates: MessageTemplates
    /// The check that reports it; `nil` for `required` and `invalidFormat` when no check declares them.
    public let check: Check?
    /// Its place among the outcomes of the type or model that reports it.
    public let index: Int
    /// Whether it is an outcome of a `sensitive: true` type, whose values are never echoed.
    public let isSensitive: Bool
    /// The type or model that reports it, such as `TaskTitle`; empty when not known.
    public let owner: String
    /// Whether only a server reports it: a code of `serverCodes:`, which no check of the rules gives.
    public let isServerOnly: Bool

    /// Creates an outcome.
    public init(
        code: String, builtin: CheckCode, templates: MessageTemplates, check: Check?, index: Int,
        isSensitive: Bool = false, owner: String = "", isServerOnly: Bool = false
    ) {
        self.isServerOnly = isServerOnly
        self.owner = owner
        self.code = code
        self.builtin = builtin
        self.templates = templates
        self.check = check
        self.index = index
        self.isSensitive = isSensitive
        var head = Array(#"{"code":"#.utf8)
        JSONString.quote(code, into: &head)
        head += #","builtinCode":"#.utf8
        JSONString.quote(builtin.name, into: &head)
        problemJSONHead = head
    }

    /// How a violation of it starts in problem details, `{"code":…,"builtinCode":…`, escaped once
    /// when rules compile instead of on every request.
    let problemJSONHead: [UInt8]

    /// An outcome known only by its code and messages, as another implementation reports it.
    public convenience init(code: String, templates: MessageTemplates) {
        self.init(
            code: code, builtin: CheckCode(code, placeholder: nil, boundKind: nil, summary: "", messages: [:]),
            templates: templates, check: nil, index: -1)
    }

    /// The built-in code it stands for, such as `tooLong`; equal to ``code`` unless `code:` renamed it.
    public var builtinCode: String { builtin.name }

    /// The message in `language`, with `bound` and `value` filled in; the code when no message
    /// exists in any language.
    public func message(language: String, bound: Bound?, value: String?) -> String {
        guard let template = templates.template(for: language) else { return code }
        return MessageTemplates.fill(template) { parameter($0, bound: bound, value: value) }
    }

    /// The message as ``message(language:bound:value:)`` has it, escaped as inside a JSON string,
    /// written straight into `out`; `value` is asked for only when the message shows it.
    func writeMessage(language: String, bound: Bound?, value: () -> String?, into out: inout [UInt8]) {
        guard let template = templates.template(for: language) else { return JSONString.escape(code, into: &out) }
        MessageTemplates.forEachPart(of: template) {
            parameter($0, bound: bound, value: value())
        } _: {
            JSONString.escape(utf8: $0, into: &out)
        }
    }

    /// The parameter named `name`, as ``parameters(bound:value:)`` has it, without building the dictionary.
    private func parameter(_ name: String, bound: Bound?, value: @autoclosure () -> String?) -> String? {
        if name == "value" { return value() }
        guard let bound, let placeholder = builtin.placeholder, name == placeholder else { return nil }
        return bound.description
    }

    /// Its key in an exported message catalog: `Type.code`, such as `TaskTitle.titleTooLong`.
    public var catalogKey: String { owner + "." + code }

    /// The message parameters by placeholder name.
    func parameters(bound: Bound?, value: String?) -> [String: String] {
        var parameters: [String: String] = [:]
        if let placeholder = builtin.placeholder, let bound { parameters[placeholder] = bound.description }
        parameters["value"] = value
        return parameters
    }

    /// Whether its check, with its parameters as given, can report it
    /// (``Check/reachableBuiltinCodes(optional:emptyNeverChecked:)``): what a generated `Violation`
    /// enum has a case for. `required` and `invalidFormat`, of no check, always are; `optional` says
    /// whether a list check's field is optional, `emptyNeverChecked` whether the type keeps empty
    /// values from its checks.
    public func isReachable(optional: Bool = false, emptyNeverChecked: Bool = false) -> Bool {
        guard let check else { return true }
        return check.reachableBuiltinCodes(optional: optional, emptyNeverChecked: emptyNeverChecked)
            .contains { $0.name == builtinCode }
    }

    /// `code` (`builtin`) #index.
    public var description: String {
        code + (code == builtinCode ? "" : " (\(builtinCode))") + " #\(index)"
    }

    public static func == (a: Outcome, b: Outcome) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension [Outcome] {
    /// A validator's `required` outcome, always the first: what an absent value, or an empty one
    /// where `required` is declared, reports.
    public var required: Outcome { self[0] }
    /// A validator's `invalidFormat` outcome, always the second: what a value of the wrong kind reports.
    public var format: Outcome { self[1] }
    /// A validator's outcomes of its declared checks, after `required` and `invalidFormat`, then
    /// those of its `serverCodes:` (``Outcome/isServerOnly``).
    public var ofChecks: ArraySlice<Outcome> { dropFirst(2) }
    /// A validator's outcomes that only a server reports, last of all.
    public var serverOnly: ArraySlice<Outcome> { self[(lastIndex { !$0.isServerOnly }! + 1)...] }
}

/// One check of a type or model with what it can report, one outcome for each of its built-in codes.
public struct CheckOutcomes: Sendable {
    /// The check.
    public let check: Check
    /// Its outcomes, in the order of its built-in codes.
    public let outcomes: [Outcome]
}

/// The bound a value missed, typed: a length, a number, a date or a text.
public enum Bound: Hashable, Sendable, CustomStringConvertible {
    /// A length or count.
    case count(Int)
    /// A number.
    case number(DecimalNumber)
    /// A date.
    case date(LocalDate)
    /// A text, such as the prefix a value must start with (format 1.3).
    case text(String)

    /// The bound as a message shows it: `20`, `1.5`, `2026-11-22`, `JP-`.
    public var description: String {
        switch self {
        case .count(let count): String(count)
        case .number(let number): number.description
        case .date(let date): date.description
        case .text(let text): text
        }
    }
}
