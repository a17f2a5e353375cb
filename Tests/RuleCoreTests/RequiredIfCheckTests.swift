import Testing

@testable import RuleCore

/// `requiredIf`: `field` reports `required` while `when` has a valid value (`true`), or equals `equals`.
@Suite struct RequiredIfCheckTests {
    static let types = [
        TypeRule(name: "Flag", base: .valueType(.boolean), optional: true),
        TypeRule(name: "Phone", normalizers: [.trim], checks: [Check(LengthCheck(min: 3))], optional: true),
        TypeRule(name: "Channel", normalizers: [.trim, .lowercase], optional: true),
        TypeRule(name: "Count", base: .valueType(.integer), optional: true),
        TypeRule(name: "Day", base: .valueType(.date), optional: true),
        TypeRule(name: "Note", optional: true),
    ]

    static let rules = try! RuleSet.compile(
        types: types,
        models: [
            ModelRule(
                name: "Contact",
                fields: [
                    .init(name: "byPhone", typeName: "Flag"), .init(name: "phone", typeName: "Phone"),
                    .init(name: "channel", typeName: "Channel"), .init(name: "count", typeName: "Count"),
                    .init(name: "day", typeName: "Day"), .init(name: "note", typeName: "Note"),
                ],
                checks: [
                    Check(RequiredIfCheck(field: "phone", when: "byPhone")),
                    Check(RequiredIfCheck(field: "phone", when: "channel", equals: "phone")),
                    Check(RequiredIfCheck(field: "note", when: "count", equals: "3"), codes: ["required": "why"]),
                    Check(RequiredIfCheck(field: "note", when: "day")),
                    Check(RequiredIfCheck(field: "note", when: "byPhone", equals: "false")),
                ])
        ])

    struct Case: Sendable, CustomTestStringConvertible {
        var input: ValidationInput
        var errors: [String]
        var why: String
        var testDescription: String { why }
    }

    @Test(
        "field is required while the condition holds, and not while when is invalid or empty",
        arguments: [
            Case(input: [:], errors: [], why: "nothing given"),
            Case(input: ["byPhone": "true"], errors: ["phone: required"], why: "true requires the phone"),
            Case(input: ["byPhone": .boolean(true)], errors: ["phone: required"], why: "JSON true too"),
            Case(input: ["byPhone": "true", "phone": "   "], errors: ["phone: required"], why: "blank is no value"),
            Case(input: ["byPhone": "true", "phone": "123"], errors: [], why: "a phone given"),
            Case(
                input: ["byPhone": "true", "phone": "12"], errors: ["phone: tooShort"], why: "an invalid phone says so"),
            Case(input: ["byPhone": "false"], errors: ["note: required"], why: "false requires no phone; equals false"),
            Case(
                input: ["byPhone": "yes"], errors: ["byPhone: invalidFormat"], why: "an invalid when requires nothing"),
            Case(input: ["byPhone": ""], errors: [], why: "an empty when requires nothing"),
            Case(input: ["channel": " Phone "], errors: ["phone: required"], why: "equals the normalized value"),
            Case(input: ["channel": "email"], errors: [], why: "another value"),
            Case(input: ["count": "3"], errors: ["note: why"], why: "an integer equal, renamed code"),
            Case(input: ["count": "+03"], errors: ["note: why"], why: "an integer equal by value"),
            Case(input: ["count": .number(DecimalNumber("3.0")!)], errors: ["note: why"], why: "a JSON 3.0"),
            Case(input: ["count": "4"], errors: [], why: "another integer"),
            Case(input: ["day": "2026-11-22"], errors: ["note: required"], why: "any date"),
            Case(input: ["day": "2026-11-22", "note": "x"], errors: [], why: "the note given"),
        ])
    func validates(_ c: Case) {
        let result = Self.rules.validator(named: "Contact")!.validate(c.input)
        #expect(result.violations.map(\.description) == c.errors)
    }

    @Test func itsMessagesAreRequiredOnes() {
        let violation = Self.rules.validator(named: "Contact")!.validate(["byPhone": "true"]).violations.first
        #expect(violation?.message() == "This field is required.")
        #expect(violation?.message(language: "ja") == "入力してください。")
        #expect(violation?.value == nil)
    }

    @Test(
        "equals must read as when's type",
        arguments: [
            (
                RequiredIfCheck(field: "note", when: "count", equals: "three"),
                "'equals' value 'three' is not an integer, as field 'count' holds"
            ),
            (
                RequiredIfCheck(field: "note", when: "byPhone", equals: "yes"),
                "'equals' value 'yes' is not a boolean, as field 'byPhone' holds"
            ),
            (
                RequiredIfCheck(field: "note", when: "day", equals: "2026-02-30"),
                "'equals' value '2026-02-30' is not a date, as field 'day' holds"
            ),
            (
                RequiredIfCheck(field: "note", when: "inner", equals: "x"),
                "'requiredIf' compares field 'inner' with 'equals', but it holds a record; leave 'equals' out"
            ),
            (RequiredIfCheck(field: "note", when: "phne"), "'requiredIf' names unknown field 'phne'"),
        ])
    func wrongEquals(_ check: RequiredIfCheck, _ message: String) throws {
        let inner = ModelRule(name: "Inner", fields: [.init(name: "note", typeName: "Note")])
        let model = ModelRule(
            name: "Wrong",
            fields: [
                .init(name: "note", typeName: "Note"), .init(name: "count", typeName: "Count"),
                .init(name: "byPhone", typeName: "Flag"), .init(name: "day", typeName: "Day"),
                .init(name: "inner", typeName: "Inner"),
            ],
            checks: [Check(check)])
        let error = try #require(throws: RuleSetError.self) {
            try RuleSet.compile(types: Self.types, models: [model, inner])
        }
        #expect(error.diagnostics.map(\.message) == [message])
    }

    @Test func fieldAndWhenMustDiffer() {
        var diagnostics: [Diagnostic] = []
        let check = RequiredIfCheck(
            parameters: CheckParameters(["field": .text("a"), "when": .text("a")]), diagnostics: &diagnostics)
        #expect(check == nil)
        #expect(
            diagnostics.map(\.message) == [
                "'requiredIf' names field 'a' as both 'field' and 'when'; name the field it depends on"
            ])
    }
}
