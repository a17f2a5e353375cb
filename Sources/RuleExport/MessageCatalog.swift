public import RuleCore

/// Every message a rule set can report, keyed `Type.code` (such as `TaskTitle.titleTooLong`),
/// in every language any of its messages is written in, as an Apple String Catalog or plain JSON.
///
/// The String Catalog holds formats, as `String(localized:)` and `String(format:)` fill them: each
/// placeholder a positional specifier of its kind (``RuleCore/MessageFormat``), the bound first
/// (`%1$lld` for a length or count, `%1$@` for a number or a date), then the value (`%2$@`), so a
/// translation may reorder them. ``RuleCore/Violation/message(language:bundle:table:)`` fills them
/// with a violation's ``RuleCore/Violation/formatArguments``. Plain JSON keeps the named
/// placeholders (`{min}`, `{max}`, `{value}`) as the rules write them.
///
/// ```swift
/// let catalog = MessageCatalog(rules)
/// catalog.entries.map(\.key)                   // ["EmailAddress.emptyEmail", …]
/// let xcstrings = catalog.stringCatalog().rendered(.xcode)
/// ```
public struct MessageCatalog: Sendable {
    /// One key's templates.
    public struct Entry: Sendable, Hashable {
        /// `Type.code`.
        public var key: String
        /// The templates the look-up resolves for the code: the check's, the type's, the file's, the built-ins.
        public var templates: MessageTemplates
        /// The built-in code it stands for, which says what fills its placeholders.
        public var builtin: CheckCode

        /// The template for `language` as a format (see ``RuleCore/MessageFormat``).
        public func format(for language: String) -> String? {
            templates.template(for: language).map { MessageFormat.format(of: $0, for: builtin) }
        }
    }

    /// The entries in declaration order: types, then models; within each, in the order its
    /// codes can be reported.
    public let entries: [Entry]
    /// Every language of any entry, sorted, the source language `en` first.
    public let languages: [String]
    /// Codes of one type or model that two checks report with different messages: the catalog
    /// keeps the first, so each is a warning at the later check.
    public let warnings: [Diagnostic]

    /// Collects the messages of `rules`.
    public init(_ rules: RuleSet) {
        var entries: [Entry] = []
        var warnings: [Diagnostic] = []
        func add(_ owner: String, _ outcomes: [Outcome]) {
            var seen: [String: MessageTemplates] = [:]
            for outcome in outcomes {
                if let first = seen[outcome.code] {
                    if first != outcome.templates {
                        warnings.append(
                            .warning(
                                "'\(owner)' reports '\(outcome.code)' with other messages here than before; "
                                    + "the catalog keeps the first", at: outcome.check?.range))
                    }
                    continue
                }
                seen[outcome.code] = outcome.templates
                entries.append(
                    Entry(key: "\(owner).\(outcome.code)", templates: outcome.templates, builtin: outcome.builtin))
            }
        }
        for type in rules.types {
            let outcomes = rules.validator(named: type.name)!.outcomes
            add(
                type.name,
                (type.isOptional ? [] : [outcomes.required]) + (type.valueType == .string ? [] : [outcomes.format])
                    + outcomes.ofChecks)
        }
        for model in rules.models {
            add(model.name, rules.validator(named: model.name)!.outcomes)
        }
        self.entries = entries
        self.warnings = warnings
        let sorted = Set(entries.flatMap(\.templates.byLanguage.keys)).sorted()
        languages = sorted.filter { $0 == "en" } + sorted.filter { $0 != "en" }
    }

    /// An Apple String Catalog (`.xcstrings`), to render with ``JSONValue/Style/xcode``: every key
    /// in every language, as a format; a language with no message of its own gets the one the
    /// look-up falls back to, marked `needs_review` instead of `translated`.
    public func stringCatalog() -> JSONValue {
        let strings = entries.map { entry -> JSONValue.Member in
            let localizations = languages.compactMap { language -> JSONValue.Member? in
                guard let text = entry.format(for: language) else { return nil }
                let state = entry.templates.byLanguage[language] == nil ? "needs_review" : "translated"
                let unit = JSONValue.object([.init("state", .string(state)), .init("value", .string(text))])
                return .init(language, .object([.init("stringUnit", unit)]))
            }
            return .init(
                entry.key,
                .object([.init("extractionState", "manual"), .init("localizations", .object(localizations))]))
        }
        return .object([
            .init("sourceLanguage", "en"), .init("strings", .object(strings)), .init("version", "1.0"),
        ])
    }

    /// `{"Type.code": {language: message}}`: every key in every language, each message the one
    /// the look-up finds for that language, fallbacks included.
    public func plainJSON() -> JSONValue {
        .object(
            entries.map { entry in
                .init(
                    entry.key,
                    .object(
                        languages.compactMap { language in
                            entry.templates.template(for: language).map { .init(language, .string($0)) }
                        }))
            })
    }
}
