/// A named type as declared in a rule file: what it is based on, its normalizers, its checks.
public struct TypeRule: Hashable, Sendable {
    /// What a type is built on: a value type, or another named type whose normalizers, checks
    /// and messages it extends.
    public enum Base: Hashable, Sendable {
        case valueType(ValueType)
        case named(String, at: SourceRange?)
    }

    /// The type's name, such as `TaskTitle`.
    public var name: String
    /// What it is built on; `string` by default.
    public var base: Base
    /// Normalizers, in the order they run.
    public var normalizers: [Normalizer]
    /// Checks, in the order written.
    public var checks: [Check]
    /// Whether absent, null or empty (after normalization) is valid; `nil` inherits the base's.
    public var optional: Bool?
    /// `sensitive: true`: the value is never echoed in a violation's parameters, messages or
    /// problem details (a password); `nil` takes the base type's.
    public var sensitive: Bool?
    /// `serverCodes:` (1.2): codes only a server reports, such as `emailTaken`, in the order written.
    /// Each has an outcome and messages like a check's code, but no check of the rules gives it: a
    /// server adds it (``Validator/serverViolation(_:at:value:)``).
    public var serverCodes: [String]
    /// Where each of ``serverCodes`` is written, for diagnostics.
    public var serverCodeRanges: [String: SourceRange] = [:]
    /// The type's `messages:`.
    public var messages: MessageTable
    /// Its file's `defaults.messages`.
    public var defaultMessages: MessageTable
    /// A one-sentence description (`description:`), for generated documentation.
    public var summary: String?
    /// Where its name is declared.
    public var range: SourceRange?

    /// Creates a type declaration.
    public init(
        name: String, base: Base = .valueType(.string), normalizers: [Normalizer] = [], checks: [Check] = [],
        optional: Bool? = nil, sensitive: Bool? = nil, serverCodes: [String] = [],
        messages: MessageTable = MessageTable(),
        defaultMessages: MessageTable = MessageTable(),
        summary: String? = nil, at range: SourceRange? = nil
    ) {
        self.serverCodes = serverCodes
        self.sensitive = sensitive
        self.name = name
        self.base = base
        self.normalizers = normalizers
        self.checks = checks
        self.optional = optional
        self.messages = messages
        self.defaultMessages = defaultMessages
        self.summary = summary
        self.range = range
    }
}
