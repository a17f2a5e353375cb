import Testing

@testable import RuleCore

/// The one escaper of every JSON rulecheck writes (problem details, reports, the conformance
/// protocol): what it escapes, byte for byte, into text and into bytes alike.
@Suite struct JSONStringTests {
    static let cases: [(text: String, quoted: String)] = [
        ("", #""""#),
        ("plain text", #""plain text""#),
        ("a\"b\\c/d", #""a\"b\\c/d""#),
        ("\n\r\t", #""\n\r\t""#),
        ("\u{0}\u{8}\u{C}\u{1F} \u{7E}\u{7F}", #""\u0000\u0008\u000C\u001F ~\u007F""#),
        ("\u{80}\u{85}\u{9F}\u{A0}é", "\"\\u0080\\u0085\\u009F\u{A0}é\""),
        ("\u{2027}\u{2028}\u{2029}\u{202A}", "\"\u{2027}\\u2028\\u2029\u{202A}\""),
        (
            "\u{FEFE}\u{FEFF}\u{FFFD}\u{FFFE}\u{FFFF}\u{10000}",
            "\"\u{FEFE}\\uFEFF\u{FFFD}\\uFFFE\\uFFFF\u{10000}\""
        ),
        ("入力内容に8件の誤り 👨‍👩‍👧", "\"入力内容に8件の誤り 👨‍👩‍👧\""),
        ("x\u{2028}", "\"x\\u2028\""),
        (
            String(repeating: "long text, ", count: 20) + "\"",
            "\"" + String(repeating: "long text, ", count: 20) + "\\\"\""
        ),
    ]

    @Test(arguments: cases)
    func escapesAsDocumented(_ text: String, _ quoted: String) throws {
        #expect(JSONString.quoted(text) == quoted)
        var prefixed = "["
        JSONString.quote(text, into: &prefixed)
        #expect(prefixed == "[" + quoted)
        var bytes: [UInt8] = Array("[".utf8)
        JSONString.quote(text, into: &bytes)
        #expect(bytes == Array(("[" + quoted).utf8))
        #expect(try JSONReader().read(Array(quoted.utf8)) == .string(text))
    }

    @Test(arguments: [
        (1, "en", "The request has 1 invalid value."), (8, "en", "The request has 8 invalid values."),
        (8, "en-GB", "The request has 8 invalid values."), (1, "ja", "入力内容に1件の誤りがあります。"),
        (12, "ja-JP", "入力内容に12件の誤りがあります。"), (2, "fr", "The request has 2 invalid values."),
    ])
    func problemDetailsSaysHowManyValuesAreInvalid(_ count: Int, _ language: String, _ detail: String) {
        let outcome = Outcome(code: "x", templates: MessageTemplates(["en": "X"]))
        let problem = ProblemDetails(violations: Array(repeating: Violation(outcome), count: count), language: language)
        #expect(problem.detail == detail)
        #expect(problem.json.contains("\"detail\":\"\(detail)\""))
        #expect(problem.jsonUTF8 == Array(problem.json.utf8))
    }

    @Test(arguments: [
        ("'{value}' is over {max}.", "'a\"b\n\u{2028}' is over 3."), ("{value}{value}", "a\"b\n\u{2028}a\"b\n\u{2028}"),
        ("{min} {other} {", "{min} {other} {"), ("", ""), ("値は{max}以下", "値は3以下"),
    ])
    func messagesAreFilledIntoTheBodyAsTheyAreAlone(_ template: String, _ message: String) throws {
        let outcome = Outcome(
            code: "c\"d", builtin: CheckCode("tooLong", placeholder: "max", boundKind: nil, summary: "", messages: [:]),
            templates: MessageTemplates(["en": template]), check: nil, index: 2)
        let violation = Violation(outcome, path: ["a/b"], bound: .count(3), value: "a\"b\n\u{2028}")
        #expect(violation.message() == message)
        let problem = ProblemDetails(violations: [violation], language: "en")
        let read = try JSONReader().read(problem.jsonUTF8)
        guard case .record(let body) = read, case .list(let violations) = body["violations"],
            case .record(let written) = violations.first
        else {
            Issue.record("no violation in \(problem.json)")
            return
        }
        #expect(written["message"] == .string(message))
        #expect(written["code"] == .string("c\"d") && written["pointer"] == .string("/a~1b"))
    }
}
