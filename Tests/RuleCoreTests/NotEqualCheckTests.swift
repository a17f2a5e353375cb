import Testing

@testable import RuleCore

/// `notEqual`: the valid values of the fields are pairwise different, reported on the last field.
@Suite struct NotEqualCheckTests {
    static let rules = try! RuleSet.compile(
        types: [
            TypeRule(name: "Name", normalizers: [.trim, .lowercase], checks: [Check(LengthCheck(max: 5))]),
            TypeRule(name: "Note", normalizers: [.trim], optional: true),
            TypeRule(name: "Count", base: .valueType(.integer)),
        ],
        models: [
            ModelRule(
                name: "Pair",
                fields: [.init(name: "user", typeName: "Name"), .init(name: "password", typeName: "Name")],
                checks: [Check(NotEqualCheck(fields: ["user", "password"]))]),
            ModelRule(
                name: "Three",
                fields: [
                    .init(name: "a", typeName: "Note"), .init(name: "b", typeName: "Note"),
                    .init(name: "c", typeName: "Note"),
                ],
                checks: [Check(NotEqualCheck(fields: ["a", "b", "c"]), codes: ["mustDiffer": "sameNote"])]),
            ModelRule(
                name: "Numbers", fields: [.init(name: "x", typeName: "Count"), .init(name: "y", typeName: "Count")],
                checks: [Check(NotEqualCheck(fields: ["x", "y"]))]),
        ])

    struct Case: Sendable, CustomTestStringConvertible {
        var model: String
        var input: ValidationInput
        var errors: [String]
        var why: String
        var testDescription: String { why }
    }

    @Test(
        "values that normalize alike are equal; an invalid or empty field is not compared",
        arguments: [
            Case(model: "Pair", input: ["user": "alice", "password": "bob"], errors: [], why: "different"),
            Case(
                model: "Pair", input: ["user": "alice", "password": "alice"], errors: ["password: mustDiffer"],
                why: "equal, on the last field"),
            Case(
                model: "Pair", input: ["user": " Alice", "password": "ALICE "], errors: ["password: mustDiffer"],
                why: "equal after normalization"),
            Case(
                model: "Pair", input: ["user": "alice", "password": "alicealice"], errors: ["password: tooLong"],
                why: "skipped while a field is invalid"),
            Case(model: "Three", input: ["a": "x", "b": "y", "c": "z"], errors: [], why: "three different"),
            Case(
                model: "Three", input: ["a": "x", "b": "y", "c": "x"], errors: ["c: sameNote"],
                why: "first and last equal, renamed code"),
            Case(
                model: "Three", input: ["a": "x", "b": "x", "c": nil], errors: ["c: sameNote"],
                why: "first two equal, reported on the last even when it is empty"),
            Case(model: "Three", input: ["a": " ", "b": "", "c": nil], errors: [], why: "empty fields have no value"),
            Case(model: "Numbers", input: ["x": "7", "y": "+7"], errors: ["y: mustDiffer"], why: "numbers by value"),
            Case(model: "Numbers", input: ["x": "7", "y": "8"], errors: [], why: "different numbers"),
        ])
    func validates(_ c: Case) {
        let result = Self.rules.validator(named: c.model)!.validate(c.input)
        #expect(result.violations.map(\.description) == c.errors)
    }

    @Test func theValueShownIsTheRepeatedOne() {
        let result = Self.rules.validator(named: "Three")!.validate(["a": "x", "b": "x", "c": "y"])
        #expect(result.violations.map(\.value) == ["x"])
        #expect(result.violations.first?.message() == "This value must differ from the others.")
        #expect(result.violations.first?.message(language: "ja") == "他の項目と異なる値を入力してください。")
    }

    @Test(
        "fewer than two fields, or one named twice, is a diagnostic",
        arguments: [
            (["a"], "'notEqual' compares two or more fields; found 1"),
            (["a", "b", "a"], "'notEqual' names field 'a' twice; no value could pass"),
        ]
    )
    func wrongFields(_ fields: [String], _ message: String) {
        var diagnostics: [Diagnostic] = []
        let check = NotEqualCheck(
            parameters: CheckParameters(["fields": .texts(fields)]), diagnostics: &diagnostics)
        #expect(check == nil)
        #expect(diagnostics.map(\.message) == [message])
    }

    /// What a field named twice does depends on the check: `equal` and a lenient `ascending` compare
    /// it with itself to no effect (every record passes), `notEqual` and a strict `ascending` never pass.
    static let itself = "a field always equals itself, so the check never fails"

    @Test(
        "a field named twice is said for what it does",
        arguments: [
            (["email", "email"], "equal", false, "'equal' names field 'email' twice; \(Self.itself)"),
            (["email", "email"], "notEqual", false, "'notEqual' names field 'email' twice; no value could pass"),
            (["email", "email"], "ascending", false, "'ascending' names field 'email' twice; \(Self.itself)"),
            (["email", "email"], "ascending", true, "'ascending' names field 'email' twice; no value could pass"),
            (
                ["email", "name", "email"], "ascending", false,
                "'ascending' names field 'email' twice; name each field once"
            ),
        ]
    )
    func fieldNamedTwice(_ fields: [String], _ name: String, _ strict: Bool, _ message: String) throws {
        var diagnostics: [Diagnostic] = []
        let descriptor = try #require(CheckDescriptors.named(name))
        var values: [String: ParameterValue] = ["fields": .texts(fields)]
        if strict { values["strict"] = .boolean(true) }
        #expect(descriptor.init(parameters: CheckParameters(values), diagnostics: &diagnostics) == nil)
        #expect(diagnostics.map(\.message) == [message])
    }
}
