import RuleCore

extension NodeReader {
    /// `message:` or one code's entry in `messages:`: text (English) or language → text.
    mutating func templates(_ node: YAMLNode, of what: String) -> MessageTemplates? {
        if node.scalar != nil {
            return text(node, of: what).flatMap { checkPlaceholders($0, at: node) ? MessageTemplates(["en": $0]) : nil }
        }
        guard let pairs = mapping(node, of: what, known: nil) else { return nil }
        var byLanguage: [String: String] = [:]
        for (language, pair) in pairs {
            guard Self.isLanguageTag(language) else {
                error("'\(language)' is not a language tag; use one such as 'en', 'ja' or 'pt-BR'", at: pair.key)
                continue
            }
            if let template = text(pair.value, of: "the '\(language)' message"),
                checkPlaceholders(template, at: pair.value)
            {
                byLanguage[language] = template
            }
        }
        return MessageTemplates(byLanguage)
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

    /// `en`, `ja`, `pt-BR`, `zh-Hant-TW`: two or three letters, then subtags of 2 to 8 letters or digits.
    static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
        else {
            return false
        }
        return parts.dropFirst().allSatisfy {
            (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
