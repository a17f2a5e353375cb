package import RuleCore

/// Reads a YAML stream event by event or node by node, within ``YAMLLimits``, reporting duplicate keys.
///
/// A streaming reader walks the outer collections with ``next()`` and ``peek()``, and reads each item
/// it wants whole with ``readNode()``, so that a long spec file never sits in memory as one tree:
/// ```swift
/// let reader = try YAMLEventReader(file: "specs/task.yaml", bytes: bytes)
/// _ = try reader.next()  // stream start
/// _ = try reader.next()  // document start
/// _ = try reader.next()  // sequence start
/// while try reader.peek().kind != .sequenceEnd { cases.append(try reader.readNode()) }
/// ```
package final class YAMLEventReader {
    /// Mistakes that do not stop reading (duplicate keys), in the order found.
    package private(set) var diagnostics: [Diagnostic] = []
    /// How many nodes aliases have copied so far in the current document; never more than the limit.
    package private(set) var aliasExpansion = 0

    private let parser: EventParser
    private let limits: YAMLLimits
    private var peeked: YAMLEvent?
    /// The collections started and not yet ended, outermost first: their count is the nesting depth.
    private var open: [OpenCollection] = []
    /// The nodes that aliases may copy, by anchor; collections appear here once ``readNode()`` has read them.
    private var anchors: [String: Subtree] = [:]

    private struct OpenCollection {
        var anchor: String?
        /// For a mapping, each scalar key read so far and where it was first written; `nil` for a sequence.
        var keys: [String: SourceRange]?
        /// For a mapping, how many keys it has so far, scalar or not.
        var keyCount = 0
        var expectsKey = true
    }

    /// A node read whole, with what copying it costs: its node count and its nesting height.
    private struct Subtree {
        var node: YAMLNode
        var size: Int
        var height: Int
    }

    /// Creates a reader of `bytes`, naming `file` in every location.
    ///
    /// - Throws: `Diagnostic` when the input is larger than `limits.maxInputBytes` or is not UTF-8
    ///   (a UTF-8 byte order mark is fine).
    package convenience init(file: String, bytes: [UInt8], limits: YAMLLimits = .default) throws(Diagnostic) {
        if let error = limits.sizeError(bytes.count, file: file) { throw error }
        try self.init(file: file, source: YAMLInput(copying: bytes), limits: limits)
    }

    /// Creates a reader of `source`, naming `file` in every location.
    ///
    /// - Throws: `Diagnostic` when the input is larger than `limits.maxInputBytes` or is not UTF-8
    ///   (a UTF-8 byte order mark is fine).
    package init(file: String, source: YAMLInput, limits: YAMLLimits = .default) throws(Diagnostic) {
        let bytes = source.bytes
        if let error = limits.sizeError(bytes.count, file: file) { throw error }
        // NB: libyaml reports bad UTF-8 at a byte offset only, so we find the line and column ourselves.
        if let offset = UTF8Scanner.firstInvalidOffset(in: bytes) {
            let location = UTF8Scanner.location(of: offset, in: bytes, file: file)
            throw .error(
                "invalid UTF-8 byte 0x\(String(bytes[offset], radix: 16, uppercase: true))",
                at: SourceRange(start: location))
        }
        parser = EventParser(file: file, source: source)
        self.limits = limits
    }

    /// The next event, without consuming it.
    ///
    /// - Throws: `Diagnostic` for a syntax error.
    package func peek() throws(Diagnostic) -> YAMLEvent {
        if let peeked { return peeked }
        let event = try parser.next()
        peeked = event
        return event
    }

    /// Consumes the next event; an alias comes as it is, and ``readNode()`` copies what it names.
    ///
    /// - Throws: `Diagnostic` for a syntax error, nesting deeper than `maxDepth`, a mapping with more
    ///   than `maxKeysPerMapping` keys or a scalar longer than `maxScalarLength`.
    package func next() throws(Diagnostic) -> YAMLEvent {
        let event = try peek()
        peeked = nil
        try track(event)
        return event
    }

    /// Consumes one whole node, starting at the next event, and returns it with aliases copied.
    ///
    /// - Throws: `Diagnostic` for a syntax error, a limit exceeded, or an alias to an unknown anchor.
    package func readNode() throws(Diagnostic) -> YAMLNode {
        try readSubtree().node
    }

    /// Consumes one whole node without returning it.
    ///
    /// NB: the node is still read in full, so that an alias after it can copy a node anchored in it.
    ///
    /// - Throws: `Diagnostic`, as ``readNode()`` does.
    package func skipNode() throws(Diagnostic) {
        _ = try readSubtree()
    }

    private func readSubtree() throws(Diagnostic) -> Subtree {
        let start = try next()
        let end: YAMLEvent.Kind
        switch start.kind {
        case .scalar(let scalar): return Self.leaf(scalar, start)
        case .alias(let name): return try copy(name, at: start.range)
        case .sequenceStart: end = .sequenceEnd
        case .mappingStart: end = .mappingEnd
        default: preconditionFailure("readNode() called at \(start.kind), not at a node")
        }
        var children: [Subtree] = []
        while try peek().kind != end { children.append(try readSubtree()) }
        let closing = try next()
        let range = SourceRange(start: start.range.start, end: closing.range.end)
        let nodes = children.map(\.node)
        let content: YAMLNode.Content =
            end == .sequenceEnd
            ? .sequence(nodes)
            : .mapping(stride(from: 0, to: nodes.count, by: 2).map { YAMLPair(key: nodes[$0], value: nodes[$0 + 1]) })
        let subtree = Subtree(
            node: YAMLNode(
                content, range: range, bytes: start.bytes.lowerBound..<closing.bytes.upperBound, tag: start.tag),
            size: children.reduce(1) { $0 + $1.size },
            height: 1 + (children.map(\.height).max() ?? 0))
        if let anchor = start.anchor { anchors[anchor] = subtree }
        return subtree
    }

    /// A scalar read from its event.
    private static func leaf(_ scalar: YAMLScalar, _ event: YAMLEvent) -> Subtree {
        Subtree(
            node: YAMLNode(.scalar(scalar), range: event.range, bytes: event.bytes, tag: event.tag), size: 1, height: 0)
    }

    /// The node anchored as `name`, counted against the alias expansion and depth limits.
    private func copy(_ name: String, at range: SourceRange) throws(Diagnostic) -> Subtree {
        guard let subtree = anchors[name] else {
            if open.contains(where: { $0.anchor == name }) {
                throw .error("alias '\(name)' refers to a node that contains it", at: range)
            }
            throw .error("unknown anchor '\(name)'", at: range)
        }
        // NB: check before counting, so that a billion-laughs document stops at its first alias over the limit.
        guard aliasExpansion + subtree.size <= limits.maxAliasExpansion else {
            throw .error("alias expansion exceeds the limit of \(limits.maxAliasExpansion) nodes", at: range)
        }
        guard open.count + subtree.height <= limits.maxDepth else { throw depthError(at: range) }
        aliasExpansion += subtree.size
        return subtree
    }

    /// Keeps the nesting, the anchors and each mapping's keys up to date with a consumed event.
    private func track(_ event: YAMLEvent) throws(Diagnostic) {
        switch event.kind {
        case .documentStart:
            anchors = [:]
            aliasExpansion = 0
        case .mappingEnd, .sequenceEnd:
            open.removeLast()
        case .scalar(let scalar):
            if scalar.text.utf8.count > limits.maxScalarLength {
                throw .error("scalar exceeds the limit of \(limits.maxScalarLength) bytes", at: event.range)
            }
            try checkKey(event)
            if let anchor = event.anchor { anchors[anchor] = Self.leaf(scalar, event) }
        case .alias:
            try checkKey(event)
        case .mappingStart, .sequenceStart:
            try checkKey(event)
            // NB: an anchor names the latest node that defines it, so an older node of that name is gone.
            // A collection walked with next() instead of readNode() is never built, so no alias can copy it.
            if let anchor = event.anchor { anchors[anchor] = nil }
            open.append(OpenCollection(anchor: event.anchor, keys: event.kind == .mappingStart ? [:] : nil))
            guard open.count <= limits.maxDepth else { throw depthError(at: event.range) }
        case .streamStart, .streamEnd, .documentEnd:
            break
        }
    }

    /// Reports a scalar key already read in the enclosing mapping, and moves that mapping on from key to value.
    ///
    /// - Throws: `Diagnostic` for the key that takes the mapping over `maxKeysPerMapping`.
    private func checkKey(_ event: YAMLEvent) throws(Diagnostic) {
        guard let parent = open.indices.last, open[parent].keys != nil else { return }
        defer { open[parent].expectsKey.toggle() }
        guard open[parent].expectsKey else { return }
        open[parent].keyCount += 1
        guard open[parent].keyCount <= limits.maxKeysPerMapping else {
            throw .error("mapping exceeds the limit of \(limits.maxKeysPerMapping) keys", at: event.range)
        }
        guard case .scalar(let key) = event.kind else { return }
        if let first = open[parent].keys?[key.text] {
            diagnostics.append(
                .error("duplicate key '\(key.text)'", at: event.range).noting("first defined here", at: first))
        } else {
            open[parent].keys?[key.text] = event.range
        }
    }

    private func depthError(at range: SourceRange) -> Diagnostic {
        .error("nesting depth exceeds the limit of \(limits.maxDepth) levels", at: range)
    }
}
