import RuleCore
import RuleYAML
import Testing

@testable import RuleSpec

struct InputLine: Sendable, CustomTestStringConvertible {
    var line: String
    /// The input, or the reader's message.
    var expected: Result<ValidationInput, JSONReadError>
    init(_ line: String, _ input: ValidationInput) { (self.line, expected) = (line, .success(input)) }
    init(_ line: String, error message: String, column: Int) {
        (self.line, expected) = (line, .failure(JSONReadError(message, offset: column - 1, line: 1, column: column)))
    }
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
        "a line reads as an input with the JSON kinds, or says why it is not JSON",
        arguments: [
            InputLine(#""\uFEFFa""#, .string("\u{FEFF}a")),
            InputLine("\"\u{FEFF}a\"", .string("\u{FEFF}a")),
            InputLine("null", .absent),
            InputLine("1990", .number(DecimalNumber(1990))),
            InputLine("1.5", .number(DecimalNumber("1.5")!)),
            InputLine("12.99999999999999999", .number(DecimalNumber("12.99999999999999999")!)),
            InputLine("true", .boolean(true)),
            InputLine(
                #"{"a": "x", "b": null, "c": {"d": 1}}"#,
                .record(["a": .string("x"), "b": .absent, "c": .record(["d": .number(DecimalNumber(1))])])),
            InputLine(#"{"x":1e400}"#, .record(["x": .number(DecimalNumber(json: "1e400")!)])),
            InputLine("[1]", .list([.number(DecimalNumber(1))])),
            InputLine("{", error: "expected a key or '}'; found the end of the input", column: 2),
            InputLine(#"{"a": 1, "a": 2}"#, error: "duplicate key 'a' in an object", column: 10),
        ])
    func input(_ c: InputLine) {
        #expect(Result { () throws(JSONReadError) in try JSONLines.input(fromLine: c.line) } == c.expected)
        #expect(Result { () throws(JSONReadError) in try JSONLines.input(fromLine: Array(c.line.utf8)) } == c.expected)
    }

    @Test func invalidUTF8IsAnErrorNotAReplacementCharacter() {
        #expect(throws: JSONReadError("invalid UTF-8 byte 0xFF", offset: 2, line: 1, column: 3)) {
            try JSONLines.input(fromLine: [0x22, 0x61, 0xFF, 0x22])
        }
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
                line: #"{"valid": true, "value": {"n": 7.0, "d": 20260102}}"#, expected: "valid {d: 20260102, n: 7}"),
            ResponseLine(line: #"{"valid": true, "value": {"n": 1e400}}"#, expected: "valid {n: 1e400}"),
            ResponseLine(line: #"{"valid": true, "value": {"n": "7"}}"#, expected: "valid {n: 7}"),
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

    @Test func aRequestWritesEveryKindAsJSON() throws {
        let input: ValidationInput = .record([
            "n": .number(DecimalNumber(json: "1e400")!), "b": .boolean(true), "l": .list([.string("\u{1}\"")]),
        ])
        let line = JSONLines.request(type: "M", input: input, today: LocalDate("2026-11-22")!, language: "en")
        #expect(
            line == #"{"input":{"b":true,"l":["\u0001\""],"n":1e400},"language":"en","today":"2026-11-22","type":"M"}"#)
        guard case .record(let request) = try JSONReader().read(line) else {
            throw JSONReadError("", offset: 0, line: 1, column: 1)
        }
        #expect(request["input"] == input)
    }

    @Test func aRequestHasItsKeysSorted() {
        let line = JSONLines.request(
            type: "M", input: ["d": "2026-01-02", "n": nil], today: LocalDate("2026-11-22")!, language: "ja")
        #expect(line == #"{"input":{"d":"2026-01-02","n":null},"language":"ja","today":"2026-11-22","type":"M"}"#)
    }
}
