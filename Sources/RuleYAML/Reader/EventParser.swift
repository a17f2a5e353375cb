internal import CLibYAML  // no libyaml type leaves this file
package import RuleCore

/// Owns a libyaml parser and the bytes it reads, and turns libyaml's events into ``YAMLEvent`` values.
package final class EventParser {
    // NB: libyaml keeps pointers to its parser struct and to the input between calls,
    // so both live at stable heap addresses, never in `&storedProperty` temporaries.
    private let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    private let source: YAMLInput
    private let input: UnsafeBufferPointer<UInt8>
    private var byteCount: Int { input.count }
    private let file: String
    /// The error or the stream end already reported: libyaml answers later calls with an empty event.
    private var last: Result<YAMLEvent, Diagnostic>?
    /// The last mark converted to a byte offset: libyaml's `index` counts scalars after any byte
    /// order mark, and marks mostly move forward, so each conversion walks on from the last.
    private var cursor: (index: Int, offset: Int)

    /// Creates a parser of `source`, naming `file` in every location.
    package init(file: String, source: YAMLInput) {
        self.file = file
        self.source = source
        input = source.bytes
        precondition(yaml_parser_initialize(parser) != 0, "libyaml could not allocate a parser")
        yaml_parser_set_input_string(parser, input.baseAddress, input.count)
        cursor = (0, Self.byteOrderMarkLength(input))
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// The next event; after the stream end, the stream end again.
    ///
    /// - Throws: `Diagnostic` for a syntax error, at the place libyaml found it; every later call throws it again.
    package func next() throws(Diagnostic) -> YAMLEvent {
        if let last { return try last.get() }
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) != 0 else {
            let error = syntaxError()
            last = .failure(error)
            throw error
        }
        defer { yaml_event_delete(&event) }
        let converted = convert(event)
        if converted.kind == .streamEnd { last = .success(converted) }
        return converted
    }

    private func convert(_ event: yaml_event_t) -> YAMLEvent {
        let range = SourceRange(
            start: SourceLocation(file, event.start_mark), end: SourceLocation(file, event.end_mark))
        let start = byteOffset(of: event.start_mark)
        let bytes = start..<max(start, byteOffset(of: event.end_mark))
        switch event.type {
        case YAML_STREAM_START_EVENT: return YAMLEvent(.streamStart, range: range, bytes: bytes)
        case YAML_STREAM_END_EVENT: return YAMLEvent(.streamEnd, range: range, bytes: bytes)
        case YAML_DOCUMENT_START_EVENT: return YAMLEvent(.documentStart, range: range, bytes: bytes)
        case YAML_DOCUMENT_END_EVENT: return YAMLEvent(.documentEnd, range: range, bytes: bytes)
        case YAML_ALIAS_EVENT:
            return YAMLEvent(.alias(Self.string(event.data.alias.anchor) ?? ""), range: range, bytes: bytes)
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
            let scalar = YAMLScalar(text, style: Self.style(data.style))
            return YAMLEvent(
                .scalar(scalar), anchor: Self.string(data.anchor), tag: Self.tag(data.tag), range: range, bytes: bytes)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            return YAMLEvent(
                .sequenceStart, anchor: Self.string(data.anchor), tag: Self.tag(data.tag), range: range, bytes: bytes)
        case YAML_SEQUENCE_END_EVENT: return YAMLEvent(.sequenceEnd, range: range, bytes: bytes)
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            return YAMLEvent(
                .mappingStart, anchor: Self.string(data.anchor), tag: Self.tag(data.tag), range: range, bytes: bytes)
        case YAML_MAPPING_END_EVENT: return YAMLEvent(.mappingEnd, range: range, bytes: bytes)
        default: preconditionFailure("libyaml reported success without an event")
        }
    }

    /// The UTF-8 offset in the input of the scalar that `mark.index` counts to.
    private func byteOffset(of mark: yaml_mark_t) -> Int {
        if mark.index < cursor.index { cursor = (0, Self.byteOrderMarkLength(input[..<byteCount])) }
        while cursor.index < mark.index, cursor.offset < byteCount {
            let lead = input[cursor.offset]
            cursor.offset += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            cursor.index += 1
        }
        return cursor.offset
    }

    private static func byteOrderMarkLength(_ bytes: some Collection<UInt8>) -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// libyaml's error as a diagnostic: "could not find expected ':' while scanning a simple key", with a
    /// note at the place the scanned construct starts when that is elsewhere.
    private func syntaxError() -> Diagnostic {
        let state = parser.pointee
        // NB: libyaml leaves `problem` unset only when it runs out of memory.
        let problem = state.problem.map { String(cString: $0) } ?? "out of memory"
        let context = state.context.map { String(cString: $0) }
        // NB: reader errors (a control character) carry a byte offset instead of a mark.
        let location =
            state.error == YAML_READER_ERROR
            ? UTF8Scanner.location(
                of: state.problem_offset, in: input, file: file)
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
            text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
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

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafePointer($0)) }
    }

    private static func tag(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        let tag = string(pointer)
        return tag == "!" ? nil : tag
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLScalar.Style {
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
    /// The one place where libyaml's 0-based marks become 1-based.
    init(_ file: String, _ mark: yaml_mark_t) {
        self.init(file: file, line: mark.line + 1, column: mark.column + 1)
    }
}
