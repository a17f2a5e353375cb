import RuleCore
package import RuleYAML

/// Where `--update` writes the expectation of a case that has none, so that every other byte of
/// the file stays as it is: right after the last value of a flow mapping (`{ in: "x", out: "x" }`),
/// or on a line of its own after the last line of a block mapping, indented as its keys are.
public struct ExpectationSlot: Sendable, Hashable {
    /// The UTF-8 offset in the file to insert at.
    public var offset: Int
    /// The text that goes before the entry: `, ` in a flow mapping, else the indentation (after a
    /// line break when the file's last line has none).
    public var prefix: String
    /// The text that goes after it: nothing in a flow mapping, else the file's line break.
    public var suffix: String

    /// The slot of a case, from its node and the file's bytes; `nil` when the case's last value
    /// is an alias, whose node has its anchor's place, not the case's.
    package init?(case node: YAMLNode, in bytes: [UInt8]) {
        guard let pairs = node.mapping, let first = pairs.first, let last = pairs.last else { return nil }
        var leaf = last.value
        while !Self.isFlow(leaf, bytes), let inner = leaf.mapping?.last?.value ?? leaf.sequence?.last { leaf = inner }
        let end = leaf.bytes.upperBound
        guard end >= last.key.bytes.upperBound, end <= bytes.count else { return nil }
        if Self.isFlow(node, bytes) {
            (offset, prefix, suffix) = (end, ", ", "")
            return
        }
        let newline = UInt8(ascii: "\n")
        let lineBreak =
            bytes.firstIndex(of: newline).map { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") } == true ? "\r\n" : "\n"
        let indent = String(repeating: " ", count: first.key.range.start.column - 1)
        suffix = lineBreak
        // NB: a block scalar ends where the next line starts; any other value ends inside its line,
        // and the line may go on with a comment, which stays with it.
        let isBlockScalar = leaf.scalar.map { $0.style == .literal || $0.style == .folded } ?? false
        let lineStart = bytes[..<end].lastIndex(of: newline).map { $0 + 1 } ?? 0
        if isBlockScalar && lineStart < end && end < bytes.count {
            (offset, prefix) = (lineStart, indent)
        } else if isBlockScalar && lineStart == end {
            (offset, prefix) = (end, indent)
        } else if let lineEnd = bytes[end...].firstIndex(of: newline) {
            (offset, prefix) = (lineEnd + 1, indent)
        } else {
            (offset, prefix) = (bytes.count, lineBreak + indent)
        }
    }

    /// The bytes of an expectation `key: value`, from the key to the value's last character (a
    /// block value's last leaf, without the line break a block scalar ends in); `nil` when the value
    /// is or ends in an alias, whose node has its anchor's place.
    package static func bytes(of pair: YAMLPair, in bytes: [UInt8]) -> Range<Int>? {
        var leaf = pair.value
        while !isFlow(leaf, bytes), let inner = leaf.mapping?.last?.value ?? leaf.sequence?.last { leaf = inner }
        var end = leaf.bytes.upperBound
        let start = pair.key.bytes.lowerBound
        guard end >= pair.key.bytes.upperBound, end <= bytes.count else { return nil }
        while end > start, [UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: " ")].contains(bytes[end - 1]) {
            end -= 1
        }
        return start..<end
    }

    /// Whether a node is a scalar or a flow collection, whose span ends at its last character.
    private static func isFlow(_ node: YAMLNode, _ bytes: [UInt8]) -> Bool {
        guard node.scalar == nil, node.bytes.lowerBound < bytes.count else { return true }
        return bytes[node.bytes.lowerBound] == UInt8(ascii: "{") || bytes[node.bytes.lowerBound] == UInt8(ascii: "[")
    }
}
