import Foundation
import Testing

@_spi(Generated) @testable import RuleCore

/// What generated value objects rely on: outcomes by identity, messages rendered from an outcome
/// with its typed bound, and `RuleCoreGeneratedCodeVersion1`.
@Suite struct GeneratedCodeSupportTests {
    static let title = RuleCoreGeneratedCodeVersion1.validator(
        TypeRule(
            name: "Title", normalizers: [.trim],
            checks: [
                Check(LengthCheck(min: 2, max: 5), codes: ["tooShort": "badLength", "tooLong": "badLength"]),
                Check(
                    PatternCheck(regex: try! RulePattern("[a-z]*")),
                    messages: MessageTemplates(["en": "'{value}' is not lower-case."])),
            ],
            messages: MessageTable(["badLength": ["en": "From 2 to 5 letters."]])))

    @Test func theDocumentationExample() {
        let validator = RuleCoreGeneratedCodeVersion1.validator(
            TypeRule(name: "Username", checks: [Check(LengthCheck(min: 1, max: 10))]))
        #expect(validator.validate("").violations.map(\.code) == ["tooShort"])
    }

    @Test func outcomesListWhatATypeReportsInOrderEachAtItsIndex() {
        #expect(
            Self.title.outcomes.map(\.code) == [
                "required", "invalidFormat", "badLength", "badLength", "patternMismatch",
            ])
        #expect(
            Self.title.outcomes.map(\.builtinCode) == [
                "required", "invalidFormat", "tooShort", "tooLong", "patternMismatch",
            ])
        #expect(Self.title.outcomes.map { $0.check?.name } == [nil, nil, "length", "length", "pattern"])
        #expect(Self.title.outcomes.map(\.index) == Array(0..<5))
    }

    struct Rendering: Sendable, CustomTestStringConvertible {
        var outcome: Int
        var bound: Bound?
        var value: String?
        var language: String
        var expected: String
        var testDescription: String { "outcome \(outcome) \(bound.map { "\($0)" } ?? "") in \(language)" }
    }

    @Test(
        "a message is rendered from the outcome that reports it, with its bound and value",
        arguments: [
            Rendering(outcome: 2, bound: .count(2), language: "en", expected: "From 2 to 5 letters."),
            Rendering(outcome: 2, bound: .count(2), language: "ja", expected: "2文字以上で入力してください。"),
            Rendering(outcome: 3, bound: .count(5), language: "ja", expected: "5文字以内で入力してください。"),
            Rendering(outcome: 4, value: "ABC", language: "en", expected: "'ABC' is not lower-case."),
            Rendering(outcome: 0, language: "ja-JP", expected: "入力してください。"),
        ])
    func rendersMessages(_ rendering: Rendering) {
        let outcome = Self.title.outcomes[rendering.outcome]
        #expect(
            outcome.message(language: rendering.language, bound: rendering.bound, value: rendering.value)
                == rendering.expected)
    }

    @Test func aViolationKnowsItsOutcomeAndTypedBound() {
        let violations = Self.title.validate(" ABCDEF ").violations
        #expect(violations.map(\.outcome.index) == [3, 4])
        #expect(violations.map(\.bound) == [.count(5), nil])
        #expect(RuleCoreGeneratedCodeVersion1.bound(of: violations[0]) as Int == 5)
    }

    @Test func aModelRendersTheMessagesOfItsChecksAcrossFields() {
        let model = RuleCoreGeneratedCodeVersion1.validator(
            ModelRule(
                name: "Form", fields: [.init(name: "a", typeName: "Title"), .init(name: "b", typeName: "Title")],
                checks: [
                    Check(EqualCheck(fields: ["a", "b"]), messages: MessageTemplates(["en": "'{value}' differs."]))
                ]),
            types: [Self.title.rule.declaration])
        #expect(model.outcomes.map(\.code) == ["required", "invalidFormat", "mismatch"])
        let violations = model.validate(["a": "ab", "b": "cd"]).violations
        #expect(violations.map { $0.message(language: "en") } == ["'cd' differs."])
        #expect(violations.map(\.outcome) == [model.outcomes[2]])
        #expect(violations.map(\.path) == [["b"]])
    }

    struct JSONReading: Sendable, CustomTestStringConvertible {
        var text: String
        var expected: String
        var testDescription: String { text }
    }

    /// Decodes any JSON as `RuleCoreGeneratedCodeVersion1.input(from:)` reads it.
    struct Decoded: Decodable {
        var input: ValidationInput
        init(from decoder: any Decoder) throws { input = try RuleCoreGeneratedCodeVersion1.input(from: decoder) }
    }

    @Test(
        "a decoder's JSON reads as the ValidationInput that JSONReader reads",
        arguments: [
            JSONReading(text: #""a b""#, expected: "string a b"),
            JSONReading(text: "null", expected: "absent"),
            JSONReading(text: "true", expected: "boolean true"),
            JSONReading(text: "42", expected: "number 42"),
            JSONReading(text: "1.50", expected: "number 1.5"),
            JSONReading(text: "-0.0", expected: "number 0"),
            JSONReading(text: "1.50E+2", expected: "number 150"),
            JSONReading(text: "12.99999999999999999", expected: "number 12.99999999999999999"),
            JSONReading(text: "12345678901234567890", expected: "number 12345678901234567890"),
            JSONReading(text: "1e400", expected: "number 1e400"),
            JSONReading(text: "-1.5e-400", expected: "number -1.5e-400"),
            JSONReading(text: "[1, \"x\", [null]]", expected: "list [number 1, string x, list [absent]]"),
            JSONReading(
                text: #"{"a": "x", "b": null, "c": {"d": 1}}"#,
                expected: "record a: string x, b: absent, c: record d: number 1"),
        ])
    func readsJSON(_ json: JSONReading) throws {
        func describe(_ input: ValidationInput) -> String {
            switch input {
            case .absent: "absent"
            case .text(let text): "text " + text
            case .string(let text): "string " + text
            case .number(let number): "number \(number)"
            case .boolean(let flag): "boolean \(flag)"
            case .list(let items): "list [" + items.map(describe).joined(separator: ", ") + "]"
            case .record(let fields):
                "record "
                    + fields.sorted { $0.key < $1.key }.map { "\($0.key): \(describe($0.value))" }.joined(
                        separator: ", ")
            }
        }
        let decoded = try JSONDecoder().decode(Decoded.self, from: Data(json.text.utf8)).input
        #expect(describe(decoded) == json.expected)
        #expect(decoded == (try JSONReader().read(json.text)))
    }

    @Test("beyond 38 significant digits, Foundation's Decimal rounds before a Decoder's reader sees the number")
    func theDecodersLimit() throws {
        let text = "1.0000000000000000000000000000000000000001"
        let decoded = try JSONDecoder().decode(Decoded.self, from: Data(text.utf8)).input
        #expect(decoded != (try JSONReader().read(text)))
        #expect(decoded == .number(DecimalNumber(1)))
    }

    @Test func theDecodingContextComesFromUserInfo() throws {
        struct Today: Decodable {
            var today: LocalDate
            init(from decoder: any Decoder) throws {
                today = RuleCoreGeneratedCodeVersion1.context(of: decoder).today()
            }
        }
        let decoder = JSONDecoder()
        let day = try #require(LocalDate(year: 2030, month: 1, day: 2))
        decoder.userInfo[.validationContext] = ValidationContext(today: day)
        #expect(try decoder.decode(Today.self, from: Data("null".utf8)).today == day)
    }
}

