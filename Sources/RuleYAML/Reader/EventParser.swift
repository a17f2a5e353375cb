internal import CLibYAML  // no libyaml type leaves this file and EventPipeline.swift
package import RuleCore

/// Turns libyaml's events into ``YAMLEvent`` values, on the calling thread or, with a
/// ``EventPipeline/Size``, on a thread of its own that runs ahead of the caller.
///
/// NB: libyaml's parse is most of what reading a spec file costs; on a thread of its own it runs
/// beside the decoding of the cases it gave, instead of taking turns with it.
package final class EventParser {
    // NB: both are `let`, so that choosing one costs no exclusivity check per event.
    private let stream: LibYAMLStream?
    /// The consumer's side of the pipeline, behind a pointer as the readers' states are.
    private let pipeline: UnsafeMutablePointer<EventPipeline.Reader>?

    /// Creates a parser of `source`, naming `file` in its syntax errors; with `byteOffsets: false`,
    /// marks carry no byte offset (for readers that never place text by its bytes). With a
    /// `pipeline` size and no byte offsets, libyaml parses on a thread of its own, a few chunks
    /// of events ahead at most.
    package init(file: String, source: YAMLInput, byteOffsets: Bool = true, pipeline: EventPipeline.Size? = nil) {
        let stream = LibYAMLStream(file: file, source: source, byteOffsets: byteOffsets)
        // NB: byte offsets walk the input from mark to mark, on the parsing thread: a pipeline has none.
        guard let pipeline, !byteOffsets else {
            self.stream = stream
            self.pipeline = nil
            return
        }
        self.stream = nil
        self.pipeline = .allocate(capacity: 1)
        self.pipeline!.initialize(to: EventPipeline.Reader(EventPipeline(stream, size: pipeline)))
    }

    deinit {
        guard let pipeline else { return }
        // NB: the parsing thread is stopped and waited for, so that nothing reads the input after its reader is gone.
        pipeline.pointee.stop()
        pipeline.deinitialize(count: 1)
        pipeline.deallocate()
    }

    /// The next event, valid until the next call; after the stream end, the stream end again.
    ///
    /// - Throws: `Diagnostic` for a syntax error, at the place libyaml found it; every later call throws it again.
    @inline(__always)
    package func next() throws(Diagnostic) -> YAMLEvent {
        guard let pipeline else { return try stream.unsafelyUnwrapped.next() }
        return try pipeline.pointee.next()
    }
}

/// Owns a libyaml parser and the bytes it reads, and turns libyaml's events into ``YAMLEvent`` values.
///
/// NB: used by one thread at a time: the caller's, or the pipeline's once it started.
final class LibYAMLStream: @unchecked Sendable {
    // NB: libyaml keeps pointers to its parser struct and to the input between calls,
    // so both live at stable heap addresses, never in `&storedProperty` temporaries.
    let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    /// The last event libyaml gave, kept until the next call: the returned event's text points into it.
    private let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
    /// The last event as a view into it, reused for every event.
    private let view = UnsafeMutablePointer<rc_yaml_event>.allocate(capacity: 1)
    private var holdsEvent = false
    let source: YAMLInput
    private let input: UnsafeBufferPointer<UInt8>
    let file: String
    /// The error or the stream end already reported: libyaml answers later calls with an empty event.
    private var last: Result<YAMLEvent, Diagnostic>?
    /// Whether ``last`` is set: a flag is cheaper to test per event than the optional result.
    private var ended = false
    /// The last mark converted to a byte offset: libyaml's `index` counts scalars after any byte
    /// order mark, and marks mostly move forward, so each conversion walks on from the last.
    private var cursor: (index: Int, offset: Int)
    private let byteOrderMark: Int
    /// Whether marks carry byte offsets (``YAMLMark/offset``); without them every offset is
    /// ``YAMLMark/noOffset`` and no mark costs a walk.
    private let measuresOffsets: Bool
    /// Where the input's pages behind the parser were handed back up to (``YAMLInput/release(_:)``).
    private var released = 0

