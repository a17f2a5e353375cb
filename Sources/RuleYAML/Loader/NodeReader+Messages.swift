import RuleCore

extension NodeReader {
    /// `message:` or one code's entry in `messages:`: text (English) or language → text.
    mutating func templates(_ node: YAMLNode, of what: String) -> MessageTemplates? {
        if node.scalar != nil {
            guard let template = text(node, of: what), checkPlaceholders(template, at: node) else { return nil }
            var templates = MessageTemplates(["en": template])
            templates.ranges["en"] = node.range
            return templates
        }
        guard let pairs = mapping(node, of: what, known: nil) else { return nil }
        var byLanguage: [String: String] = [:]
        var ranges: [String: SourceRange] = [:]
        for (language, pair) in pairs {
            if let problem = LanguageTag.problem(with: language) {
                error(problem.message, at: pair.key, fix: problem.fix)
                continue
            }
            ranges[language] = pair.value.range
            if let template = text(pair.value, of: "the '\(language)' message"),
                checkPlaceholders(template, at: pair.value)
            {
                byLanguage[language] = template
            }
        }
        var templates = MessageTemplates(byLanguage)
        templates.ranges = ranges
        return templates
    }

    /// `messages:` of a type, a model or a file's `defaults`: code → templates.
    mutating func messageTable(_ node: YAMLNode, of what: String) -> MessageTable {
        var table = MessageTable()
        for (code, pair) in mapping(node, of: what, known: nil) ?? [] {
            guard Self.isIdentifier(code) else {
                error(
                    "code '\(code)' is not a valid name; use letters, digits and '_', not starting with a digit",
                    at: pair.key)
                continue
            }
            if let templates = templates(pair.value, of: "the messages of '\(code)'") {
                table.byCode[code] = templates
                table.ranges[code] = pair.key.range
            }
        }
        return table
    }

    private mutating func checkPlaceholders(_ template: String, at node: YAMLNode) -> Bool {
        for name in MessageTemplates.placeholderNames(in: template)
        where !MessageTemplates.placeholders.contains(String(name)) {
            error(
                "unknown placeholder '{\(name)}' in message", at: node,
                fix: .closest(to: String(name), among: MessageTemplates.placeholders))
            return false
        }
        return true
    }
}
