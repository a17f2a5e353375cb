package import RuleCore

/// Reads a YAML stream event by event or node by node, within ``YAMLLimits``, reporting duplicate keys.
///
/// A streaming reader walks the outer collections with ``next()`` and ``peek()``, and reads each item
/// it wants whole with ``readNode()`` or ``readEvents(into:)``, so that a long spec file never sits in
/// memory as one tree:
/// ```swift
/// let reader = try YAMLEventReader(file: "specs/task.yaml", bytes: bytes)
/// _ = try reader.next()  // stream start
/// _ = try reader.next()  // document start
/// _ = try reader.next()  // sequence start
/// while try reader.peek().kind != .sequenceEnd { cases.append(try reader.readNode()) }
/// ```
///
/// Aliases never come out: the reader replays the events of the node an anchor names in their
/// place, as copies (``YAMLEvent/isCopy``) with that node's marks.
package final class YAMLEventReader {
    // NB: the state is a struct, so that reading an event checks exclusive access to it once,
    // not once per property: on a spec file those checks cost as much as the reading. It lives
    // behind a pointer, which Swift checks no access to, so that not even that one check (some
    // 80 instructions, several per case) is paid: only this class's methods touch it, one at a
    // time, and none calls another.
    private let core: UnsafeMutablePointer<Core>

    /// Mistakes that do not stop reading (duplicate keys), in the order found.
    package var diagnostics: [Diagnostic] { core.pointee.diagnostics }
    /// How many ``diagnostics`` there are, without copying them.
    package var diagnosticCount: Int { core.pointee.diagnostics.count }
    /// How many nodes aliases have copied so far in the current document; never more than the limit.
    package var aliasExpansion: Int { core.pointee.aliasExpansion }
    /// The file's name, in every diagnostic.
    package var file: String { core.pointee.file }

    /// Creates a reader of `bytes`, naming `file` in every location.
    ///
    /// - Throws: `Diagnostic` when the input is larger than `limits.maxInputBytes` or is not UTF-8
    ///   (a UTF-8 byte order mark is fine).
    package convenience init(file: String, bytes: [UInt8], limits: YAMLLimits = .default) throws(Diagnostic) {
        if let error = limits.sizeError(bytes.count, file: file) { throw error }
        try self.init(file: file, source: YAMLInput(copying: bytes), limits: limits)
    }

    /// Creates a reader of `source`, naming `file` in every location; with `byteOffsets: false`,
    /// every mark's ``YAMLMark/offset`` (and so every node's `bytes`) is ``YAMLMark/noOffset``.
    /// With a `pipeline` size, libyaml parses ahead on a thread of its own (``EventPipeline``).
    ///
    /// - Throws: `Diagnostic` when the input is larger than `limits.maxInputBytes` or is not UTF-8
    ///   (a UTF-8 byte order mark is fine).
    package init(
        file: String, source: YAMLInput, limits: YAMLLimits = .default, byteOffsets: Bool = true,
        pipeline: EventPipeline.Size? = nil
    ) throws(Diagnostic) {
        let bytes = source.bytes
        if let error = limits.sizeError(bytes.count, file: file) { throw error }
        // NB: libyaml reports bad UTF-8 at a byte offset only, so we find the line and column ourselves.
        if let offset = UTF8Scanner.firstInvalidOffset(in: bytes, releasing: source) {
            let location = UTF8Scanner.location(of: offset, in: bytes, file: file)
            throw .error(
                "invalid UTF-8 byte 0x\(String(bytes[offset], radix: 16, uppercase: true))",
                at: SourceRange(start: location))
        }
        core = .allocate(capacity: 1)
        core.initialize(
            to: Core(
                file: file,
                parser: EventParser(file: file, source: source, byteOffsets: byteOffsets, pipeline: pipeline),
                limits: limits))
    }

    deinit {
        core.deinitialize(count: 1)
        core.deallocate()
    }

    /// The next event, without consuming it.
    ///
    /// - Throws: `Diagnostic` for a syntax error, or an alias to an unknown anchor or over a limit.
    package func peek() throws(Diagnostic) -> YAMLEvent { try core.pointee.peek() }

    /// Consumes the next event.
    ///
    /// - Throws: `Diagnostic` for a syntax error, nesting deeper than `maxDepth`, a mapping with more
    ///   than `maxKeysPerMapping` keys, a scalar longer than `maxScalarLength`, or a bad alias.
    package func next() throws(Diagnostic) -> YAMLEvent { try core.pointee.next() }

    /// Consumes one whole node, starting at the next event, and returns it with aliases copied.
    ///
    /// - Throws: `Diagnostic` for a syntax error, a limit exceeded, or an alias to an unknown anchor.
    package func readNode() throws(Diagnostic) -> YAMLNode { try core.pointee.readNode() }

    /// Consumes one whole node, starting at the next event, appending its events to `buffer`.
    ///
    /// - Throws: `Diagnostic`, as ``readNode()`` does.
    package func readEvents(into buffer: inout YAMLEventBuffer) throws(Diagnostic) {
        try core.pointee.readEvents(into: &buffer)
    }

    /// Consumes one whole node without returning it; its anchors are kept for the aliases after it.
    ///
    /// - Throws: `Diagnostic`, as ``readNode()`` does.
    package func skipNode() throws(Diagnostic) { try core.pointee.skipNode() }
}

