import Testing

@testable import RuleCore

/// A JSON value read by the reader and validated as a type: its value, or its codes.
struct KindCase: Sendable, CustomTestStringConvertible {
    var type: String
    var json: String
    /// `valid VALUE`, `valid, no value`, or the codes joined with spaces.
    var expected: String
    init(_ type: String, _ json: String, _ expected: String) {
        (self.type, self.json, self.expected) = (type, json, expected)
    }
    var testDescription: String { "\(json) as \(type)" }
}

/// Each JSON kind against each value type, through compiled validators: a kind that does not fit
/// the type is `invalidFormat`, as the exported JSON Schema's `type` says (docs/format.md, "Types").
@Suite struct JSONKindTests {
    static let rules: RuleSet = {
        let types = [
            TypeRule(name: "Text"),
            TypeRule(name: "Count", base: .valueType(.integer)),
            TypeRule(name: "Amount", base: .valueType(.decimal)),
            TypeRule(name: "Flag", base: .valueType(.boolean)),
            TypeRule(name: "Day", base: .valueType(.date)),
            TypeRule(name: "MaybeCount", base: .valueType(.integer), optional: true),
            TypeRule(
                name: "UpTo17Nines", base: .valueType(.decimal),
                checks: [Check(RangeCheck(max: DecimalNumber("12.99999999999999999")))]),
            TypeRule(
                name: "UpTo16Nines", base: .valueType(.decimal),
                checks: [Check(RangeCheck(max: DecimalNumber("12.9999999999999999")))]),
            TypeRule(
                name: "Small", base: .valueType(.integer),
                checks: [Check(RangeCheck(min: DecimalNumber(-5), max: DecimalNumber(5)))]),
        ]
        let model = ModelRule(
            name: "Form", fields: [.init(name: "count", typeName: "Count"), .init(name: "text", typeName: "Text")])
        return try! RuleSet.compile(types: types, models: [model])
    }()

    static func describe(_ result: ValidationResult) -> String {
        switch result {
        case .valid(let value?): "valid \(value)"
        case .valid(nil): "valid, no value"
        case .invalid(let violations):
            violations.map { ($0.path.isEmpty ? "" : $0.path.joined(separator: ".") + ": ") + $0.code }.joined(
                separator: " ")
        }
    }

    @Test(
        arguments: [
            KindCase("Text", #""1""#, "valid 1"),
            KindCase("Text", "1", "invalidFormat"),
            KindCase("Text", "true", "invalidFormat"),
            KindCase("Text", "null", "required"),
            KindCase("Text", "[]", "invalidFormat"),
            KindCase("Text", "{}", "invalidFormat"),
            KindCase("Count", #""1""#, "invalidFormat"),
            KindCase("Count", "1", "valid 1"),
            KindCase("Count", "-0", "valid 0"),
            KindCase("Count", "1.0", "valid 1"),
            KindCase("Count", "1e3", "valid 1000"),
            KindCase("Count", "2.50e1", "valid 25"),
            KindCase("Count", "1.5", "invalidFormat"),
            KindCase("Count", "12.99999999999999999", "invalidFormat"),
            KindCase("Count", "12345678901234567890", "invalidFormat"),
            KindCase("Count", "9223372036854775807", "valid 9223372036854775807"),
            KindCase("Count", "1e400", "invalidFormat"),
            KindCase("Count", "true", "invalidFormat"),
            KindCase("Count", "[1]", "invalidFormat"),
            KindCase("Count", "null", "required"),
            KindCase("MaybeCount", "null", "valid, no value"),
            KindCase("Amount", "1.50", "valid 1.5"),
            KindCase("Amount", "-0.0", "valid 0"),
            KindCase("Amount", "1e400", "valid 1e400"),
            KindCase("Amount", "1e-400", "valid 1e-400"),
            KindCase("Amount", "12.99999999999999999", "valid 12.99999999999999999"),
            KindCase("Amount", #""1.5""#, "invalidFormat"),
            KindCase("Amount", "false", "invalidFormat"),
            KindCase("Flag", "true", "valid true"),
            KindCase("Flag", "false", "valid false"),
            KindCase("Flag", #""true""#, "invalidFormat"),
            KindCase("Flag", "1", "invalidFormat"),
            KindCase("Day", #""2026-01-02""#, "valid 2026-01-02"),
            KindCase("Day", "20260102", "invalidFormat"),
            KindCase("UpTo17Nines", "12.99999999999999999", "valid 12.99999999999999999"),
            KindCase("UpTo16Nines", "12.99999999999999999", "tooLarge"),
            KindCase("UpTo16Nines", "12.9999999999999999", "valid 12.9999999999999999"),
            KindCase("UpTo16Nines", "1e400", "tooLarge"),
            KindCase("UpTo16Nines", "-1e400", "valid -1e400"),
            KindCase("Small", "-5.0", "valid -5"),
            KindCase("Small", "6", "tooLarge"),
            KindCase("Small", "-1e1", "tooSmall"),
            KindCase("Form", #"{"count": 2.0, "text": "a"}"#, "valid {count: 2, text: a}"),
            KindCase("Form", #"{"count": "2", "text": 2}"#, "count: invalidFormat text: invalidFormat"),
            KindCase("Form", #"{"count": 1e400}"#, "count: invalidFormat text: required"),
            KindCase("Form", "[]", "invalidFormat"),
        ])
    func kindAgainstType(_ c: KindCase) throws {
        let input = try JSONReader().read(c.json)
        let validator = try #require(Self.rules.validator(named: c.type))
        #expect(Self.describe(validator.validate(input)) == c.expected)
    }

    @Test func theTextChannelStillParsesTextAsTheType() throws {
        let count = try #require(Self.rules.validator(named: "Count"))
        #expect(Self.describe(count.validate(.text("1"))) == "valid 1")
        #expect(Self.describe(count.validate(.text("1.0"))) == "invalidFormat")
    }

    @Test func aViolationQuotesTheNumberAsWritten() throws {
        let bound = try #require(Self.rules.validator(named: "UpTo16Nines"))
        let violation = try #require(bound.validate(try JSONReader().read("1e400")).violations.first)
        #expect(violation.message(language: "en") == "Must be at most 12.9999999999999999.")
        let count = try #require(Self.rules.validator(named: "Count"))
        let format = try #require(count.validate(try JSONReader().read("12.99999999999999999")).violations.first)
        #expect(format.message(language: "en") == "'12.99999999999999999' is not a valid value.")
    }
}
