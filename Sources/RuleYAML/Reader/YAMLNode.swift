public import RuleCore

/// A YAML node with the span it was read from, so that every later diagnostic can point at it.
///
/// Mappings keep their pairs in the order written (a duplicate key can name both places), and
/// scalars keep their style, so that typing follows YAML 1.2: a quoted `"123"` is a string, a
/// plain `no` is the text `no`, never `false`.
public struct YAMLNode: Hashable, Sendable {
    /// What a node holds.
    public enum Content: Hashable, Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    /// What the node holds.
    public var content: Content
    /// From the node's first character to just after its last.
    public var range: SourceRange
    /// The same span as UTF-8 offsets from the start of the file (a byte order mark counts), for
    /// edits that must leave every other byte as it is.
    ///
    /// NB: a node copied by an alias keeps the span of the node its anchor names.
    public var bytes: Range<Int>
    /// The explicit tag, resolved (`!!str` is `tag:yaml.org,2002:str`), or `nil` when untagged.
    public var tag: String?

    /// Creates a node.
    public init(_ content: Content, range: SourceRange, bytes: Range<Int>, tag: String? = nil) {
        self.content = content
        self.range = range
        self.bytes = bytes
        self.tag = tag
    }

    /// The scalar, if this node is one.
    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { scalar } else { nil }
    }

    /// The items, if this node is a sequence.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { items } else { nil }
    }

    /// The pairs, if this node is a mapping.
    public var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = content { pairs } else { nil }
    }

    /// "a scalar", "a sequence" or "a mapping", for diagnostics such as "expected a mapping, found a sequence".
    public var kindDescription: String {
        switch content {
        case .scalar: "a scalar"
        case .sequence: "a sequence"
        case .mapping: "a mapping"
        }
    }

    /// Whether this node means "no value" in YAML 1.2's core schema: a plain `null`, `Null`,
    /// `NULL`, `~` or empty scalar, unless tagged otherwise.
    public var isNull: Bool {
        guard let scalar, scalar.style == .plain, tag == nil || tag == YAMLScalar.nullTag else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.text)
    }
}

/// A scalar's text as written after YAML's escapes and folding, with its style.
public struct YAMLScalar: Hashable, Sendable {
    /// How a scalar was written.
    public enum Style: Hashable, Sendable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// The tag YAML 1.2 gives a string: `!!str`.
    public static let stringTag = "tag:yaml.org,2002:str"
    /// The tag YAML 1.2 gives null: `!!null`.
    public static let nullTag = "tag:yaml.org,2002:null"

    /// The text, after escapes and folding.
    public var text: String
    /// How it was written.
    public var style: Style

    /// Creates a scalar.
    public init(_ text: String, style: Style) {
        self.text = text
        self.style = style
    }
}

/// One key and its value in a mapping.
public struct YAMLPair: Hashable, Sendable {
    /// The key node (a scalar in every rulecheck format).
    public var key: YAMLNode
    /// The value node.
    public var value: YAMLNode

    /// Creates a pair.
    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}