/// A `Violation` enum as files generated by rulecheck 0.1.0 declare it, with a non-failable
/// `init(_:)`: it still conforms, so that such a file keeps compiling.
enum EarlierGeneratedViolation: RuleCoreGeneratedCodeVersion1.Violation {
    case tooShort(min: Int)

    init(_ violation: RuleCore.Violation) { self = .tooShort(min: RuleCoreGeneratedCodeVersion1.bound(of: violation)) }

    var violation: RuleCore.Violation { Self.violation(GeneratedCodeSupportTests.title, 2, bound: .count(2)) }
}

extension GeneratedCodeSupportTests {
    static func decode<Case: RuleCoreGeneratedCodeVersion1.Violation>(_ violation: RuleCore.Violation, as: Case.Type)
        -> Case?
    {
        Case(violation)
    }

    @Test func aNonFailableInitOfAnEarlierFileStillConforms() throws {
        let violation = try #require(Self.title.validate("a").violations.first)
        #expect(Self.decode(violation, as: EarlierGeneratedViolation.self) == .tooShort(min: 2))
    }
}

/// A value object as files generated before `init?(outcome:bound:value:)` declare it: its enum has
/// no case of an outcome, so the value object makes its case of the RuleCore violation.
struct EarlierGeneratedTitle: RuleCoreGeneratedCodeVersion1.RequiredValueObject {
    let value: String
    init(validated value: String) { self.value = value }
    static var validator: TypeValidator { GeneratedCodeSupportTests.title }
    typealias Violation = EarlierGeneratedViolation
}

extension GeneratedCodeSupportTests {
    @Test func aValueObjectOfAnEarlierFileThrowsItsCaseOfTheViolation() throws {
        #expect(throws: EarlierGeneratedViolation.tooShort(min: 2)) { try EarlierGeneratedTitle(" a ") }
        #expect(try EarlierGeneratedTitle(" ab ").value == "ab")
    }
}
