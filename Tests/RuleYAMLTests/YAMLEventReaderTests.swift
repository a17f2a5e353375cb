import RuleCore
import RuleYAML
import Testing

/// The diagnostics as `DiagnosticRenderer.plain` prints them.
func rendered(_ diagnostics: [Diagnostic]) -> String {
    DiagnosticRenderer.plain.render(diagnostics)
}

@Suite struct YAMLEventReaderTests {
    /// A reader of `yaml` as the file `t.yaml`, past the stream and document starts.
    static func reader(_ yaml: String, limits: YAMLLimits = .default) throws(Diagnostic) -> YAMLEventReader {
        let reader = try YAMLEventReader(file: "t.yaml", bytes: Array(yaml.utf8), limits: limits)
        #expect(try reader.next().kind == .streamStart)
        #expect(try reader.next().kind == .documentStart)
        return reader
    }

    @Test func readNodeReturnsTheItemsOfASequenceOneByOne() throws {
        let reader = try Self.reader("- a\n- {b: 1}\n- [c]\n- [d\n")
        #expect(try reader.next().kind == .sequenceStart)
        #expect(try reader.readNode().scalar?.text == "a")
        #expect(try reader.readNode().mapping?.first?.key.scalar?.text == "b")
        #expect(try reader.peek().kind == .sequenceStart)
        #expect(try reader.readNode().sequence?.first?.scalar?.text == "c")
        // The syntax error in the fourth item surfaces only when that item is read.
        let error = #expect(throws: Diagnostic.self) { try reader.readNode() }
        #expect(error?.range?.start.line == 5)
    }

