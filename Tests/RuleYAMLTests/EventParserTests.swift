import RuleCore
import RuleYAML
import Testing

struct EventCase: CustomTestStringConvertible, Sendable {
    var yaml: String
    /// The events in the notation of the YAML test suite: `+MAP`, `=VAL &a <tag> :plain`, `=ALI *a`, `-MAP`.
    var events: [String]
    var testDescription: String { yaml.debugDescription }
}

extension YAMLEvent {
    /// This event in the notation of the YAML test suite.
    var testSuiteNotation: String {
        let properties = (anchor.map { " &\($0)" } ?? "") + (tag.map { " <\($0)>" } ?? "")
        switch kind {
        case .streamStart: return "+STR"
        case .streamEnd: return "-STR"
        case .documentStart: return "+DOC"
        case .documentEnd: return "-DOC"
        case .mappingStart: return "+MAP" + properties
        case .mappingEnd: return "-MAP"
        case .sequenceStart: return "+SEQ" + properties
        case .sequenceEnd: return "-SEQ"
        case .alias: return "=ALI *\(text)"
        case .scalar:
            let indicator =
                switch style {
                case .plain: ":"
                case .singleQuoted: "'"
                case .doubleQuoted: "\""
                case .literal: "|"
                case .folded: ">"
                }
            return "=VAL\(properties) \(indicator)\(text)"
        }
    }
}

struct ByteRangeCase: CustomTestStringConvertible, Sendable {
    var yaml: String
    /// The source text of each scalar event's byte range.
    var scalars: [String]
    var testDescription: String { yaml.debugDescription }
}

@Suite struct EventParserTests {
    /// Every event of `yaml`, up to the stream end, in the notation of the YAML test suite, with its marks.
    static func events(_ yaml: String, byteOffsets: Bool = true, pipeline: EventPipeline.Size? = nil) throws(Diagnostic)
        -> [(notation: String, start: YAMLMark, end: YAMLMark)]
    {
        let parser = EventParser(
            file: "t.yaml", source: YAMLInput(copying: Array(yaml.utf8)), byteOffsets: byteOffsets, pipeline: pipeline)
        var events: [(notation: String, start: YAMLMark, end: YAMLMark)] = []
        var kind = YAMLEvent.Kind.streamStart
        repeat {
            // NB: an event's text lives until the parser's next call, so it is read at once.
            let event = try parser.next()
            kind = event.kind
            events.append((event.testSuiteNotation, event.start, event.end))
        } while kind != .streamEnd
        return events
    }

    @Test(
        "libyaml's events become YAMLEvent values",
        arguments: [
            EventCase(yaml: "", events: ["+STR", "-STR"]),
            EventCase(
                yaml: "&k !!str key: [*k, 'x', \"y\"]\n",
                events: [
                    "+STR", "+DOC", "+MAP", "=VAL &k <tag:yaml.org,2002:str> :key", "+SEQ", "=ALI *k", "=VAL 'x",
                    "=VAL \"y", "-SEQ", "-MAP", "-DOC", "-STR",
                ]),
            EventCase(
                yaml: "- !!map {}\n- &s !local [a]\n- ! b\n- |\n  c\n- >\n  d\n",
                events: [
                    "+STR", "+DOC", "+SEQ", "+MAP <tag:yaml.org,2002:map>", "-MAP", "+SEQ &s <!local>", "=VAL :a",
                    "-SEQ",
                    "=VAL :b", "=VAL |c\n", "=VAL >d\n", "-SEQ", "-DOC", "-STR",
                ]),
        ])
    func events(_ c: EventCase) throws {
        #expect(try Self.events(c.yaml).map(\.notation) == c.events)
    }

    @Test func rangesRunFromStartMarkToEndMark() throws {
        let ranges = try Self.events("a: 'b'\n").map {
            "\($0.start.line):\($0.start.column)-\($0.end.line):\($0.end.column)"
        }
        #expect(ranges == ["1:1-1:1", "1:1-1:1", "1:1-1:1", "1:1-1:2", "1:4-1:7", "2:1-2:1", "2:1-2:1", "2:1-2:1"])
    }

