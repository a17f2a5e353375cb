import RuleCore
import Testing

/// The values every `oneOf` of a type allows, which generated enums and literal unions and the
/// export's `enum` list: each once, compared as the engine compares them, in the first list's order.
struct AllowedValuesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let valueType: ValueType
        let lists: [[String]]
        let expected: [ValidatedValue]?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "no oneOf", valueType: .string, lists: [], expected: nil),
        Case(
            name: "one list", valueType: .string, lists: [["free", "pro"]], expected: [.string("free"), .string("pro")]),
        Case(
            name: "a value listed twice is one", valueType: .string, lists: [["free", "pro", "free"]],
            expected: [.string("free"), .string("pro")]),
        Case(
            name: "two lists: the values both allow, in the first's order", valueType: .string,
            lists: [["c", "b", "a"], ["a", "c", "d"]], expected: [.string("c"), .string("a")]),
        Case(name: "two lists that share none", valueType: .string, lists: [["a"], ["b"]], expected: []),
        Case(
            name: "text compares scalar for scalar", valueType: .string, lists: [["\u{E9}", "e\u{301}", "\u{E9}"]],
            expected: [.string("\u{E9}"), .string("e\u{301}")]),
        Case(
            name: "integers compare by value", valueType: .integer, lists: [["7", "007", "8", "+8"]],
            expected: [.integer(7), .integer(8)]),
        Case(name: "booleans", valueType: .boolean, lists: [["true", "true"]], expected: [.boolean(true)]),
    ]

    @Test(arguments: cases)
    func allowedValues(_ c: Case) throws {
        let checks = c.lists.map { Check(OneOfCheck(values: $0)) }
        let rules = try RuleSet.compile(
            types: [TypeRule(name: "T", base: .valueType(c.valueType), checks: checks)], models: [])
        let type = try #require(rules.types.first)
        #expect(type.allowedValues == c.expected)
    }
}
