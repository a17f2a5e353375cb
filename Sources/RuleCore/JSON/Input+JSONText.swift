extension Input {
    /// The input as compact JSON text, which ``JSONReader`` reads back as the same input (``text(_:)``
    /// reads back as ``string(_:)``): object keys sorted, numbers as ``DecimalNumber/description``
    /// writes them, and only `"`, `\` and control characters escaped.
    public var jsonText: String {
        var output: [UInt8] = []
        write(into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(into output: inout [UInt8]) {
        switch self {
        case .absent: output.append(contentsOf: "null".utf8)
        case .text(let text), .string(let text): Self.write(text, into: &output)
        case .number(let number): output.append(contentsOf: number.description.utf8)
        case .boolean(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .list(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                item.write(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .record(let fields):
            output.append(UInt8(ascii: "{"))
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.write(key, into: &output)
                output.append(UInt8(ascii: ":"))
                fields[key]!.write(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func write(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case 0x0A: output.append(contentsOf: "\\n".utf8)
            case 0x0D: output.append(contentsOf: "\\r".utf8)
            case 0x09: output.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                let hex = String(byte, radix: 16, uppercase: true)
                output.append(contentsOf: ("\\u00" + (hex.count == 1 ? "0" : "") + hex).utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
