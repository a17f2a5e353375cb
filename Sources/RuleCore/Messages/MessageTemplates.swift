/// One violation's message in several languages, with `{value}` and its bound's placeholder (`{min}`, `{prefix}`).
public struct MessageTemplates: Hashable, Sendable {
    /// Templates by language tag (`en`, `ja`, `pt-BR`).
    public var byLanguage: [String: String]
    /// Where each language's template is written, for `lint`; no part of equality.
    public var ranges: [String: SourceRange] = [:]

    /// The placeholders a template may use: every bound's placeholder that a check's code fills (`min`, `max`, `prefix`, …), then `value`.
    public static let placeholders: [String] = {
        var names: [String] = []
        for code in CheckDescriptors.all.flatMap({ $0.codes }) {
            if let name = code.placeholder, !names.contains(name) { names.append(name) }
        }
        return names + ["value"]
    }()

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
        if let template = byLanguage[language] { return template }
        if let found = LanguageTag.lookup(language, in: byLanguage.keys) { return byLanguage[found] }
        return byLanguage["en"]
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
        fill(template) { parameters[$0] }
    }

    /// `template` with each `{name}` replaced by `parameter(name)`; a placeholder for which it
    /// gives `nil` stays as written.
    static func fill(_ template: String, parameter: (String) -> String?) -> String {
        let hasBrace = template.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "{")) }
        guard hasBrace != false else { return template }
        var result = ""
        forEachPart(of: template, parameter: parameter) { result += String(decoding: $0, as: UTF8.self) }
        return result
    }

    /// Calls `body` with the UTF-8 of each part of `template` filled in, in order: the text between
    /// placeholders, and each `{name}` as `parameter(name)` or, when that is `nil`, as written.
    static func forEachPart(
        of template: String, parameter: (String) -> String?, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var template = template
        template.withUTF8 { bytes in
            var rest = 0
            // NB: `{` and `}` are ASCII, so the parts are whole scalars.
            while let open = bytes[rest...].firstIndex(of: UInt8(ascii: "{")),
                let close = bytes[open...].firstIndex(of: UInt8(ascii: "}"))
            {
                if rest < open { body(UnsafeBufferPointer(rebasing: bytes[rest..<open])) }
                if var value = parameter(
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[open + 1..<close]), as: UTF8.self))
                {
                    value.withUTF8(body)
                } else {
                    body(UnsafeBufferPointer(rebasing: bytes[open...close]))
                }
                rest = close + 1
            }
            if rest < bytes.count { body(UnsafeBufferPointer(rebasing: bytes[rest...])) }
        }
    }
}
