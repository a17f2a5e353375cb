import Foundation
import RuleCore
import RuleTestSupport
import Testing

/// The generated API as apps use it, beyond what the differential test compares: typed cases,
/// typed throws, messages by locale, and Codable.
@Suite struct ValueObjectTests {
    static let today = ValidationContext(today: LocalDate(year: 2026, month: 11, day: 22)!)

    struct Rejection: Sendable, CustomTestStringConvertible {
        var raw: String
        var expected: NewPassword.Violation
        var testDescription: String { raw }
    }

    @Test(
        "a value object throws the first violation as a typed case",
        arguments: [
            Rejection(raw: "", expected: .emptyPassword),
            Rejection(raw: "1234567", expected: .tooShort(min: 8)),
            Rejection(raw: String(repeating: "a", count: 65), expected: .tooLong(max: 64)),
            Rejection(raw: "abcdefgh", expected: .passwordNeedsDigit),
        ])
    func throwsTheFirstViolation(_ rejection: Rejection) {
        #expect(throws: rejection.expected) { try NewPassword(rejection.raw) }
    }

    @Test func theReadmeExamples() throws {
        #expect(try TaskTitle("  Buy milk  ").value == "Buy milk")
        #expect(throws: TaskTitle.Violation.titleTooShort(min: 1)) { try TaskTitle("") }
        #expect(throws: Login.Violations(violations: [.email(.emptyEmail), .password(.emptyPassword)])) {
            try Login(email: "", password: "")
        }
    }

    @Test func everyViolationIsListed() {
        #expect(NewPassword.violations(of: "1234567") == [.tooShort(min: 8), .passwordNeedsLetter])
        #expect(NewPassword.violations(of: "abcdef12").isEmpty)
    }

    @Test func aValueObjectHoldsTheNormalizedValue() throws {
        let title = try TaskTitle("\u{3000}Buy milk ")
        #expect(title.value == "Buy milk")
        #expect(title.description == "Buy milk")
        #expect(title == (try TaskTitle("Buy milk")))
        #expect(try BirthYear.parse("+1990")?.value == 1990)
    }

    @Test func anOptionalTypeLeftEmptyHasNoValue() throws {
        #expect(try TaskDueDate.parse("", context: Self.today) == nil)
        #expect(try TaskDueDate("2026-11-22", context: Self.today).value == LocalDate(year: 2026, month: 11, day: 22))
        #expect(throws: TaskDueDate.Violation.tooEarly(min: LocalDate(year: 2026, month: 11, day: 22)!)) {
            try TaskDueDate("2026-11-21", context: Self.today)
        }
    }

    @Test func aModelThrowsEveryViolationOfTheFormAtOnce() {
        // Seed 000: the login form collects every error, and each field shows its own message.
        #expect(throws: Login.Violations(violations: [.email(.emptyEmail), .password(.emptyPassword)])) {
            try Login(email: " ", password: "")
        }
        do {
            _ = try SignUp(email: "a@example.com", password: "abcdef12", passwordConfirmation: "abcdef13", plan: .free)
            Issue.record("a mismatched confirmation was accepted")
        } catch {
            #expect(error.violations == [.passwordMismatch])
            #expect(error.violations.map(\.path) == [["passwordConfirmation"]])
            #expect(error.message(language: "ja") == "パスワードが一致しません。")
        }
    }

    /// `Violation(_:)` is public: a violation of another type or model, or one a server sent, is
    /// `nil`, never a trap nor another type's case that happens to sit at the same index.
    @Test func decodingAViolationOfAnotherTypeGivesNil() throws {
        let title = try #require(TaskTitle.validator.validate("").violations.first)
        #expect(TaskTitle.Violation(title) == .titleTooShort(min: 1))
        #expect(SignUp.Violation(title) == nil)
        #expect(NewEmail.Violation(title) == nil)
        #expect(NewPassword.Violation(title) == nil)

        let task = try #require(ToDoTask.validator.validate(["title": "", "note": ""]).violations.first)
        #expect(ToDoTask.Violation(task) == .title(.titleTooShort(min: 1)))
        #expect(TaskTitle.Violation(task) == nil, "the model's violation, on its field's path")
        #expect(SignUp.Violation(task) == nil)
        #expect(Login.Violation(task) == nil)

        let mismatch = try #require(
            SignUp.validator.validate([
                "email": "a@example.com", "password": "abcdef12", "passwordConfirmation": "abcdef13", "plan": "pro",
            ]).violations.first)
        #expect(SignUp.Violation(mismatch) == .passwordMismatch)
        #expect(ToDoTask.Violation(mismatch) == nil)
        #expect(Order.Violation(mismatch) == nil)

        let sent = try JSONDecoder().decode(
            RuleCore.Violation.self, from: Data(#"{"code":"titleTooShort","path":[],"min":1}"#.utf8))
        #expect(TaskTitle.Violation(sent) == nil, "a violation decoded from JSON has no outcome of these rules")
        let unbound = RuleCore.Violation(TaskTitle.validator.outcomes[2])
        #expect(TaskTitle.Violation(unbound) == nil, "a violation built without the bound its case holds")
        let item = RuleCore.Violation(Account.validator.outcomes[1], path: ["tags", "x"])
        #expect(Account.Violation(item) == nil, "a list item's path without an index")
    }

    @Test func aFieldThatHoldsAModelTakesThatModel() throws {
        let home = try Address(zip: "abc-1234", note: "Back  Door")
        let order = try Order(
            code: "gab-1234", confirmation: "GAB-1234", quantity: 2, shipping: home, comment: "", accepted: true,
            default: .red)
        #expect(order.shipping == home)
        #expect(order.shipping.zip.value == "ABC-1234")
        #expect(order.billing == nil)
        #expect(
            throws: Order.Violations(violations: [.mustDiffer(value: "{note: back door, zip: ABC-1234}")])
        ) {
            try Order(
                code: "gab-1234", confirmation: "GAB-1234", quantity: 2, shipping: home, billing: home, comment: "",
                accepted: true, default: .red)
        }
        let office = try Address(zip: "XYZ-0001")
        #expect(
            try Order(
                code: "gab-1234", confirmation: "GAB-1234", quantity: 2, shipping: home, billing: office,
                comment: "", accepted: true, default: .red
            ).billing == office)
    }

    @Test func aNestedModelsViolationsNameTheirPath() throws {
        do {
            _ = try Order(
                validating: [
                    "code": "gab-1234", "confirmation": "GAB-1234", "quantity": "2", "shipping": ["zip": ""],
                    "comment": "", "accepted": "true", "default": "red",
                ])
            Issue.record("an empty zip code was accepted")
        } catch {
            #expect(error.violations == [.shipping(.zip(.missingCode))])
            #expect(error.violations.map(\.path) == [["shipping", "zip"]])
            #expect(error.violations.map(\.code) == ["missingCode"])
        }
    }

    struct Message: Sendable, CustomTestStringConvertible {
        var violation: TaskTitle.Violation
        var language: String
        var expected: String
        var testDescription: String { "\(violation) in \(language)" }
    }

    @Test(
        "messages come from the rules in the language asked, else English",
        arguments: [
            Message(violation: .titleTooLong(max: 20), language: "ja", expected: "タイトルが長すぎます。"),
            Message(violation: .titleTooLong(max: 20), language: "ja-JP", expected: "タイトルが長すぎます。"),
            Message(violation: .titleTooLong(max: 20), language: "fr", expected: "The title is too long."),
            Message(violation: .required, language: "ja", expected: "入力してください。"),
            Message(violation: .invalidFormat(value: "{…}"), language: "en", expected: "'{…}' is not a valid value."),
        ])
    func messages(_ message: Message) {
        #expect(message.violation.message(language: message.language) == message.expected)
    }

    @Test func aViolationIsALocalizedErrorInTheUsersLanguage() {
        let violation = TaskTitle.Violation.titleTooShort(min: 1)
        #expect(violation.errorDescription == violation.message(language: RuleCoreGeneratedCodeVersion1.language))
        #expect((violation as any Error).localizedDescription == violation.errorDescription)
    }

    @Test func decodingValidatesWithTheDecodersContext() throws {
        let decoder = JSONDecoder()
        decoder.userInfo[.validationContext] = Self.today
        let task = try decoder.decode(
            ToDoTask.self, from: Data(#"{"title": " Buy milk ", "note": "", "dueDate": "2026-11-22"}"#.utf8))
        #expect(task.title.value == "Buy milk")
        #expect(task.dueDate?.value == LocalDate(year: 2026, month: 11, day: 22))
        do {
            _ = try decoder.decode(
                ToDoTask.self, from: Data(#"{"title": "", "note": "", "dueDate": "2026-11-21"}"#.utf8))
            Issue.record("an invalid task was decoded")
        } catch DecodingError.dataCorrupted(let context) {
            let violations = try #require(context.underlyingError as? ToDoTask.Violations)
            #expect(
                violations.violations == [
                    .title(.titleTooShort(min: 1)),
                    .dueDate(.tooEarly(min: LocalDate(year: 2026, month: 11, day: 22)!)),
                ])
            #expect(context.debugDescription == "The title is too short.\nMust be 2026-11-22 or later.")
        }
    }

    struct Encoding: Sendable, CustomTestStringConvertible {
        var what: String
        var encode: @Sendable () throws -> Data
        var expected: String
        var testDescription: String { what }
    }

    @Test(
        "encoding writes the normalized value in its JSON form",
        arguments: [
            Encoding(what: "text", encode: { try JSONEncoder().encode(TaskTitle(" a ")) }, expected: #""a""#),
            Encoding(what: "an integer", encode: { try JSONEncoder().encode(Quantity("010")) }, expected: "10"),
            Encoding(what: "a boolean", encode: { try JSONEncoder().encode(Accepted("true")) }, expected: "true"),
            Encoding(
                what: "a decimal, as a number", encode: { try JSONEncoder().encode(Price("1.50")) }, expected: "1.5"),
            Encoding(
                what: "a decimal of 38 digits, every digit kept",
                encode: { try JSONEncoder().encode(Price("123.45678901234567890123456789012345678")) },
                expected: "123.45678901234567890123456789012345678"),
            Encoding(
                what: "a date, as text", encode: { try JSONEncoder().encode(Birthday("2000-02-29")) },
                expected: #""2000-02-29""#),
            Encoding(
                what: "a model, without the optional fields left empty",
                encode: {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = .sortedKeys
                    return try encoder.encode(ToDoTask(title: "a", note: " ", dueDate: nil))
                },
                expected: #"{"note":"","title":"a"}"#),
        ])
    func encodes(_ encoding: Encoding) throws {
        #expect(String(decoding: try encoding.encode(), as: UTF8.self) == encoding.expected)
    }

    @Test func aJSONNumberDecodesAsANumber() throws {
        #expect(try JSONDecoder().decode(Quantity.self, from: Data("50".utf8)).value == 50)
        #expect(try JSONDecoder().decode(BirthYear.self, from: Data("1990".utf8)).value == 1990)
        #expect(try JSONDecoder().decode(Quantity.self, from: Data("5e1".utf8)).value == 50)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Quantity.self, from: Data(#""50""#.utf8)) }
    }

    @Test("a generated type decodes JSON as rulecheck check reads it", arguments: JSONAgreementCase.all)
    func decodesAsRulecheckCheckReads(_ c: JSONAgreementCase) throws {
        let json = Data(c.json.utf8)
        let verdict =
            switch c.type {
            case "Quantity": try Self.verdict(Quantity.self, json) { "\($0.value)" }
            case "Price": try Self.verdict(Price?.self, json) { $0.map { "\($0.value)" } ?? "nil" }
            case "Order":
                try Self.verdict(Order.self, json) {
                    ModelSubject<Order>.describe(try! JSONSerialization.jsonObject(with: JSONEncoder().encode($0)))
                }
            default: throw CocoaError(.featureUnsupported)
            }
        #expect(verdict == c.expected)
    }

    /// `valid VALUE`, or each violation as `path: code`, as `JSONAgreementCase` writes them.
    static func verdict<T: Decodable>(_ type: T.Type, _ json: Data, describe: (T) -> String) throws -> [String] {
        do {
            return ["valid " + describe(try JSONDecoder().decode(T.self, from: json))]
        } catch DecodingError.dataCorrupted(let context) {
            switch context.underlyingError {
            case let violations as Order.Violations:
                return violations.violations.map { $0.path.joined(separator: ".") + ": " + $0.code }
            case let violation as any RuleCoreGeneratedCodeVersion1.Violation: return [": " + violation.code]
            default: throw DecodingError.dataCorrupted(context)
            }
        }
    }
}
