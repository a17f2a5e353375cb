import RuleCore
import Testing

@testable import RuleSpec

struct InputLine: Sendable, CustomTestStringConvertible {
    var line: String
    var input: Input?
    var testDescription: String { line }
}

/// The JSON lines of `rulecheck check`.
@Suite struct JSONLinesTests {
    @Test(
        "a line reads as an input",
        arguments: [
            InputLine(line: #""\uFEFFa""#, input: "\u{FEFF}a"),
            InputLine(line: "\"\u{FEFF}a\"", input: "\u{FEFF}a"),
            InputLine(line: "null", input: nil),
            InputLine(line: "1990", input: "1990"),
            InputLine(line: "1.5", input: "1.5"),
            InputLine(line: "true", input: "true"),
            InputLine(line: #"{"a": "x", "b": null, "c": {"d": 1}}"#, input: ["a": "x", "b": nil, "c": ["d": "1"]]),
            InputLine(line: "[1]", input: nil),
            InputLine(line: "{", input: nil),
        ])
    func input(_ c: InputLine) {
        let input = JSONLines.input(fromLine: c.line)
        if c.line == "null" { #expect(input == .absent) } else { #expect(input == c.input) }
    }
}
