import RuleCore

/// Events kept past the reader's next step, with their texts copied into one byte buffer: a whole
/// node read for a spec case, or the node an anchor names. Reused, it allocates nothing per node.
package struct YAMLEventBuffer {
    /// One kept event; its texts are ranges of ``bytes``.
    package struct Event {
        package var kind: YAMLEvent.Kind
        package var style: YAMLScalar.Style
        package var isCopy: Bool
        package var start: YAMLMark
        package var end: YAMLMark
        package var value: Range<Int>
        package var tag: Range<Int>?
    }

    /// The events, in stream order.
    package private(set) var events: [Event] = []
    /// The texts of every event, back to back.
    package private(set) var bytes: [UInt8] = []

    /// An empty buffer.
    package init() {}

    /// How many events it holds.
    package var count: Int { events.count }

    /// Forgets every event, keeping the memory for the next node.
    package mutating func removeAll() {
        events.removeAll(keepingCapacity: true)
        // NB: the texts are let be until they fill 64 KB: events name theirs by range, and
        // clearing this array too for every spec case cost as much as clearing the events.
        if bytes.count >= 1 << 16 { bytes.removeAll(keepingCapacity: true) }
    }

    /// Keeps a copy of `event`.
    package mutating func append(_ event: YAMLEvent) {
        let valueStart = bytes.count
        if !event.value.isEmpty { bytes.append(contentsOf: event.value) }
        var tag: Range<Int>?
        if let tagBytes = event.tagBytes {
            let tagStart = bytes.count
            bytes.append(contentsOf: tagBytes)
            tag = tagStart..<bytes.count
        }
        events.append(
            Event(
                kind: event.kind, style: event.style, isCopy: event.isCopy, start: event.start, end: event.end,
                value: valueStart..<valueStart + event.value.count, tag: tag))
    }

    /// Keeps the events `range` of `other`.
    mutating func append(_ range: Range<Int>, of other: YAMLEventBuffer) {
        for event in other.events[range] {
            let shift = bytes.count - event.value.lowerBound
            bytes.append(contentsOf: other.bytes[event.value])
            var kept = event
            kept.value = event.value.lowerBound + shift..<event.value.upperBound + shift
            if let tag = event.tag {
                let tagStart = bytes.count
                bytes.append(contentsOf: other.bytes[tag])
                kept.tag = tagStart..<bytes.count
            }
            events.append(kept)
        }
    }

    /// The event at `index`.
    package subscript(index: Int) -> Event { events[index] }

    /// The text of the event at `index`: a scalar's text.
    package func text(_ index: Int) -> String {
        String(decoding: bytes[events[index].value], as: UTF8.self)
    }

    /// The tag of the event at `index`.
    package func tag(_ index: Int) -> String? {
        events[index].tag.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Whether the text of the event at `index` is exactly the ASCII text `name`.
    package func textEquals(_ index: Int, _ name: StaticString) -> Bool {
        let value = events[index].value
        guard name.utf8CodeUnitCount == value.count else { return false }
        let expected = name.utf8Start
        for offset in 0..<value.count where bytes[value.lowerBound + offset] != expected[offset] { return false }
        return true
    }

    /// Whether the event at `index` is a scalar meaning "no value", as ``YAMLNode/isNull`` says.
    package func isNull(_ index: Int) -> Bool {
        let event = events[index]
        guard event.kind == .scalar, event.style == .plain else { return false }
        if let tag = event.tag, tag.count != YAMLScalar.nullTag.utf8.count || tagText(tag) != YAMLScalar.nullTag {
            return false
        }
        switch event.value.count {
        case 0: return true
        case 1: return bytes[event.value.lowerBound] == UInt8(ascii: "~")
        case 4: return ["null", "Null", "NULL"].contains(String(decoding: bytes[event.value], as: UTF8.self))
        default: return false
        }
    }

    private func tagText(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// The index just after the node that starts at `index`.
    package func end(ofNodeAt index: Int) -> Int {
        var depth = 0
        var position = index
        repeat {
            switch events[position].kind {
            case .mappingStart, .sequenceStart: depth += 1
            case .mappingEnd, .sequenceEnd: depth -= 1
            default: break
            }
            position += 1
        } while depth > 0 && position < events.count
        return position
    }

    /// The node that starts at `index`, as a tree whose locations name `file`.
    package func node(at index: Int = 0, file: String) -> YAMLNode {
        var position = index
        return node(&position, file: file)
    }

    private func node(_ position: inout Int, file: String) -> YAMLNode {
        let start = events[position]
        let tag = self.tag(position)
        position += 1
        switch start.kind {
        case .sequenceStart, .mappingStart:
            let endKind: YAMLEvent.Kind = start.kind == .sequenceStart ? .sequenceEnd : .mappingEnd
            var children: [YAMLNode] = []
            while position < events.count, events[position].kind != endKind {
                children.append(node(&position, file: file))
            }
            let closing = events[min(position, events.count - 1)]
            position += 1
            let content: YAMLNode.Content =
                endKind == .sequenceEnd
                ? .sequence(children)
                : .mapping(
                    stride(from: 0, to: children.count - 1, by: 2).map {
                        YAMLPair(key: children[$0], value: children[$0 + 1])
                    })
            return YAMLNode(
                content, range: SourceRange(file, start.start, closing.end),
                bytes: start.start.offset..<max(start.start.offset, closing.end.offset), tag: tag)
        default:
            return YAMLNode(
                .scalar(YAMLScalar(text(position - 1), style: start.style)),
                range: SourceRange(file, start.start, start.end),
                bytes: start.start.offset..<max(start.start.offset, start.end.offset), tag: tag)
        }
    }
}

/// The events of a node an anchor names, kept at a stable address so that the events an alias
/// replays can point at their texts.
final class AnchoredNode {
    private let events: [YAMLEventBuffer.Event]
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// How many nodes copying it makes.
    let size: Int
    /// How deep it nests: 0 for a scalar.
    let height: Int

    init(_ buffer: YAMLEventBuffer, _ range: Range<Int>, size oversized: Int? = nil) {
        var kept = YAMLEventBuffer()
        kept.append(range, of: buffer)
        events = kept.events
        storage = .allocate(capacity: max(kept.bytes.count, 1))
        _ = storage.initialize(from: kept.bytes)
        var (size, height, depth) = (0, 0, 0)
        for event in kept.events {
            switch event.kind {
            case .mappingStart, .sequenceStart:
                size += 1
                depth += 1
                height = max(height, depth)
            case .mappingEnd, .sequenceEnd: depth -= 1
            default: size += 1
            }
        }
        self.size = oversized ?? size
        self.height = height
    }

    deinit { storage.deallocate() }

    /// How many events it replays.
    var count: Int { events.count }

    /// The event at `index`, as a copy: no anchor, the original marks.
    func event(at index: Int) -> YAMLEvent {
        let kept = events[index]
        let base = UnsafePointer(storage.baseAddress!)
        var event = YAMLEvent(
            kept.kind, style: kept.style, start: kept.start, end: kept.end,
            value: UnsafeBufferPointer(start: base + kept.value.lowerBound, count: kept.value.count),
            tag: kept.tag.map { UnsafeBufferPointer(start: base + $0.lowerBound, count: $0.count) })
        event.isCopy = true
        return event
    }
}

extension AnchoredNode {
    /// A scalar's node.
    convenience init(_ scalar: YAMLEvent) {
        var buffer = YAMLEventBuffer()
        buffer.append(scalar)
        self.init(buffer, 0..<1)
    }

    /// A node too large for any alias to copy, kept only to say so.
    convenience init(oversized size: Int) {
        self.init(YAMLEventBuffer(), 0..<0, size: size)
    }
}
