extension ValidationInput {
    /// The input as compact JSON text, which ``JSONReader`` reads back as the same input (``text(_:)``
    /// reads back as ``string(_:)``): object keys sorted, numbers as ``DecimalNumber/description``
    /// writes them, and strings escaped as every JSON that rulecheck writes escapes them.
    public var jsonText: String {
        var output = ""
        write(into: &output)
        return output
    }

    private func write(into output: inout String) {
        switch self {
        case .absent: output += "null"
        case .text(let text), .string(let text): JSONString.quote(text, into: &output)
        case .number(let number): output += number.description
        case .boolean(let flag): output += flag ? "true" : "false"
        case .list(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(into: &output)
            }
            output += "]"
        case .record(let fields):
            output += "{"
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                JSONString.quote(key, into: &output)
                output += ":"
                fields[key]!.write(into: &output)
            }
            output += "}"
        }
    }
}
