/// Messages by violation code, as a type's `messages:` or a file's `defaults.messages` declare them.
public struct MessageTable: Hashable, Sendable {
    /// Templates by code.
    public var byCode: [String: MessageTemplates]
    /// Where each code is written as a key, for `lint`; no part of equality.
    public var ranges: [String: SourceRange] = [:]

    /// Creates a table from code → language → template.
    public init(_ byCode: [String: [String: String]] = [:]) {
        self.byCode = byCode.mapValues(MessageTemplates.init)
    }

    public static func == (a: MessageTable, b: MessageTable) -> Bool { a.byCode == b.byCode }

    public func hash(into hasher: inout Hasher) { hasher.combine(byCode) }

    /// The templates for `code`, empty when the table has none.
    public subscript(code: String) -> MessageTemplates {
        byCode[code] ?? MessageTemplates()
    }

    /// The templates a violation of `check` reports under `defaultCode`, looked up once: the
    /// check's own `message:`, then this table (a type's or model's over its file defaults) under
    /// the code the check reports, then the built-ins under the default code.
    ///
    /// `check` is `nil` for outcomes no declared check gives, such as `invalidFormat`.
    public func templates(for check: Check?, defaultCode: String) -> MessageTemplates {
        let code = check?.code(for: defaultCode) ?? defaultCode
        return (check?.messages ?? MessageTemplates()).over(self[code]).over(BuiltinMessages.table[defaultCode])
    }

    /// This table's entries, with `fallback`'s languages and codes where this one lacks them.
    public func over(_ fallback: MessageTable) -> MessageTable {
        var merged = fallback
        for (code, templates) in byCode { merged.byCode[code] = templates.over(fallback[code]) }
        return merged
    }
}
