/// One check of a type or model, as declared: what it tests, the codes it reports and its
/// inline messages.
///
/// ```swift
/// let check = Check(LengthCheck(min: 1, max: 20), codes: ["tooLong": "titleTooLong"])
/// check.name                      // "length"
/// check.code(for: "tooLong")      // "titleTooLong"
/// ```
public struct Check: Hashable, Sendable {
    /// What it tests, with its parameters: a descriptor such as ``LengthCheck``.
    public var descriptor: any CheckDescriptor
    /// Chosen codes by default code, for the codes that `code:` renamed.
    public var codes: [String: String]
    /// Inline messages (`message:`), which win over every table.
    public var messages: MessageTemplates
    /// Where it is declared.
    public var range: SourceRange?

    /// Creates a check.
    public init(
        _ descriptor: any CheckDescriptor, codes: [String: String] = [:],
        messages: MessageTemplates = MessageTemplates(),
        at range: SourceRange? = nil
    ) {
        self.descriptor = descriptor
        self.codes = codes
        self.messages = messages
        self.range = range
    }

    /// The YAML name, such as `notBefore`.
    public var name: String { type(of: descriptor).name }

    /// The codes this check reports when `code:` renames none, in the order it reports them.
    public var builtinCodes: [CheckCode] { type(of: descriptor).codes }

    /// Whether this is a check of kind `kind`, such as `RequiredCheck.self`.
    public func `is`(_ kind: (some CheckDescriptor).Type) -> Bool {
        type(of: descriptor) == kind
    }

    /// The code this check reports in place of `defaultCode`.
    public func code(for defaultCode: String) -> String {
        codes[defaultCode] ?? defaultCode
    }

    public static func == (a: Check, b: Check) -> Bool {
        AnyHashable(a.descriptor) == AnyHashable(b.descriptor) && a.codes == b.codes && a.messages == b.messages
            && a.range == b.range
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(descriptor))
        hasher.combine(codes)
        hasher.combine(messages)
        hasher.combine(range)
    }
}