/// The reader's state and work.
private struct Core {
    init(file: String, parser: EventParser, limits: YAMLLimits) {
        self.file = file
        self.parser = parser
        self.limits = limits
    }

    /// Mistakes that do not stop reading (duplicate keys), in the order found.
    var diagnostics: [Diagnostic] = []
    /// How many nodes aliases have copied so far in the current document; never more than the limit.
    var aliasExpansion = 0
    /// The file's name, in every diagnostic.
    let file: String

    let parser: EventParser
    let limits: YAMLLimits
    private var peeked: YAMLEvent?
    /// The collections started and not yet ended, outermost first: their count is the nesting depth.
    private var open: [OpenCollection] = []
    /// The scalar keys of every open mapping, outermost mapping first, with their texts in ``keyBytes``.
    private var keys: [Key] = []
    private var keyBytes: [UInt8] = []
    /// The nodes that aliases may copy, by anchor.
    private var anchors: [String: AnchoredNode] = [:]
    /// The anchored collections being read, outermost first: their events are kept in ``recorded``.
    private var recordings: [Recording] = []
    private var recorded = YAMLEventBuffer()
    /// Whether an anchored collection grew too large to keep (no alias could copy it within the limit).
    private var recordingOverflowed = false
    /// The aliases being replayed, innermost last, with the index of the next event of each.
    private var replays: [(node: AnchoredNode, next: Int)] = []
    private var scratch = YAMLEventBuffer()

    /// A mapping's keys are compared one by one up to this many, then through a dictionary.
    private static let keysScannedInOrder = 16

    private struct OpenCollection {
        var isMapping: Bool
        var expectsKey = true
        /// How many keys the mapping has so far, scalar or not.
        var keyCount = 0
        /// Where its keys start in ``keys`` and ``keyBytes``.
        var firstKey: Int
        var firstKeyByte: Int
        /// Its keys by text, once it has more than ``keysScannedInOrder``.
        var index: [String: Int]?
    }

    private struct Key {
        var start: YAMLMark
        var end: YAMLMark
        var bytes: Range<Int>
        var isASCII: Bool
    }

    private struct Recording {
        var anchor: String
        var first: Int
        /// The nesting depth inside the anchored collection.
        var depth: Int
    }

    /// The next event, without consuming it.
    ///
    /// - Throws: `Diagnostic` for a syntax error, or an alias to an unknown anchor or over a limit.
    mutating func peek() throws(Diagnostic) -> YAMLEvent {
        if let peeked { return peeked }
        while true {
            if let last = replays.indices.last {
                let (node, next) = replays[last]
                guard next < node.count else {
                    replays.removeLast()
                    continue
                }
                replays[last].next += 1
                let event = node.event(at: next)
                peeked = event
                return event
            }
            let event = try parser.next()
            if event.kind == .alias {
                try replay(event)
                continue
            }
            peeked = event
            return event
        }
    }

    /// Consumes the next event.
    ///
    /// - Throws: `Diagnostic` for a syntax error, nesting deeper than `maxDepth`, a mapping with more
    ///   than `maxKeysPerMapping` keys, a scalar longer than `maxScalarLength`, or a bad alias.
    mutating func next() throws(Diagnostic) -> YAMLEvent {
        // NB: an event neither peeked nor replayed goes from the parser straight to the caller:
        // through `peeked`, every event of a spec file was copied twice more.
        if peeked == nil, replays.isEmpty {
            let event = try parser.next()
            guard event.kind == .alias else {
                try track(event)
                return event
            }
            try replay(event)
        }
        let event = try peek()
        peeked = nil
        try track(event)
        return event
    }

