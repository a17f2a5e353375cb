/// One check of a type or model, as declared: what it tests, the codes it reports and its
/// inline messages.
public struct Check: Hashable, Sendable {
    /// What a check tests, with its parameters.
    public enum Kind: Hashable, Sendable {
        case required
        case length(Length)
        case email
        case pattern(Pattern)
        case oneOf(OneOf)
        case range(NumberRange)
        case notBefore(DateBound)
        case notAfter(DateBound)
        case equal(Equal)
    }

    /// What it tests.
    public var kind: Kind
    /// Chosen codes by default code, for the codes that `code:` renamed.
    public var codes: [String: String]
    /// Inline messages (`message:`), which win over every table.
    public var messages: MessageTemplates
    /// Where it is declared.
    public var range: SourceRange?

    /// Creates a check.
    public init(
        _ kind: Kind, codes: [String: String] = [:], messages: MessageTemplates = MessageTemplates(),
        at range: SourceRange? = nil
    ) {
        self.kind = kind
        self.codes = codes
        self.messages = messages
        self.range = range
    }

    /// The code this check reports in place of `defaultCode`.
    public func code(for defaultCode: String) -> String {
        codes[defaultCode] ?? defaultCode
    }
}

extension Check.Kind {
    /// Every check's YAML name, for "did you mean"; the order is how common they are.
    public static let allNames = [
        "required", "length", "email", "pattern", "oneOf", "range", "notBefore", "notAfter", "equal",
    ]

    /// The YAML name, such as `notBefore`.
    public var name: String {
        switch self {
        case .required: "required"
        case .length: "length"
        case .email: "email"
        case .pattern: "pattern"
        case .oneOf: "oneOf"
        case .range: "range"
        case .notBefore: "notBefore"
        case .notAfter: "notAfter"
        case .equal: "equal"
        }
    }

    /// The codes the check reports when `code:` renames none, in the order the DESIGN lists them.
    public static func defaultCodes(of name: String) -> [String] {
        switch name {
        case "required": [Required.code]
        case "length": [Length.tooShort, Length.tooLong]
        case "email": [EmailAddress.code]
        case "pattern": [PatternCheck.code]
        case "oneOf": [OneOf.code]
        case "range": [NumberRange.tooSmall, NumberRange.tooLarge]
        case "notBefore": [DateBound.tooEarly]
        case "notAfter": [DateBound.tooLate]
        case "equal": [Equal.code]
        default: []
        }
    }

    /// The value types a check applies to; `equal` applies to models only, so to none of these.
    public static func valueTypes(of name: String) -> [ValueType] {
        switch name {
        case "required": ValueType.allCases
        case "length", "email", "pattern": [.string]
        case "oneOf": [.string, .integer]
        case "range": [.integer, .decimal]
        case "notBefore", "notAfter": [.date]
        default: []
        }
    }

    /// The codes this check reports when `code:` renames none.
    public var defaultCodes: [String] { Self.defaultCodes(of: name) }
}
