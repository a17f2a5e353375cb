package import RuleCore

/// One step of a YAML stream as libyaml reports it, with the span it was read from.
package struct YAMLEvent: Hashable, Sendable {
    /// What an event reports.
    package enum Kind: Hashable, Sendable {
        case streamStart, streamEnd, documentStart, documentEnd
        case mappingStart, mappingEnd, sequenceStart, sequenceEnd
        /// A scalar node.
        case scalar(YAMLScalar)
        /// An alias node, naming the anchor it copies.
        case alias(String)
    }

    /// What the event reports.
    package var kind: Kind
    /// The anchor (`&name`) a scalar, sequence or mapping defines.
    package var anchor: String?
    /// The explicit tag, resolved (`!!str` is `tag:yaml.org,2002:str`); `nil` when absent or the non-specific `!`.
    package var tag: String?
    /// From libyaml's start mark to its end mark.
    package var range: SourceRange
    /// The same span as UTF-8 offsets from the start of the input (a byte order mark counts).
    package var bytes: Range<Int>

    /// Creates an event.
    package init(_ kind: Kind, anchor: String? = nil, tag: String? = nil, range: SourceRange, bytes: Range<Int>) {
        self.kind = kind
        self.anchor = anchor
        self.tag = tag
        self.range = range
        self.bytes = bytes
    }
}
