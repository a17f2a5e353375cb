/// A value failing a check: the code, the field it concerns, and what its message needs.
///
/// NB: a violation is built on every invalid keystroke, so it holds the bound and the value as
/// they are at hand (the value as a slice of the input) and builds no dictionary until asked.
public struct Violation: Hashable, Sendable, CustomStringConvertible {
    /// The code, such as `tooLong` or a rule's own `titleTooLong`.
    public var code: String
    /// The field path inside a model (`["dueDate"]`); empty for a type's own value.
    public var path: [String]
    /// The lower bound the value missed (`{min}`): a length, a number or a date.
    public var min: String?
    /// The upper bound the value passed (`{max}`).
    public var max: String?
    private var storedValue: Substring?
    /// The resolved message templates (check, type, file defaults, built-ins).
    public var templates: MessageTemplates

    /// Creates a violation.
    public init(
        code: String, path: [String] = [], min: String? = nil, max: String? = nil, value: Substring? = nil,
        templates: MessageTemplates
    ) {
        self.code = code
        self.path = path
        self.min = min
        self.max = max
        self.storedValue = value
        self.templates = templates
    }

    /// The value as checked, after normalization (`{value}`).
    public var value: String? {
        storedValue.map(String.init)
    }

    /// The message parameters by placeholder name: `min`, `max` and `value` where they apply.
    public var parameters: [String: String] {
        var parameters: [String: String] = [:]
        parameters["min"] = min
        parameters["max"] = max
        parameters["value"] = value
        return parameters
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
        a.code == b.code && a.path == b.path && a.min == b.min && a.max == b.max && a.storedValue == b.storedValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(path)
        hasher.combine(min)
        hasher.combine(max)
        hasher.combine(storedValue)
    }
}