    @Test func walkingAMappingEventByEventStillFindsDuplicateKeys() throws {
        let reader = try Self.reader("a: 1\nb: [a]\na: 2\n")
        while try reader.next().kind != .streamEnd {}
        #expect(
            rendered(reader.diagnostics)
                == "t.yaml:3:1: error: duplicate key 'a'\nt.yaml:1:1: note: first defined here\n")
    }

    @Test func aSkippedNodeKeepsItsAnchors() throws {
        let reader = try Self.reader("- &x [1]\n- *x\n")
        #expect(try reader.next().kind == .sequenceStart)
        try reader.skipNode()
        #expect(try reader.readNode().sequence?.first?.scalar?.text == "1")
        #expect(reader.aliasExpansion == 2)
    }

    @Test func aBillionLaughsStopsAtTheFirstAliasOverTheLimit() throws {
        // Ten levels of ten aliases to the level before: 10^10 nodes if expanded.
        var yaml = "l0: &l0 [\(Array(repeating: "lol", count: 10).joined(separator: ", "))]\n"
        for level in 1..<10 {
            yaml += "l\(level): &l\(level) [\(Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", "))]\n"
        }
        let reader = try Self.reader(yaml)
        let error = #expect(throws: Diagnostic.self) { try reader.readNode() }
        // l1 copies 10 × 11 nodes, l2 10 × 111, l3 7 × 1111 before its 8th alias (column 45) would pass 10 000.
        #expect(
            error.map { rendered([$0]) } == "t.yaml:4:45: error: alias expansion exceeds the limit of 10000 nodes\n")
        #expect(reader.aliasExpansion == 110 + 1110 + 7 * 1111)
    }

    @Test func theAliasBudgetIsPerDocument() throws {
        let reader = try YAMLEventReader(
            file: "t.yaml", bytes: Array("a: &x [1, 2]\nb: *x\n---\nc: &x [1]\nd: *x\n".utf8),
            limits: YAMLLimits(maxAliasExpansion: 3))
        var kinds: [YAMLEvent.Kind] = []
        while kinds.last != .streamEnd {
            kinds.append(try reader.peek().kind)
            if kinds.last == .mappingStart { _ = try reader.readNode() } else { _ = try reader.next() }
        }
        #expect(reader.aliasExpansion == 2)
    }

    struct DuplicateCase: Sendable, CustomTestStringConvertible {
        var why: String
        var yaml: String
        var expected: String
        var testDescription: String { why }
    }

    @Test(
        "duplicate keys are found in small mappings, large ones and nested ones alike",
        arguments: [
            DuplicateCase(
                why: "a small mapping", yaml: "a: 1\nb: 2\na: 3\n",
                expected: "t.yaml:3:1: error: duplicate key 'a'\nt.yaml:1:1: note: first defined here\n"),
            DuplicateCase(
                why: "past the keys compared in order",
                yaml: (0..<20).map { "k\($0): 1\n" }.joined() + "k3: 2\n",
                expected: "t.yaml:21:1: error: duplicate key 'k3'\nt.yaml:4:1: note: first defined here\n"),
            DuplicateCase(
                why: "the same key in sibling mappings is no duplicate", yaml: "- {a: 1}\n- {a: 2}\n", expected: ""),
            DuplicateCase(
                why: "an inner mapping's keys are its own", yaml: "a: {a: 1, b: 2}\nb: 3\nb: 4\n",
                expected: "t.yaml:3:1: error: duplicate key 'b'\nt.yaml:2:1: note: first defined here\n"),
            DuplicateCase(
                why: "canonically equivalent keys", yaml: "\u{E9}: 1\ne\u{301}: 2\n",
                expected: "t.yaml:2:1: error: duplicate key '\u{E9}'\nt.yaml:1:1: note: first defined here\n"),
            DuplicateCase(
                why: "canonically equivalent keys after ASCII ones", yaml: "a: 0\n\u{E9}: 1\nb: 2\ne\u{301}: 3\n",
                expected: "t.yaml:4:1: error: duplicate key '\u{E9}'\nt.yaml:2:1: note: first defined here\n"),
            DuplicateCase(
                why: "keys of 16 bytes, kept packed, that differ only in their last byte",
                yaml: "abcdefghijklmnop: 1\nabcdefghijklmnoq: 2\nabcdefghijklmnop: 3\n",
                expected: "t.yaml:3:1: error: duplicate key 'abcdefghijklmnop'\nt.yaml:1:1: note: first defined here\n"),
            DuplicateCase(
                why: "a key of 17 bytes, kept in full, and its first 16",
                yaml: "abcdefghijklmnopq: 1\nabcdefghijklmnop: 2\nabcdefghijklmnopq: 3\n",
                expected: "t.yaml:3:1: error: duplicate key 'abcdefghijklmnopq'\nt.yaml:1:1: note: first defined here\n"
            ),
            DuplicateCase(
                why: "a key ending in a NUL byte is not the key without it", yaml: "\"a\\0\": 1\na: 2\n", expected: ""),
        ])
    func findsDuplicateKeys(_ c: DuplicateCase) throws {
        let reader = try Self.reader(c.yaml)
        while try reader.next().kind != .streamEnd {}
        #expect(rendered(reader.diagnostics) == c.expected)
    }

    @Test func anAliasReplaysACollectionWalkedEventByEvent() throws {
        let reader = try Self.reader("a: &x {k: [1, 2]}\nb: *x\n")
        var texts: [String] = []
        var copies = 0
        while true {
            let event = try reader.next()
            if event.kind == .streamEnd { break }
            if event.kind == .scalar { texts.append(event.text) }
            if event.isCopy { copies += 1 }
        }
        #expect(texts == ["a", "k", "1", "2", "b", "k", "1", "2"])
        #expect(copies == 7 && reader.aliasExpansion == 5)
    }

    @Test func anAliasInsideTheNodeItNamesIsAnError() throws {
        let reader = try Self.reader("a: &x [1, *x]\n")
        let error = #expect(throws: Diagnostic.self) { try reader.readNode() }
        #expect(error.map { rendered([$0]) } == "t.yaml:1:11: error: alias 'x' refers to a node that contains it\n")
    }
}
