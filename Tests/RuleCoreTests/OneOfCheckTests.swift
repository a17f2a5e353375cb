import Testing

@testable import RuleCore

/// `oneOf`: strings exactly, integers by value, booleans as `true` and `false`.
@Suite struct OneOfCheckTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var type: ValueType
        var allowed: [String]
        var input: ValidationInput
        var expected: [String]
        var testDescription: String { "\(type) oneOf \(allowed): \(input) → \(expected)" }
    }

    @Test(
        "a value is one of the list, compared as its type",
        arguments: [
            Case(type: .boolean, allowed: ["true"], input: .text("true"), expected: []),
            Case(type: .boolean, allowed: ["true"], input: .text("false"), expected: ["notAllowed"]),
            Case(type: .boolean, allowed: ["true"], input: .boolean(true), expected: []),
            Case(type: .boolean, allowed: ["true"], input: .boolean(false), expected: ["notAllowed"]),
            Case(type: .boolean, allowed: ["false"], input: .boolean(false), expected: []),
            Case(type: .boolean, allowed: ["false"], input: .boolean(true), expected: ["notAllowed"]),
            Case(type: .boolean, allowed: ["true", "false"], input: .text("false"), expected: []),
            Case(type: .boolean, allowed: ["true"], input: .text("TRUE"), expected: ["invalidFormat"]),
            Case(type: .boolean, allowed: ["true"], input: .text("yes"), expected: ["invalidFormat"]),
            Case(type: .boolean, allowed: ["true"], input: .string("true"), expected: ["invalidFormat"]),
            Case(type: .boolean, allowed: ["true"], input: .absent, expected: ["required"]),
            Case(type: .integer, allowed: ["7", "10"], input: .text("007"), expected: []),
            Case(type: .integer, allowed: ["7", "10"], input: .text("8"), expected: ["notAllowed"]),
            Case(type: .string, allowed: ["a", "b"], input: .text("a"), expected: []),
            Case(type: .string, allowed: ["a", "b"], input: .text("A"), expected: ["notAllowed"]),
        ])
    func compares(_ c: Case) throws {
        let rule = TypeRule(name: "T", base: .valueType(c.type), checks: [Check(OneOfCheck(values: c.allowed))])
        let rules = try RuleSet.compile(types: [rule], models: [])
        #expect(rules.validator(named: "T")!.validate(c.input).violations.map(\.code) == c.expected)
    }

    @Test(
        "an allowed value that is no value of the type is an error when compiled",
        arguments: [
            (ValueType.boolean, ["yes"], ["'oneOf' allows 'yes', which is not a boolean; write true or false"]),
            (
                .boolean, ["True", "false"],
                ["'oneOf' allows 'True', which is not a boolean; write true or false; did you mean 'true'?"]
            ),
            (.integer, ["1", "one"], ["'oneOf' allows 'one', which is not an integer"]),
            (.boolean, ["true", "false"], []), (.string, ["yes"], []),
        ])
    func diagnosesValuesOfAnotherType(_ type: ValueType, _ allowed: [String], _ expected: [String]) {
        let rule = TypeRule(name: "T", base: .valueType(type), checks: [Check(OneOfCheck(values: allowed))])
        var messages: [String] = []
        do { _ = try RuleSet.compile(types: [rule], models: []) } catch { messages = error.diagnostics.map(\.message) }
        #expect(messages == expected)
    }
}
