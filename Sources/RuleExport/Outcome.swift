import RuleCore

/// What a violation reports under one of a check's default codes: the code, as `code:` may have
/// renamed it, and the templates the message look-up resolves for it.
struct Outcome {
    let code: String
    let templates: MessageTemplates
    /// The check that reports it; `nil` for outcomes no declared check gives, such as `invalidFormat`.
    let check: Check?

    /// The outcome of `check` under `defaultCode`, its messages looked up in `messages` (a type's
    /// or model's) and then among the built-ins.
    init(_ check: Check?, _ defaultCode: String, messages: MessageTable) {
        code = check?.code(for: defaultCode) ?? defaultCode
        templates = messages.templates(for: check, defaultCode: defaultCode)
        self.check = check
    }
}