    /// Creates a parser of `source`, naming `file` in its syntax errors; with `byteOffsets: false`,
    /// marks carry no byte offset.
    init(file: String, source: YAMLInput, byteOffsets: Bool) {
        self.file = file
        self.source = source
        measuresOffsets = byteOffsets
        input = source.bytes
        precondition(yaml_parser_initialize(parser) != 0, "libyaml could not allocate a parser")
        yaml_parser_set_input_string(parser, input.baseAddress, input.count)
        byteOrderMark = input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        cursor = (0, byteOrderMark)
    }

    deinit {
        if holdsEvent { yaml_event_delete(event) }
        event.deallocate()
        view.deallocate()
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// The next event, valid until the next call; after the stream end, the stream end again.
    ///
    /// - Throws: `Diagnostic` for a syntax error, at the place libyaml found it; every later call throws it again.
    func next() throws(Diagnostic) -> YAMLEvent {
        if ended, let last { return try last.get() }
        if holdsEvent {
            yaml_event_delete(event)
            holdsEvent = false
        }
        guard yaml_parser_parse(parser, event) != 0 else {
            // NB: a file that shrank reads as zeros, which libyaml reports as control characters.
            let error = source.wasTruncated ? YAMLInput.changedError(file: file) : syntaxError()
            last = .failure(error)
            ended = true
            throw error
        }
        holdsEvent = true
        let converted = convert(event)
        if converted.kind == .streamEnd, source.wasTruncated {
            let error = YAMLInput.changedError(file: file)
            last = .failure(error)
            ended = true
            throw error
        }
        // NB: the bytes before the last mark converted are behind libyaml's reading too; without
        // offsets, the bytes libyaml has taken into its own buffer are. Pages are released only
        // behind the walk that converts marks, which would otherwise fault them back in for good.
        // NB: a megabyte at a time, so that the calls cost nothing next to the reading.
        let behind = measuresOffsets ? cursor.offset : bytesTaken
        if behind - released >= 1 << 20 {
            released = source.release(released..<behind)
        }
        if converted.kind == .streamEnd {
            last = .success(converted)
            ended = true
        }
        return converted
    }

    // NB: handed libyaml's event by pointer: by value, its hundred bytes were copied twice per event.
    private func convert(_ pointer: UnsafeMutablePointer<yaml_event_t>) -> YAMLEvent {
        rc_yaml_event_view(pointer, view)
        return Self.event(view, start: mark(view.pointee.start_mark), end: mark(view.pointee.end_mark))
    }

    /// The one place where libyaml's event kinds and styles, and its non-specific tag `!`, become
    /// a ``YAMLEvent``: of an event on this thread, or of one the pipeline copied.
    @inline(__always)
    static func event(_ view: UnsafePointer<rc_yaml_event>, start: YAMLMark, end: YAMLMark) -> YAMLEvent {
        let value = UnsafeBufferPointer(start: view.pointee.value, count: view.pointee.length)
        let anchor = view.pointee.anchor.map { UnsafeBufferPointer(start: $0, count: view.pointee.anchor_length) }
        let tag =
            view.pointee.tag_length == 1 && view.pointee.tag?.pointee == UInt8(ascii: "!")
            ? nil : view.pointee.tag.map { UnsafeBufferPointer(start: $0, count: view.pointee.tag_length) }
        switch view.pointee.type {
        case YAML_SCALAR_EVENT:
            return YAMLEvent(
                .scalar, style: style(view.pointee.style), start: start, end: end, value: value, anchor: anchor,
                tag: tag)
        case YAML_MAPPING_START_EVENT: return YAMLEvent(.mappingStart, start: start, end: end, anchor: anchor, tag: tag)
        case YAML_MAPPING_END_EVENT: return YAMLEvent(.mappingEnd, start: start, end: end)
        case YAML_SEQUENCE_START_EVENT:
            return YAMLEvent(.sequenceStart, start: start, end: end, anchor: anchor, tag: tag)
        case YAML_SEQUENCE_END_EVENT: return YAMLEvent(.sequenceEnd, start: start, end: end)
        case YAML_ALIAS_EVENT: return YAMLEvent(.alias, start: start, end: end, value: value)
        case YAML_STREAM_START_EVENT: return YAMLEvent(.streamStart, start: start, end: end)
        case YAML_STREAM_END_EVENT: return YAMLEvent(.streamEnd, start: start, end: end)
        case YAML_DOCUMENT_START_EVENT: return YAMLEvent(.documentStart, start: start, end: end)
        case YAML_DOCUMENT_END_EVENT: return YAMLEvent(.documentEnd, start: start, end: end)
        default: preconditionFailure("libyaml reported success without an event")
        }
    }

    /// A mark of this stream, with its byte offset when it measures them.
    @inline(__always)
    private func mark(_ mark: yaml_mark_t) -> YAMLMark {
        Self.mark(mark, offset: measuresOffsets ? byteOffset(of: mark) : YAMLMark.noOffset)
    }

    /// The one place where libyaml's 0-based marks become 1-based.
    @inline(__always)
    static func mark(_ mark: yaml_mark_t, offset: Int) -> YAMLMark {
        YAMLMark(line: mark.line + 1, column: mark.column + 1, offset: offset)
    }

    /// How many bytes of the input libyaml has read into its own buffer.
    var bytesTaken: Int {
        guard let base = input.baseAddress, let current = parser.pointee.input.string.current else { return 0 }
        return current - base
    }

    /// The UTF-8 offset in the input of the scalar that `mark.index` counts to.
    @inline(__always)
    private func byteOffset(of mark: yaml_mark_t) -> Int {
        if mark.index < cursor.index { cursor = (0, byteOrderMark) }
        guard let base = input.baseAddress else { return 0 }
        var (index, offset) = cursor
        let count = input.count
        // NB: eight bytes at a time, counting the bytes that start a scalar (all but 10xxxxxx);
        // a block may end inside a scalar it counted, whose remaining bytes are then skipped.
        if index + 8 <= mark.index {
            while index + 8 <= mark.index, offset + 8 <= count {
                let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
                let continuations = word & ~(word << 1) & 0x8080_8080_8080_8080
                index += 8 - continuations.nonzeroBitCount
                offset += 8
            }
            while offset < count, base[offset] & 0xC0 == 0x80 { offset += 1 }
        }
        while index < mark.index, offset < count {
            let lead = base[offset]
            offset += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            index += 1
        }
        cursor = (index, offset)
        return offset
    }

    /// libyaml's error as a diagnostic: "could not find expected ':' while scanning a simple key", with a
    /// note at the place the scanned construct starts when that is elsewhere.
    func syntaxError() -> Diagnostic {
        let state = parser.pointee
        // NB: libyaml leaves `problem` unset only when it runs out of memory.
        let problem = state.problem.map { String(cString: $0) } ?? "out of memory"
        let context = state.context.map { String(cString: $0) }
        // NB: reader errors (a control character) carry a byte offset instead of a mark.
        let location =
            state.error == YAML_READER_ERROR
            ? UTF8Scanner.location(of: state.problem_offset, in: input, file: file)
            : SourceLocation(file, state.problem_mark)
        let contextLocation = SourceLocation(file, state.context_mark)
        let advice = line(location.line).flatMap {
            YAMLSyntaxAdvice.message(
                problem: problem, context: context, line: $0, previousLine: line(location.line - 1),
                column: location.column,
                contextColumn: contextLocation.column)
        }
        let error = Diagnostic.error(
            advice ?? [problem, context].compactMap { $0 }.joined(separator: " ").diagnosticMessage,
            at: SourceRange(start: location))
        guard let context, contextLocation != location else { return error }
        let construct = ["while scanning ", "while parsing "].reduce(context) { text, prefix in
            text.hasScalarPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
        }
        return error.noting("\(construct) starts here", at: SourceRange(start: contextLocation))
    }

    /// Line `number` (from 1) of the input, up to 4,096 bytes of it, for translating an error.
    private func line(_ number: Int) -> Substring? {
        var current = 1
        var start = 0
        for (offset, byte) in input.enumerated() where byte == 0x0A {
            if current == number { break }
            current += 1
            start = offset + 1
        }
        guard current == number, start <= input.count else { return nil }
        let end = input[start...].firstIndex(of: 0x0A) ?? input.count
        return Substring(decoding: input[start..<min(end, start + 4096)], as: UTF8.self)
    }

    static func style(_ style: yaml_scalar_style_t) -> YAMLScalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}

extension SourceLocation {
    /// A location from libyaml's 0-based mark, for syntax errors.
    init(_ file: String, _ mark: yaml_mark_t) {
        self.init(file: file, line: mark.line + 1, column: mark.column + 1)
    }
}
