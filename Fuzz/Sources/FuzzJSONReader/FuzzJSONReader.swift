import FuzzSupport
import RuleCore

/// Reads each input as JSON; besides crashes and hangs, it checks that every way of passing the
/// bytes reads alike; that a value read writes back as JSON that reads as the same value, and reads
/// alike after a byte order mark and before white space; that nesting is counted exactly against
/// the depth limit; and that an error lies within the input, at the line and column of its offset,
/// with a message in the diagnostics' style.
@main enum FuzzJSONReader {
    static let reader = JSONReader()
    static let maxDepth = JSONReader.Limits.default.maxDepth

    static func main() {
        runFuzzer { start, count in
            FuzzJSONReader.check(bytes(start, count))
            return 0
        }
    }

    static func check(_ bytes: [UInt8]) {
        let result = Result { () throws(JSONReadError) in try reader.read(bytes) }
        let raw = bytes.withUnsafeBytes { buffer in Result { () throws(JSONReadError) in try reader.read(buffer) } }
        precondition(raw == result, "a raw buffer reads otherwise: \(raw) against \(result)")
        if let text = String(validating: bytes, as: UTF8.self) {
            let string = Result { () throws(JSONReadError) in try reader.read(text) }
            precondition(string == result, "a string reads otherwise: \(string) against \(result)")
        }
        switch result {
        case .success(let input): checkValue(input, bytes)
        case .failure(let error): checkError(error, bytes)
        }
    }

    static func checkValue(_ input: ValidationInput, _ bytes: [UInt8]) {
        let json = input.jsonText
        let again = Result { () throws(JSONReadError) in try reader.read(json) }
        precondition(again == .success(input), "\(json.debugDescription) reads back as \(again), not \(input)")
        precondition(try! reader.read(json).jsonText == json, "writing \(json.debugDescription) again changes it")
        precondition(try! reader.read(bytes + Array(" \n\t\r".utf8)) == input, "trailing white space changes the value")
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        // NB: a byte order mark only starts the input: nested, the value is what follows it.
        let value = bytes.starts(with: bom) ? Array(bytes.dropFirst(3)) : bytes
        precondition(try! reader.read(bom + value) == input, "a byte order mark changes the value")
        // Nesting: wrapped to exactly the limit it reads; one level more is the depth error.
        let depth = depth(of: input)
        precondition(depth <= maxDepth, "read \(depth) levels, beyond the limit")
        let fits = maxDepth - depth
        let wrapped =
            [UInt8](repeating: UInt8(ascii: "["), count: fits) + value
            + [UInt8](repeating: UInt8(ascii: "]"), count: fits)
        let expected = (0..<fits).reduce(input) { inner, _ in .list([inner]) }
        precondition(try! reader.read(wrapped) == expected, "wrapped to \(maxDepth) levels, the value changes")
        do {
            _ = try reader.read([UInt8(ascii: "[")] + wrapped + [UInt8(ascii: "]")])
            preconditionFailure("\(maxDepth + 1) levels read")
        } catch {
            precondition(error.message == "nesting depth exceeds the limit of \(maxDepth) levels", "\(error)")
        }
    }

    static func checkError(_ error: JSONReadError, _ bytes: [UInt8]) {
        precondition(error.offset >= 0 && error.offset <= bytes.count, "\(error) lies outside \(bytes.count) bytes")
        var line = 1
        var lineStart = 0
        var index = 0
        while index < error.offset {
            if bytes[index] == UInt8(ascii: "\n")
                || (bytes[index] == UInt8(ascii: "\r")
                    && (index + 1 == error.offset || bytes[index + 1] != UInt8(ascii: "\n")))
            {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        // NB: the bytes before an error are valid UTF-8, so its scalars are its bytes that do not continue one.
        let column = 1 + bytes[lineStart..<error.offset].filter { $0 & 0xC0 != 0x80 }.count
        precondition(error.line == line && error.column == column, "\(error) is at \(line):\(column)")
        precondition(String(validating: bytes[..<error.offset], as: UTF8.self) != nil, "\(error) follows invalid UTF-8")
        let first = error.message.unicodeScalars.first
        precondition(
            first.map { $0.properties.isLowercase } == true && !error.message.hasSuffix("."),
            "'\(error.message)' is not in the diagnostics' style")
    }

    /// How deeply arrays and objects nest in `input`: 0 for a scalar.
    static func depth(of input: ValidationInput) -> Int {
        switch input {
        case .list(let items): 1 + (items.map(depth).max() ?? 0)
        case .record(let fields): 1 + (fields.values.map(depth).max() ?? 0)
        default: 0
        }
    }
}