    @Test(
        "byte ranges count UTF-8 bytes, a byte order mark and both bytes of \\r\\n",
        arguments: [
            ByteRangeCase(yaml: "a: 'b'\n", scalars: ["a", "'b'"]),
            ByteRangeCase(
                yaml: "\u{FEFF}キー: \"値\u{2028}\" # c\r\nb: |\r\n  x\r\n",
                scalars: ["キー", "\"値\u{2028}\"", "b", "|\r\n  x\r\n"]),
            ByteRangeCase(yaml: "- {k: 👨‍👩‍👧}\n", scalars: ["k", "👨‍👩‍👧"]),
            // NB: long runs, which the offset walk counts eight bytes at a time, ending inside a character.
            ByteRangeCase(
                yaml: "- {key: 漢字漢字漢字漢字漢字, l: \"👨‍👩‍👧👨‍👩‍👧 ab é\", m: abcdefghijklmnopq}\n",
                scalars: ["key", "漢字漢字漢字漢字漢字", "l", "\"👨‍👩‍👧👨‍👩‍👧 ab é\"", "m", "abcdefghijklmnopq"]),
            ByteRangeCase(
                yaml: "\u{FEFF}abcdefghijklmnopqrstuvwxyz: é漢👨\n\u{3000}x: [ééééééééé, 🙂🙂🙂🙂🙂🙂🙂🙂, y]\n",
                scalars: ["abcdefghijklmnopqrstuvwxyz", "é漢👨", "\u{3000}x", "ééééééééé", "🙂🙂🙂🙂🙂🙂🙂🙂", "y"]),
        ])
    func byteRanges(_ c: ByteRangeCase) throws {
        let bytes = Array(c.yaml.utf8)
        let scalars = try Self.events(c.yaml).filter { $0.notation.hasPrefix("=VAL") }
        #expect(scalars.map { String(decoding: bytes[$0.start.offset..<$0.end.offset], as: UTF8.self) } == c.scalars)
    }

    @Test func theStreamEndRepeats() throws {
        let parser = EventParser(file: "t.yaml", source: YAMLInput(copying: []))
        #expect(
            try [parser.next(), parser.next(), parser.next()].map(\.kind) == [.streamStart, .streamEnd, .streamEnd])
    }

    @Test func aSyntaxErrorRepeats() throws {
        let parser = EventParser(file: "t.yaml", source: YAMLInput(copying: Array("[a".utf8)))
        for _ in 0..<4 { _ = try parser.next() }  // stream, document and sequence start, then `a`
        let first = #expect(throws: Diagnostic.self) { try parser.next() }
        let second = #expect(throws: Diagnostic.self) { try parser.next() }
        #expect(first != nil && first == second)
        #expect(first?.message == "did not find expected ',' or ']' while parsing a flow sequence")
    }

    /// Everything a parser gives, as text: each event with its marks, then its error if any,
    /// and what the next two calls give after the end.
    static func transcript(_ yaml: String, pipeline: EventPipeline.Size?) -> [String] {
        let parser = EventParser(
            file: "t.yaml", source: YAMLInput(copying: Array(yaml.utf8)), byteOffsets: false, pipeline: pipeline)
        var lines: [String] = []
        var ends = 0
        while ends < 3 {
            do {
                let event = try parser.next()
                lines.append("\(event.testSuiteNotation) \(event.start) \(event.end)")
                if event.kind == .streamEnd { ends += 1 }
            } catch {
                lines.append(
                    "error \(error.range.map { "\($0)" } ?? "") \(error.message) \(error.notes.map(\.message))")
                ends += 1
            }
        }
        return lines
    }

    static let pipelineSources = [
        "", "a", "&k !!str key: [*k, 'x', \"y\"]\n", "- !!map {}\n- &s !local [a]\n- ! b\n- |\n  c\n- >\n  d\n",
        "%TAG !e! tag:example.com,2000:\n---\n- !e!x [a, b]\n...\n--- second\n",
        "k: \"\(String(repeating: "long text ", count: 40))\"\n&\(String(repeating: "a", count: 50)) x: y\n",
        "[a", "a: b\n c: d\n", "- \u{FEFF}\u{3000}漢字 👨‍👩‍👧\n- 'é'\n", "{a: 1, a: 2}\n",
        (0..<200).map { "- { in: \"case \($0)\", out: x }\n" }.joined(),
    ]

    @Test(
        "libyaml on a thread of its own gives the same events, marks, texts and errors",
        arguments: pipelineSources,
        [
            EventPipeline.Size(events: 1, bytes: 0, chunks: 2), EventPipeline.Size(events: 2, bytes: 5, chunks: 3),
            EventPipeline.Size(events: 16, bytes: 100, chunks: 2), .standard,
        ])
    func pipelined(_ yaml: String, size: EventPipeline.Size) {
        let alone = Self.transcript(yaml, pipeline: nil)
        #expect(Self.transcript(yaml, pipeline: size) == alone)
        #expect(alone.count > 2)
    }

    @Test(
        "a pipelined parser dropped before the end stops its thread, which lets the input go",
        .timeLimit(.minutes(1)), arguments: [0, 1, 50, 5_000, 140_003])
    func pipelinedParserStops(read: Int) throws {
        let yaml = (0..<20_000).map { "- { in: \"case \($0)\", out: x }\n" }.joined()
        weak var input: YAMLInput?
        do {
            let source = YAMLInput(copying: Array(yaml.utf8))
            input = source
            let parser = EventParser(
                file: "t.yaml", source: source, byteOffsets: false,
                pipeline: EventPipeline.Size(events: 64, bytes: 1024, chunks: 2))
            for _ in 0..<read { _ = try parser.next() }
        }
        #expect(input == nil)
    }
}
