import Testing
@testable import RuleCore

@Suite struct DiagnosticRendererTests {
    static let source = "rulecheck: 1\ntypes:\n  TaskTitle:\n    checks:\n      - lenght: { min: 1 }\n"

    @Test func rendersHeaderExcerptAndCaretsUnderTheSpan() {
        let start = SourceLocation(file: "rules/task.yaml", line: 5, column: 9)
        let end = SourceLocation(file: "rules/task.yaml", line: 5, column: 15)
        let diagnostic = Diagnostic.error("unknown check 'lenght'", at: SourceRange(start: start, end: end))
            .noting("in type 'TaskTitle'", at: SourceRange(start: SourceLocation(file: "rules/task.yaml", line: 3, column: 3)))
        let text = DiagnosticRenderer(source: { _ in Self.source }).render([diagnostic])
        #expect(text == """
            rules/task.yaml:5:9: error: unknown check 'lenght'
               5 |       - lenght: { min: 1 }
                 |         ^~~~~~
            rules/task.yaml:3:3: note: in type 'TaskTitle'

            """)
    }

    @Test func plainRendererPrintsOnlyHeaders() {
        let at = SourceRange(start: SourceLocation(file: "a.yaml", line: 2, column: 1))
        #expect(DiagnosticRenderer.plain.render([.warning("approximated", at: at)]) == "a.yaml:2:1: warning: approximated\n")
    }

    @Test func anOptionMistakeHasNoLocation() {
        #expect(DiagnosticRenderer.plain.render([.error("bad --shard '3/2'", at: nil)]) == "rulecheck: error: bad --shard '3/2'\n")
    }
}
