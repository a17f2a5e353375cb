package import RuleCore

/// One step of a YAML stream as libyaml reports it, with the span it was read from.
///
/// An event is plain data: its marks are integers and its text is a view of bytes that the
/// reader owns. NB: ``value``, ``anchor`` and ``tag`` are valid only until the reader that gave
/// the event moves on (its next `peek()` or `next()` after this event was consumed); read what
/// you keep before that, as ``text`` does.
package struct YAMLEvent {
    /// What an event reports.
    package enum Kind: UInt8, Hashable, Sendable {
        case streamStart, streamEnd, documentStart, documentEnd
        case mappingStart, mappingEnd, sequenceStart, sequenceEnd
        /// A scalar node: its text is ``value``.
        case scalar
        /// An alias node, naming in ``value`` the anchor it copies.
        case alias
    }

    // NB: the marks and texts first and the bytes last, and the optional texts stored as views
    // with no address when absent (an anchor or a tag is never empty): 88 bytes, not 120.

    /// Where the event starts.
    package var start: YAMLMark
    /// Where it ends, exclusive.
    package var end: YAMLMark
    /// A scalar's text after escapes and folding, or an alias's anchor name; empty for other events.
    package var value: UnsafeBufferPointer<UInt8>
    private var storedAnchor: UnsafeBufferPointer<UInt8>
    private var storedTag: UnsafeBufferPointer<UInt8>
    /// What the event reports.
    package var kind: Kind
    /// How a scalar was written; `.plain` for other events.
    package var style: YAMLScalar.Style
    /// Whether the event is a copy made for an alias, carrying the marks of the node its anchor names.
    package var isCopy = false

    /// The anchor (`&name`) a scalar, sequence or mapping defines.
    package var anchorBytes: UnsafeBufferPointer<UInt8>? {
        get { storedAnchor.baseAddress == nil ? nil : storedAnchor }
        set { storedAnchor = newValue ?? Self.none }
    }
    /// The explicit tag, resolved (`!!str` is `tag:yaml.org,2002:str`); `nil` when absent or the non-specific `!`.
    package var tagBytes: UnsafeBufferPointer<UInt8>? {
        get { storedTag.baseAddress == nil ? nil : storedTag }
        set { storedTag = newValue ?? Self.none }
    }

    private static var none: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: nil, count: 0) }

    /// Creates an event.
    package init(
        _ kind: Kind, style: YAMLScalar.Style = .plain, start: YAMLMark, end: YAMLMark,
        value: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0),
        anchor: UnsafeBufferPointer<UInt8>? = nil, tag: UnsafeBufferPointer<UInt8>? = nil
    ) {
        self.kind = kind
        self.style = style
        self.start = start
        self.end = end
        self.value = value
        storedAnchor = anchor ?? Self.none
        storedTag = tag ?? Self.none
    }

    /// ``value`` as text.
    package var text: String { String(decoding: value, as: UTF8.self) }
    /// The anchor as text.
    package var anchor: String? { anchorBytes.map { String(decoding: $0, as: UTF8.self) } }
    /// The tag as text.
    package var tag: String? { tagBytes.map { String(decoding: $0, as: UTF8.self) } }
    /// The span as UTF-8 offsets from the start of the input (a byte order mark counts).
    package var bytes: Range<Int> { start.offset..<max(start.offset, end.offset) }

    /// From the start mark to the end mark in `file`.
    package func range(in file: String) -> SourceRange { SourceRange(file, start, end) }

    /// Whether ``value`` holds exactly the ASCII text `name`.
    package func valueEquals(_ name: StaticString) -> Bool {
        guard name.utf8CodeUnitCount == value.count else { return false }
        let expected = name.utf8Start
        for index in 0..<value.count where value[index] != expected[index] { return false }
        return true
    }
}
