import Foundation
import Testing

@testable import RuleCore

@Suite struct DiagnosticRendererTests {
    static let source = "rulecheck: 1\ntypes:\n  TaskTitle:\n    checks:\n      - lenght: { min: 1 }\n"

    @Test func rendersHeaderExcerptAndCaretsUnderTheSpan() {
        let start = SourceLocation(file: "rules/task.yaml", line: 5, column: 9)
        let end = SourceLocation(file: "rules/task.yaml", line: 5, column: 15)
        let diagnostic = Diagnostic.error("unknown check 'lenght'", at: SourceRange(start: start, end: end))
            .noting(
                "in type 'TaskTitle'",
                at: SourceRange(start: SourceLocation(file: "rules/task.yaml", line: 3, column: 3)))
        let text = DiagnosticRenderer(source: { _ in Self.source }).render([diagnostic])
        #expect(
            text == """
                rules/task.yaml:5:9: error: unknown check 'lenght'
                   5 |       - lenght: { min: 1 }
                     |         ^~~~~~
                rules/task.yaml:3:3: note: in type 'TaskTitle'

                """)
    }

    @Test func plainRendererPrintsOnlyHeaders() {
        let at = SourceRange(start: SourceLocation(file: "a.yaml", line: 2, column: 1))
        #expect(
            DiagnosticRenderer.plain.render([.warning("approximated", at: at)]) == "a.yaml:2:1: warning: approximated\n"
        )
    }

    @Test func anOptionMistakeHasNoLocation() {
        #expect(
            DiagnosticRenderer.plain.render([.error("bad --shard '3/2'", at: nil)])
                == "rulecheck: error: bad --shard '3/2'\n")
    }
}

extension DiagnosticRendererTests {
    struct LineCase: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var expected: String?
        var testDescription: String { "line \(line) of \(text.debugDescription)" }
    }

    @Test(
        "lines end where libyaml ends them, in a text or in bytes",
        arguments: [
            LineCase(text: "a: 1\r\nb: 2", line: 2, expected: "b: 2"),
            LineCase(text: "a\nb\nc", line: 2, expected: "b"),
            LineCase(text: "a\r\nb", line: 2, expected: "b"),
            LineCase(text: "a\rb", line: 2, expected: "b"),
            LineCase(text: "a\u{2028}b\u{85}c", line: 3, expected: "c"),
            LineCase(text: "a\u{2029}b", line: 2, expected: "b"),
            LineCase(text: "a\n", line: 2, expected: ""),
            LineCase(text: "a", line: 2, expected: nil),
        ])
    func line(_ c: LineCase) {
        #expect(DiagnosticRenderer.line(c.line, of: c.text).map(String.init) == c.expected)
        #expect(SourceLines(Data(c.text.utf8)).line(c.line) == c.expected)
    }
}