    /// Consumes one whole node, starting at the next event, and returns it with aliases copied.
    ///
    /// - Throws: `Diagnostic` for a syntax error, a limit exceeded, or an alias to an unknown anchor.
    mutating func readNode() throws(Diagnostic) -> YAMLNode {
        var buffer = YAMLEventBuffer()
        swap(&buffer, &scratch)
        defer { swap(&buffer, &scratch) }
        buffer.removeAll()
        try readEvents(into: &buffer)
        return buffer.node(file: file)
    }

    /// Consumes one whole node, starting at the next event, appending its events to `buffer`.
    ///
    /// - Throws: `Diagnostic`, as ``readNode()`` does.
    mutating func readEvents(into buffer: inout YAMLEventBuffer) throws(Diagnostic) {
        var depth = 0
        repeat { buffer.append(try nextInNode(depth: &depth)) } while depth > 0
    }

    /// Consumes one whole node without returning it; its anchors are kept for the aliases after it.
    ///
    /// - Throws: `Diagnostic`, as ``readNode()`` does.
    mutating func skipNode() throws(Diagnostic) {
        var depth = 0
        repeat { _ = try nextInNode(depth: &depth) } while depth > 0
    }

    /// The next event of a node being consumed, with `depth` the nesting it leaves open.
    private mutating func nextInNode(depth: inout Int) throws(Diagnostic) -> YAMLEvent {
        let event = try next()
        switch event.kind {
        case .mappingStart, .sequenceStart: depth += 1
        case .mappingEnd, .sequenceEnd: depth -= 1
        case .scalar: break
        default: preconditionFailure("a node consumed at \(event.kind), not at a node")
        }
        return event
    }

    /// Starts replaying the node an alias names, counted against the alias expansion and depth limits.
    private mutating func replay(_ alias: YAMLEvent) throws(Diagnostic) {
        let name = alias.text
        let range = alias.range(in: file)
        guard let node = anchors[name] else {
            if recordings.contains(where: { $0.anchor == name }) {
                throw .error("alias '\(name)' refers to a node that contains it", at: range)
            }
            throw .error("unknown anchor '\(name)'", at: range)
        }
        // NB: check before counting, so that a billion-laughs document stops at its first alias over the limit.
        guard aliasExpansion + node.size <= limits.maxAliasExpansion else {
            throw .error("alias expansion exceeds the limit of \(limits.maxAliasExpansion) nodes", at: range)
        }
        guard open.count + node.height <= limits.maxDepth else { throw depthError(at: range) }
        aliasExpansion += node.size
        replays.append((node, 0))
    }

    /// Keeps the nesting, the anchors and each mapping's keys up to date with a consumed event.
    private mutating func track(_ event: YAMLEvent) throws(Diagnostic) {
        switch event.kind {
        case .documentStart:
            anchors = [:]
            aliasExpansion = 0
        case .mappingEnd, .sequenceEnd:
            let closed = open.removeLast()
            if closed.isMapping {
                keys.removeSubrange(closed.firstKey...)
                keyBytes.removeSubrange(closed.firstKeyByte...)
            }
            guard let recording = recordings.last else { return }
            record(event)
            if recording.depth == open.count + 1 { finishRecording() }
        case .scalar:
            if event.value.count > limits.maxScalarLength {
                throw .error("scalar exceeds the limit of \(limits.maxScalarLength) bytes", at: event.range(in: file))
            }
            try checkKey(event)
            if !recordings.isEmpty { record(event) }
            if let anchor = event.anchorBytes {
                anchors[String(decoding: anchor, as: UTF8.self)] = AnchoredNode(event)
            }
        case .mappingStart, .sequenceStart:
            try checkKey(event)
            // NB: an anchor names the latest node that defines it, so an older node of that name is gone.
            if let anchor = event.anchor {
                anchors[anchor] = nil
                recordings.append(Recording(anchor: anchor, first: recorded.count, depth: open.count + 1))
            }
            if !recordings.isEmpty { record(event) }
            open.append(
                OpenCollection(
                    isMapping: event.kind == .mappingStart, firstKey: keys.count, firstKeyByte: keyBytes.count))
            guard open.count <= limits.maxDepth else { throw depthError(at: event.range(in: file)) }
        case .streamStart, .streamEnd, .documentEnd, .alias:
            break
        }
    }

