/// The English and Japanese messages for every built-in code, the last step of the look-up.
public enum BuiltinMessages {
    /// Built-in templates by default code, from every check's descriptor and ``ValueFormat``.
    public static let table: MessageTable = {
        var table: [String: [String: String]] = [ValueFormat.code.name: ValueFormat.code.messages]
        for descriptor in CheckDescriptors.all {
            for code in descriptor.codes { table[code.name] = code.messages }
        }
        // NB: a list's `required` and `invalidFormat` are worded as every other's.
        for code in ListCheck.codes where table[code.name] == nil { table[code.name] = code.messages }
        return MessageTable(table)
    }()
}
