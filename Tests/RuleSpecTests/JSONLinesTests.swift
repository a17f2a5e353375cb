import RuleCore
import RuleYAML
import Testing

@testable import RuleSpec

struct InputLine: Sendable, CustomTestStringConvertible {
    var line: String
    var input: Input?
    var testDescription: String { line }
}

struct ResponseLine: Sendable, CustomTestStringConvertible {
    var line: String
    /// The result's description, or the error's message.
    var expected: String
    var testDescription: String { line }
}

/// The JSON lines of `rulecheck check` and of the conformance protocol.
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

    static let rules: RuleSet = {
        let yaml =
            "rulecheck: 1\ntypes:\n  D:\n    type: date\n  N:\n    type: integer\nmodels:\n  M:\n    fields:\n      d: D\n      n: N\n"
        return RuleFileLoader().load(yaml: yaml).ruleSet!
    }()

    @Test(
        "a response reads as a result, or says what is wrong with it",
        arguments: [
            ResponseLine(
                line: #"{"valid": true, "value": {"d": "2026-01-02", "n": 7}}"#, expected: "valid {d: 2026-01-02, n: 7}"
            ),
            ResponseLine(line: #"{"valid": true, "value": {"d": "someday"}}"#, expected: "valid {d: someday}"),
            ResponseLine(line: #"{"valid": true}"#, expected: "valid nil"),
            ResponseLine(
                line: #"{"valid": false, "violations": [{"code": "x", "path": ["d"], "message": "m"}]}"#,
                expected: "invalid [d: x] m"),
            ResponseLine(line: "hello", expected: #"is not a JSON object with "valid": true or false"#),
            ResponseLine(line: #"{"valid": "yes"}"#, expected: #"is not a JSON object with "valid": true or false"#),
            ResponseLine(
                line: #"{"valid": false, "violations": []}"#, expected: #"is invalid but has no "violations" list"#),
            ResponseLine(
                line: #"{"valid": false, "violations": [{"code": "x", "path": "d", "message": "m"}]}"#,
                expected: #"has a violation without a string "code", a "path" list and a string "message""#),
            ResponseLine(
                line: #"{"valid": false, "violations": [{"code": "x", "path": [1], "message": "m"}]}"#,
                expected: #"has a violation whose "path" is not all strings"#),
        ])
    func response(_ c: ResponseLine) {
        let rules = Self.rules
        do {
            let result = try JSONLines.result(
                fromResponse: c.line, validator: rules.validator(named: "M")!, rules: rules, language: "ja")
            switch result {
            case .valid(let value): #expect("valid \(value.map(\.description) ?? "nil")" == c.expected)
            case .invalid(let violations):
                #expect("invalid \(violations) \(violations.map { $0.message(language: "ja") }.joined())" == c.expected)
            }
        } catch {
            #expect(error.message == c.expected)
        }
    }

    @Test func aRequestHasItsKeysSorted() {
        let line = JSONLines.request(
            type: "M", input: ["d": "2026-01-02", "n": nil], today: LocalDate("2026-11-22")!, language: "ja")
        #expect(line == #"{"input":{"d":"2026-01-02","n":null},"language":"ja","today":"2026-11-22","type":"M"}"#)
    }
}
