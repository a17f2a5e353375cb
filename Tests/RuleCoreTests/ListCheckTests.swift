import Testing

@testable import RuleCore

/// A list field: items at their index, counts and duplicates (normalized) on the list.
@Suite struct ListCheckTests {
    static let rules = try! RuleSet.compile(
        types: [TypeRule(name: "Tag", normalizers: [.trim, .lowercase], checks: [Check(LengthCheck(min: 1, max: 3))])],
        models: [
            ModelRule(
                name: "Post",
                fields: [
                    .init(
                        name: "tags", typeName: "Tag",
                        list: ListCheck(field: "tags", minItems: 1, maxItems: 3, unique: true))
                ]),
            ModelRule(
                name: "Note",
                fields: [.init(name: "tags", typeName: "Tag", optional: true, list: ListCheck(field: "tags"))]),
        ])

    struct Case: Sendable, CustomTestStringConvertible {
        var model: String
        var input: ValidationInput
        var errors: [String]
        var why: String
        var testDescription: String { why }
    }

    @Test(
        "items, counts and duplicates",
        arguments: [
            Case(model: "Post", input: ["tags": ["a", "b", "c"]], errors: [], why: "three, the most"),
            Case(model: "Post", input: ["tags": ["a"]], errors: [], why: "one, the fewest"),
            Case(model: "Post", input: ["tags": []], errors: ["tags: tooFewItems"], why: "none"),
            Case(
                model: "Post", input: ["tags": ["a", "b", "c", "d"]], errors: ["tags: tooManyItems"], why: "four"),
            Case(
                model: "Post", input: ["tags": [" A", "a "]], errors: ["tags: duplicateItem"],
                why: "equal after normalization"),
            Case(
                model: "Post", input: ["tags": ["a", "toolong", ""]], errors: ["tags.1: tooLong", "tags.2: tooShort"],
                why: "items at their index"),
            Case(
                model: "Post", input: ["tags": ["a", "b", "c", "x"]] as ValidationInput,
                errors: ["tags: tooManyItems"], why: "invalid or not, items count"),
            Case(model: "Post", input: [:], errors: ["tags: required"], why: "absent, not optional"),
            Case(model: "Post", input: ["tags": "a"], errors: ["tags: invalidFormat"], why: "text is no list"),
            Case(model: "Note", input: [:], errors: [], why: "absent, optional"),
            Case(model: "Note", input: ["tags": ["a", "a"]], errors: [], why: "duplicates allowed"),
        ])
    func validates(_ c: Case) {
        let result = Self.rules.validator(named: c.model)!.validate(c.input)
        #expect(result.violations.map(\.description) == c.errors)
    }

    @Test func aValidListHoldsNormalizedItemsAndBounds() {
        let post = Self.rules.validator(named: "Post")!
        #expect(
            post.validate(["tags": [" A", "b"]]) == .valid(.record(["tags": .list([.string("a"), .string("b")])])))
        let violation = post.validate(["tags": []]).violations.first
        #expect(violation?.bound == .count(1))
        #expect(violation?.message() == "Too few items: at least 1.")
        #expect(post.validate(["tags": ["a", "A"]]).violations.first?.message() == "'a' is listed more than once.")
    }

    @Test func minItemsAboveMaxItemsIsADiagnostic() {
        var diagnostics: [Diagnostic] = []
        let parameters = CheckParameters(["field": .text("tags"), "minItems": .integer(3), "maxItems": .integer(2)])
        #expect(ListCheck(parameters: parameters, diagnostics: &diagnostics) == nil)
        #expect(diagnostics.map(\.message) == ["'minItems' (3) is greater than 'maxItems' (2); no list could pass"])
    }
}
