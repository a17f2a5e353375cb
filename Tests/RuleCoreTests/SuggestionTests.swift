import Testing

@testable import RuleCore

@Suite struct SuggestionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var typed: String
        var expected: String?
        var testDescription: String { "'\(typed)' → \(expected.map { "'\($0)'" } ?? "none")" }
    }

    static let names = ["required", "length", "email", "pattern", "oneOf", "range", "notBefore", "notAfter", "equal"]

    @Test(
        "a misspelled check name suggests the intended one",
        arguments: [
            Case(typed: "lenght", expected: "length"),
            Case(typed: "requird", expected: "required"),
            Case(typed: "Email", expected: "email"),
            Case(typed: "oneof", expected: "oneOf"),
            Case(typed: "notbefore", expected: "notBefore"),
            Case(typed: "patern", expected: "pattern"),
            Case(typed: "maximum", expected: nil),
            Case(typed: "x", expected: nil),
        ])
    func closest(_ c: Case) {
        #expect(Suggestion.closest(to: c.typed, among: Self.names)?.name == c.expected)
    }

    @Test func aDiagnosticCarriesTheSuggestionAfterASemicolon() {
        let d = Diagnostic.error("unknown check 'lenght'", at: nil, fix: .closest(to: "lenght", among: Self.names))
        #expect(d.message == "unknown check 'lenght'; did you mean 'length'?")
    }
}
