/// Messages by violation code, as a type's `messages:` or a file's `defaults.messages` declare them.
public struct MessageTable: Hashable, Sendable {
    /// Templates by code.
    public var byCode: [String: MessageTemplates]

    /// Creates a table from code → language → template.
    public init(_ byCode: [String: [String: String]] = [:]) {
        self.byCode = byCode.mapValues(MessageTemplates.init)
    }

    /// The templates for `code`, empty when the table has none.
    public subscript(code: String) -> MessageTemplates {
        byCode[code] ?? MessageTemplates()
    }

    /// This table's entries, with `fallback`'s languages and codes where this one lacks them.
    public func over(_ fallback: MessageTable) -> MessageTable {
        var merged = fallback
        for (code, templates) in byCode { merged.byCode[code] = templates.over(fallback[code]) }
        return merged
    }
}
