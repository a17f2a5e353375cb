/// A value failing a check: the code, the field it concerns, and the parameters its message needs.
public struct Violation: Hashable, Sendable, CustomStringConvertible {
    /// The code, such as `tooLong` or a rule's own `titleTooLong`.
    public var code: String
    /// The field path inside a model (`["dueDate"]`); empty for a type's own value.
    public var path: [String]
    /// Message parameters: `min`, `max` and `value` where they apply.
    public var parameters: [String: String]
    /// The resolved message templates (check, type, file defaults, built-ins).
    public var templates: MessageTemplates

    /// Creates a violation.
    public init(code: String, path: [String] = [], parameters: [String: String] = [:], templates: MessageTemplates) {
        self.code = code
        self.path = path
        self.parameters = parameters
        self.templates = templates
    }

    /// The message in `language` (falling back to English), placeholders filled; the code when
    /// no message exists in any language.
    public func message(language: String = "en") -> String {
        templates.message(for: language, parameters: parameters) ?? code
    }

    /// `code` or `field.sub: code`.
    public var description: String {
        path.isEmpty ? code : "\(path.joined(separator: ".")): \(code)"
    }

    // NB: templates are presentation; two violations with the same code, path and parameters are equal.
    public static func == (a: Violation, b: Violation) -> Bool {
        a.code == b.code && a.path == b.path && a.parameters == b.parameters
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(path)
        hasher.combine(parameters)
    }
}
