import Testing

@testable import RuleCore

/// `ascending`: each valid value ≤ the next (`<` when strict), numbers and dates, on the last field.
@Suite struct AscendingCheckTests {
    static let types = [
        TypeRule(name: "Day", base: .valueType(.date), normalizers: [.trim], optional: true),
        TypeRule(name: "Count", base: .valueType(.integer), checks: [Check(RangeCheck(max: DecimalNumber(100)))]),
        TypeRule(name: "Amount", base: .valueType(.decimal)),
        TypeRule(name: "Name"),
    ]

    static let rules = try! RuleSet.compile(
        types: types,
        models: [
            ModelRule(
                name: "Stay", fields: [.init(name: "from", typeName: "Day"), .init(name: "to", typeName: "Day")],
                checks: [Check(AscendingCheck(fields: ["from", "to"]))]),
            ModelRule(
                name: "Night", fields: [.init(name: "from", typeName: "Day"), .init(name: "to", typeName: "Day")],
                checks: [Check(AscendingCheck(fields: ["from", "to"], strict: true))]),
            ModelRule(
                name: "Steps",
                fields: [
                    .init(name: "a", typeName: "Count"), .init(name: "b", typeName: "Amount"),
                    .init(name: "c", typeName: "Count"),
                ],
                checks: [Check(AscendingCheck(fields: ["a", "b", "c"]), codes: ["outOfOrder": "badSteps"])]),
        ])

    struct Case: Sendable, CustomTestStringConvertible {
        var model: String
        var input: ValidationInput
        var errors: [String]
        var why: String
        var testDescription: String { why }
    }

    @Test(
        "values in order pass, out of order fail on the last field, and an invalid or empty field skips",
        arguments: [
            Case(model: "Stay", input: ["from": "2026-11-01", "to": "2026-11-02"], errors: [], why: "a day apart"),
            Case(
                model: "Stay", input: ["from": "2026-11-02", "to": "2026-11-02"], errors: [], why: "equal, not strict"),
            Case(
                model: "Stay", input: ["from": "2026-11-03", "to": "2026-11-02"], errors: ["to: outOfOrder"],
                why: "a day backwards"),
            Case(
                model: "Night", input: ["from": "2026-11-02", "to": " 2026-11-02 "], errors: ["to: outOfOrder"],
                why: "equal, strict"),
            Case(model: "Night", input: ["from": "2026-11-02", "to": "2026-11-03"], errors: [], why: "after, strict"),
            Case(model: "Stay", input: ["from": "2026-11-03", "to": ""], errors: [], why: "no end yet"),
            Case(model: "Stay", input: ["from": nil, "to": "2026-11-01"], errors: [], why: "no start"),
            Case(
                model: "Stay", input: ["from": "2026-11-31", "to": "2026-11-01"], errors: ["from: invalidFormat"],
                why: "an invalid date skips"),
            Case(model: "Stay", input: ["from": "2025-12-31", "to": "2026-01-01"], errors: [], why: "over a year end"),
            Case(model: "Steps", input: ["a": "1", "b": "1.0", "c": "1"], errors: [], why: "1 ≤ 1.0 ≤ 1"),
            Case(model: "Steps", input: ["a": "1", "b": "1.5", "c": "2"], errors: [], why: "1 ≤ 1.5 ≤ 2"),
            Case(
                model: "Steps", input: ["a": "2", "b": "1.99", "c": "3"], errors: ["c: badSteps"],
                why: "the first pair out of order, reported on the last field"),
            Case(
                model: "Steps", input: ["a": "1", "b": "2.5", "c": "2"], errors: ["c: badSteps"],
                why: "a decimal above the integer after it"),
            Case(
                model: "Steps", input: ["a": "1", "b": "0.5", "c": "101"], errors: ["c: tooLarge"],
                why: "an invalid last field skips"),
        ])
    func validates(_ c: Case) {
        let result = Self.rules.validator(named: c.model)!.validate(c.input)
        #expect(result.violations.map(\.description) == c.errors)
    }

    @Test func theMessageShowsTheLastValue() {
        let violation = Self.rules.validator(named: "Stay")!.validate(["from": "2026-11-03", "to": "2026-11-02"])
            .violations.first
        #expect(violation?.value == "2026-11-02")
        #expect(violation?.message() == "The values are out of order.")
        #expect(violation?.message(language: "ja") == "値の順序が正しくありません。")
    }

    @Test(
        "only numbers or only dates are ordered",
        arguments: [
            (
                ["from", "name"],
                "'ascending' orders integer, decimal and date fields; field 'name' holds a string"
            ),
            (
                ["count", "from"],
                "'ascending' compares numbers with numbers and dates with dates; field 'count' holds an integer, "
                    + "field 'from' a date"
            ),
            (["stay", "from"], "'ascending' orders integer, decimal and date fields; field 'stay' holds a record"),
        ])
    func wrongFields(_ fields: [String], _ message: String) {
        let model = ModelRule(
            name: "Wrong",
            fields: [
                .init(name: "from", typeName: "Day"), .init(name: "name", typeName: "Name"),
                .init(name: "count", typeName: "Count"), .init(name: "stay", typeName: "Stay"),
            ],
            checks: [Check(AscendingCheck(fields: fields))])
        let stay = ModelRule(name: "Stay", fields: [.init(name: "from", typeName: "Day")])
        #expect(throws: RuleSetError.self) { try RuleSet.compile(types: Self.types, models: [model, stay]) }
        do {
            _ = try RuleSet.compile(types: Self.types, models: [model, stay])
        } catch {
            #expect(error.diagnostics.map(\.message) == [message])
        }
    }
}
