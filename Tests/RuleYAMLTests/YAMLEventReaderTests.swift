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
}
