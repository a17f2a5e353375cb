/// One violation's message in several languages, with `{min}`, `{max}` and `{value}` placeholders.
public struct MessageTemplates: Hashable, Sendable {
    /// Templates by language tag (`en`, `ja`, `pt-BR`).
    public var byLanguage: [String: String]
    /// Where each language's template is written, for `lint`; no part of equality.
    public var ranges: [String: SourceRange] = [:]

    /// The placeholders a template may use.
    public static let placeholders = ["min", "max", "value"]

    /// Creates templates from a language → template map.
    public init(_ byLanguage: [String: String] = [:]) {
        self.byLanguage = byLanguage
    }

    public static func == (a: MessageTemplates, b: MessageTemplates) -> Bool { a.byLanguage == b.byLanguage }

    public func hash(into hasher: inout Hasher) { hasher.combine(byLanguage) }

    /// These templates, with `fallback`'s for the languages these lack.
    public func over(_ fallback: MessageTemplates) -> MessageTemplates {
        MessageTemplates(byLanguage.merging(fallback.byLanguage) { mine, _ in mine })
    }

    /// The template for `language`, trying `pt-BR`, then `pt`, then `en`; tags compare
    /// case-insensitively, as RFC 5646 has them (`JA` and `ja-jp` find `ja`).
    public func template(for language: String) -> String? {
        var tag = Substring(language)
        while true {
            if let template = byLanguage[String(tag)] ?? caseInsensitive(tag) { return template }
            guard let dash = tag.lastIndex(where: { $0 == "-" || $0 == "_" }) else { break }
            tag = tag[..<dash]
        }
        return byLanguage["en"]
    }

    private func caseInsensitive(_ tag: Substring) -> String? {
        let lowered = tag.lowercased()
        return byLanguage.first { $0.key.lowercased() == lowered }?.value
    }

    /// The message for `language`, its placeholders replaced by `parameters`; a placeholder
    /// with no parameter stays as written.
    public func message(for language: String, parameters: [String: String]) -> String? {
        guard let template = template(for: language) else { return nil }
        return Self.fill(template, with: parameters)
    }

    /// The names inside `{…}` in `template`, in order, for checking them when rules load.
    public static func placeholderNames(in template: String) -> [Substring] {
        var names: [Substring] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    static func fill(_ template: String, with parameters: [String: String]) -> String {
        guard template.contains("{") else { return template }
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            result += parameters[name] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