    /// Keeps an event of the anchored collections being read, unless they grew past what any alias may copy.
    private mutating func record(_ event: YAMLEvent) {
        guard !recordingOverflowed else { return }
        // NB: a collection of more events than twice the expansion limit has more nodes than any alias may copy.
        guard recorded.count <= 2 * limits.maxAliasExpansion + 2 else {
            recordingOverflowed = true
            recorded.removeAll()
            return
        }
        recorded.append(event)
    }

    /// Ends the innermost recording and names its node by its anchor.
    private mutating func finishRecording() {
        let recording = recordings.removeLast()
        anchors[recording.anchor] =
            recordingOverflowed
            ? AnchoredNode(oversized: limits.maxAliasExpansion + 1)
            : AnchoredNode(recorded, recording.first..<recorded.count)
        if recordings.isEmpty {
            recorded.removeAll()
            recordingOverflowed = false
        }
    }

    /// Reports a scalar key already read in the enclosing mapping, and moves that mapping on from key to value.
    ///
    /// - Throws: `Diagnostic` for the key that takes the mapping over `maxKeysPerMapping`.
    private mutating func checkKey(_ event: YAMLEvent) throws(Diagnostic) {
        guard let parent = open.indices.last, open[parent].isMapping else { return }
        defer { open[parent].expectsKey.toggle() }
        guard open[parent].expectsKey else { return }
        open[parent].keyCount += 1
        guard open[parent].keyCount <= limits.maxKeysPerMapping else {
            throw .error("mapping exceeds the limit of \(limits.maxKeysPerMapping) keys", at: event.range(in: file))
        }
        guard event.kind == .scalar else { return }
        let isASCII = event.value.allSatisfy { $0 < 0x80 }
        // NB: a static function handed the parts it reads, so that the call copies no part of the reader's state.
        if let first = Self.firstKey(
            like: event, isASCII: isASCII, from: open[parent].firstKey, index: open[parent].index, keys: keys,
            keyBytes: keyBytes)
        {
            diagnostics.append(
                .error("duplicate key '\(event.text)'", at: event.range(in: file))
                    .noting("first defined here", at: SourceRange(file, first.start, first.end)))
            return
        }
        let start = keyBytes.count
        keyBytes.append(contentsOf: event.value)
        keys.append(Key(start: event.start, end: event.end, bytes: start..<keyBytes.count, isASCII: isASCII))
        if open[parent].index != nil {
            open[parent].index![event.text] = keys.count - 1
        } else if keys.count - open[parent].firstKey > Self.keysScannedInOrder {
            var index: [String: Int] = [:]
            for position in open[parent].firstKey..<keys.count {
                index[String(decoding: keyBytes[keys[position].bytes], as: UTF8.self)] = position
            }
            open[parent].index = index
        }
    }

    /// The first key of `mapping` equal to the scalar `event`: byte for byte when both are ASCII,
    /// else as Swift compares strings (canonical equivalence), as a dictionary of names would.
    private static func firstKey(
        like event: YAMLEvent, isASCII: Bool, from firstKey: Int, index: [String: Int]?, keys: [Key],
        keyBytes: [UInt8]
    ) -> Key? {
        if let index { return index[event.text].map { keys[$0] } }
        var text: String?
        for position in firstKey..<keys.count {
            let key = keys[position]
            if isASCII && key.isASCII {
                guard key.bytes.count == event.value.count else { continue }
                var equal = true
                for offset in 0..<event.value.count where keyBytes[key.bytes.lowerBound + offset] != event.value[offset]
                {
                    equal = false
                    break
                }
                if equal { return key }
            } else {
                if text == nil { text = event.text }
                if String(decoding: keyBytes[key.bytes], as: UTF8.self) == text { return key }
            }
        }
        return nil
    }

    private func depthError(at range: SourceRange) -> Diagnostic {
        .error("nesting depth exceeds the limit of \(limits.maxDepth) levels", at: range)
    }
}
