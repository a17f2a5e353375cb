/// A model as declared in a rule file: named fields of named types, and checks across fields.
public struct ModelRule: Hashable, Sendable {
    /// One field of a model.
    public struct Field: Hashable, Sendable {
        /// The field's name, such as `dueDate`.
        public var name: String
        /// The type or model it holds.
        public var typeName: String
        /// Whether the field may be left empty, whatever its type says; `nil` keeps the type's.
        public var optional: Bool?
        /// Where the field is declared.
        public var range: SourceRange?
        /// Where its type is named.
        public var typeRange: SourceRange?
        /// For a list field (`{ list: Tag, … }`), the rule of the list, whose items are of ``typeName``.
        public var list: ListCheck?
        /// `sensitive: true`: the field's values are never echoed, whatever its type says.
        public var sensitive: Bool?
        /// `swiftName:`, the name of the field's property in generated Swift, for a key Swift cannot
        /// spell (`postal-code`); `nil` gives the key in lowerCamelCase.
        public var swiftName: String?
        /// Where `swiftName:` is written.
        public var swiftNameRange: SourceRange?

        /// Creates a field.
        public init(
            name: String, typeName: String, optional: Bool? = nil, list: ListCheck? = nil, sensitive: Bool? = nil,
            swiftName: String? = nil, at range: SourceRange? = nil, typeRange: SourceRange? = nil
        ) {
            self.swiftName = swiftName
            self.sensitive = sensitive
            self.list = list
            self.name = name
            self.typeName = typeName
            self.optional = optional
            self.range = range
            self.typeRange = typeRange
        }
    }

    /// The model's name, such as `ToDoTask`.
    public var name: String
    /// Its fields, in the order written.
    public var fields: [Field]
    /// Checks across fields (`equal`).
    public var checks: [Check]
    /// `serverCodes:` (1.2): codes only a server reports on the model itself, such as
    /// `accountLocked`, in the order written (``TypeRule/serverCodes``).
    public var serverCodes: [String]
    /// Where each of ``serverCodes`` is written, for diagnostics.
    public var serverCodeRanges: [String: SourceRange] = [:]
    /// The model's `messages:`.
    public var messages: MessageTable
    /// Its file's `defaults.messages`.
    public var defaultMessages: MessageTable
    /// A one-sentence description (`description:`), for generated documentation.
    public var summary: String?
    /// Where its name is declared.
    public var range: SourceRange?

    /// Its messages over its file's defaults: the table its own outcomes look codes up in.
    public var resolvedMessages: MessageTable { messages.over(defaultMessages) }

    /// Creates a model declaration.
    public init(
        name: String, fields: [Field], checks: [Check] = [], serverCodes: [String] = [],
        messages: MessageTable = MessageTable(), defaultMessages: MessageTable = MessageTable(), summary: String? = nil,
        at range: SourceRange? = nil
    ) {
        self.serverCodes = serverCodes
        self.name = name
        self.fields = fields
        self.checks = checks
        self.messages = messages
        self.defaultMessages = defaultMessages
        self.summary = summary
        self.range = range
    }
}
