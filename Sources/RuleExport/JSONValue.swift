import RuleCore

/// A JSON document whose objects keep their keys in the order they were built, printed to the
/// same bytes every time, so that exports diff cleanly and golden files can hold them.
public indirect enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its JSON literal (`12`, `-0.5`), so that decimals keep every digit.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in the order they print.
    case object([Member])

    /// One key and its value in an object.
    public struct Member: Sendable, Equatable {
        /// The key.
        public var key: String
        /// The value.
        public var value: JSONValue

        /// Creates a member.
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// How members print: `"key": value`, or Xcode's `"key" : value` with keys sorted, as Xcode
    /// writes a String Catalog, so that opening the file in Xcode changes nothing.
    public enum Style: Sendable {
        /// `"key": value`, members in their order.
        case standard
        /// `"key" : value`, members sorted by key.
        case xcode
    }

    /// An integer.
    public static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// The value of the first member named `key`, when this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The text, indented by two spaces per level, ending in a newline; arrays of scalars and, in
    /// the standard style, objects of one scalar member stay on one line.
    public func rendered(_ style: Style = .standard) -> String {
        var out = ""
        write(into: &out, indent: "", style: style)
        return out + "\n"
    }

    private func write(into out: inout String, indent: String, style: Style) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let literal): out += literal
        case .string(let text): JSONString.quote(text, into: &out)
        case .array(let items) where items.isEmpty: out += "[]"
        case .array(let items) where items.allSatisfy(\.isScalar):
            out += "["
            for (offset, item) in items.enumerated() {
                if offset > 0 { out += ", " }
                item.write(into: &out, indent: indent, style: style)
            }
            out += "]"
        case .array(let items):
            out += "[\n"
            for (offset, item) in items.enumerated() {
                out += indent + "  "
                item.write(into: &out, indent: indent + "  ", style: style)
                out += offset < items.count - 1 ? ",\n" : "\n"
            }
            out += indent + "]"
        case .object(let members) where members.isEmpty: out += "{}"
        case .object(let members) where style == .standard && members.count == 1 && members[0].value.isScalar:
            out += "{"
            JSONString.quote(members[0].key, into: &out)
            out += ": "
            members[0].value.write(into: &out, indent: indent, style: style)
            out += "}"
        case .object(let members):
            let ordered = style == .xcode ? members.sorted { $0.key < $1.key } : members
            out += "{\n"
            for (offset, member) in ordered.enumerated() {
                out += indent + "  "
                JSONString.quote(member.key, into: &out)
                out += style == .xcode ? " : " : ": "
                member.value.write(into: &out, indent: indent + "  ", style: style)
                out += offset < ordered.count - 1 ? ",\n" : "\n"
            }
            out += indent + "}"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
    public init(stringLiteral text: String) { self = .string(text) }
    public init(booleanLiteral flag: Bool) { self = .bool(flag) }
    public init(arrayLiteral items: JSONValue...) { self = .array(items) }
}
