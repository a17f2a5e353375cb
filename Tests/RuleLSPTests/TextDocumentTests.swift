import RuleCore
import Testing

@testable import RuleLSP

/// The conversions between the protocol's positions (line from 0, UTF-16 code units from 0) and the
/// diagnostics' (line from 1, Unicode scalars from 1), on text where the two counts differ.
@Suite struct TextDocumentTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var line: Int
        var column: Int
        var expected: TextDocument.Position
        var testDescription: String { "\(line):\(column) in \(text.debugDescription)" }
    }

    static let cases: [Case] = [
        Case(text: "abc", line: 1, column: 1, expected: .init(line: 0, character: 0)),
        Case(text: "abc", line: 1, column: 3, expected: .init(line: 0, character: 2)),
        // NB: 😀 is one scalar and two UTF-16 code units; é one scalar, one unit, two UTF-8 bytes.
        Case(text: "😀x", line: 1, column: 2, expected: .init(line: 0, character: 2)),
        Case(text: "a\n😀😀y", line: 2, column: 3, expected: .init(line: 1, character: 4)),
        Case(text: "é😀z", line: 1, column: 3, expected: .init(line: 0, character: 3)),
        // NB: CR LF and a lone CR end lines, as the protocol says.
        Case(text: "a\r\nb\rc", line: 3, column: 1, expected: .init(line: 2, character: 0)),
        // NB: past the end of a line, its end; past the last line, the end of the text.
        Case(text: "ab\ncd", line: 1, column: 9, expected: .init(line: 0, character: 2)),
        Case(text: "ab", line: 5, column: 1, expected: .init(line: 0, character: 2)),
    ]

    @Test(arguments: cases)
    func aDiagnosticsColumnBecomesUTF16(_ test: Case) {
        let document = TextDocument(uri: "file:///a.yaml", path: "/a.yaml", version: 1, text: test.text)
        let position = document.position(of: SourceLocation(file: "/a.yaml", line: test.line, column: test.column))
        #expect(position == test.expected)
        // NB: and back through the UTF-8 offset a YAML node's bytes give.
        #expect(document.position(ofOffset: document.offset(of: position)) == position)
    }

    @Test func aRangeEditReplacesTheUTF16Span() {
        var document = TextDocument(uri: "file:///a.yaml", path: "/a.yaml", version: 1, text: "k: 😀lenght\n")
        document.replace(from: .init(line: 0, character: 5), to: .init(line: 0, character: 11), with: "length")
        #expect(document.text == "k: 😀length\n")
    }
}
