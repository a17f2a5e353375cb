import Testing

@testable import RuleCore

/// The validators' semantics on the seeds' rules, declared in code so that only RuleCore is under test.
@Suite struct ValidationTests {
    static let rules: RuleSet = {
        let email = TypeRule(
            name: "EmailAddress", normalizers: [.trim],
            checks: [
                Check(RequiredCheck(), codes: ["required": "emptyEmail"]),
                Check(EmailCheck(), codes: ["invalidEmail": "invalidEmail"]),
            ],
            messages: MessageTable(["emptyEmail": ["en": "Enter your email address.", "ja": "メールアドレスが入力されていません"]]))
        let title = TypeRule(
            name: "TaskTitle", normalizers: [.trim],
            checks: [
                Check(
                    LengthCheck(min: 1, max: 20), codes: ["tooShort": "titleTooShort", "tooLong": "titleTooLong"])
            ],
            messages: MessageTable(["titleTooLong": ["ja": "タイトルが長すぎます。"]]))
        let code = TypeRule(
            name: "ProductCode", normalizers: [.trim, .uppercase],
            checks: [
                Check(PatternCheck(regex: try! RulePattern("[A-Z]{3}-[0-9]{4}"))), Check(LengthCheck(max: 8)),
            ],
            defaultMessages: MessageTable(["patternMismatch": ["en": "Use the form ABC-1234."]]))
        let quantity = TypeRule(
            name: "Quantity", base: .valueType(.integer),
            checks: [
                Check(RangeCheck(min: DecimalNumber(1), max: DecimalNumber(99))),
                Check(OneOfCheck(values: ["1", "2", "5", "10", "100"])),
            ])
        let price = TypeRule(
            name: "Price", base: .valueType(.decimal), checks: [Check(RangeCheck(min: DecimalNumber("0.01")))])
        let note = TypeRule(name: "Note", normalizers: [.trim], optional: true)
        let due = TypeRule(
            name: "DueDate", base: .valueType(.date), checks: [Check(NotBeforeCheck(date: .today))], optional: true)
        let password = TypeRule(
            name: "Password", checks: [Check(RequiredCheck(), codes: ["required": "emptyPassword"])])
        let newPassword = TypeRule(
            name: "NewPassword", base: .named("Password", at: nil), checks: [Check(LengthCheck(min: 8))])
        let login = ModelRule(
            name: "Login",
            fields: [.init(name: "email", typeName: "EmailAddress"), .init(name: "password", typeName: "Password")])
        let signUp = ModelRule(
            name: "SignUp",
            fields: [
                .init(name: "email", typeName: "EmailAddress"), .init(name: "password", typeName: "NewPassword"),
                .init(name: "confirmation", typeName: "NewPassword"), .init(name: "note", typeName: "Note"),
            ],
            checks: [
                Check(EqualCheck(fields: ["password", "confirmation"]), codes: ["mismatch": "passwordMismatch"])
            ])
        let order = ModelRule(
            name: "Order",
            fields: [.init(name: "login", typeName: "Login"), .init(name: "due", typeName: "DueDate", optional: false)])
        return try! RuleSet.compile(
            types: [email, title, code, quantity, price, note, due, password, newPassword],
            models: [login, signUp, order])
    }()

    static let today = ValidationContext(today: LocalDate("2026-11-22")!)

    struct Case: Sendable, CustomTestStringConvertible {
        var type: String
        var input: ValidationInput
        var expected: Expected
        enum Expected: Sendable { case value(String?), codes([String]) }
        init(_ type: String, _ input: ValidationInput, out: String?) {
            (self.type, self.input, expected) = (type, input, .value(out))
        }
        init(_ type: String, _ input: ValidationInput, errors: [String]) {
            (self.type, self.input, expected) = (type, input, .codes(errors))
        }
        var testDescription: String { "\(type) \(input)" }
    }

    @Test(
        "types normalize, parse and check as the contract says",
        arguments: [
            Case("EmailAddress", " user@example.com ", out: "user@example.com"),
            Case("EmailAddress", "   ", errors: ["emptyEmail"]),  // required stops the email check
            Case("EmailAddress", nil, errors: ["emptyEmail"]),
            Case("EmailAddress", "user@", errors: ["invalidEmail"]),
            Case("TaskTitle", "  Buy milk  ", out: "Buy milk"),
            Case("TaskTitle", "\u{3000}全角\u{3000}", out: "全角"),
            Case("TaskTitle", "   ", errors: ["titleTooShort"]),  // checks apply to empty values too
            Case("TaskTitle", .text(String(repeating: "あ", count: 21)), errors: ["titleTooLong"]),
            Case("TaskTitle", nil, errors: ["required"]),  // absent is never a value of a non-optional type
            Case("ProductCode", " abc-1234 ", out: "ABC-1234"),
            Case("ProductCode", "abc-12345", errors: ["tooLong", "patternMismatch"]),  // lengths first, then patterns
            Case("Quantity", "5", out: "5"),
            Case("Quantity", " 007 ", errors: ["invalidFormat"]),  // no trim declared
            Case("Quantity", "010", out: "10"),  // never octal
            Case("Quantity", "100", errors: ["tooLarge"]),
            Case("Quantity", "3", errors: ["notAllowed"]),
            Case("Quantity", "1e3", errors: ["invalidFormat"]),
            Case("Quantity", "99999999999999999999", errors: ["invalidFormat"]),
            Case("Quantity", "", errors: ["invalidFormat"]),
            Case("Price", "0.010", out: "0.01"),
            Case("Price", "0.009", errors: ["tooSmall"]),
            Case("Price", "-0", errors: ["tooSmall"]),
            Case("Price", "1.", errors: ["invalidFormat"]),
            Case("Note", "  ", out: nil),  // optional: empty after normalization yields no value
            Case("Note", nil, out: nil),
            Case("DueDate", "2026-11-22", out: "2026-11-22"),
            Case("DueDate", "2026-11-21", errors: ["tooEarly"]),
            Case("DueDate", "2026-13-01", errors: ["invalidFormat"]),
            Case("DueDate", "", out: nil),
            Case("NewPassword", "", errors: ["emptyPassword"]),  // inherited required, with its code
            Case("NewPassword", "short", errors: ["tooShort"]),
            Case("Login", ["email": "", "password": ""], errors: ["email: emptyEmail", "password: emptyPassword"]),
            Case("Login", ["email": "a@b", "password": "x", "extra": "ignored"], out: "{email: a@b, password: x}"),
            Case("Login", "text", errors: ["invalidFormat"]),
            Case(
                "SignUp", ["email": "a@b", "password": "12345678", "confirmation": "12345679"],
                errors: ["confirmation: passwordMismatch"]),
            Case(
                "SignUp", ["email": "a@b", "password": "12345678", "confirmation": "1234"],
                errors: ["confirmation: tooShort"]),
            Case(
                "SignUp", ["email": "a@b", "password": "12345678", "confirmation": "12345678", "note": " "],
                out: "{confirmation: 12345678, email: a@b, password: 12345678}"),
            Case(
                "Order", ["login": ["email": "x"]],
                errors: ["login.email: invalidEmail", "login.password: emptyPassword", "due: required"]),
            Case(
                "Order", ["login": ["email": "a@b", "password": "x"], "due": "2026-11-22"],
                out: "{due: 2026-11-22, login: {email: a@b, password: x}}"),
            Case("Quantity", .number(DecimalNumber(json: "1e2")!), errors: ["tooLarge"]),
            Case("Quantity", .number(DecimalNumber(json: "5")!), out: "5"),
            Case("Price", .number(DecimalNumber(json: "-1e-3")!), errors: ["tooSmall"]),
        ])
    func validates(_ c: Case) throws {
        let validator = try #require(Self.rules.validator(named: c.type))
        let result = validator.validate(c.input, context: Self.today)
        // The verdict alone, as an audit asks for it, reports the same violations in the same order.
        #expect(validator.violations(of: c.input, context: Self.today) == result.violations)
        switch c.expected {
        case .value(let expected):
            guard case .valid(let value) = result else {
                Issue.record("expected valid, got \(result.violations)")
                return
            }
            #expect(value?.description == expected)
        case .codes(let expected):
            #expect(result.violations.map(\.description) == expected)
        }
    }

    @Test(
        "a JSON number's violation echoes its text, written only when a check misses",
        arguments: [
            ("Quantity", "1e2", ["tooLarge: 100"]), ("Quantity", "2.5", ["invalidFormat: 2.5"]),
            ("Quantity", "3", ["notAllowed: 3"]), ("Quantity", "1000", ["tooLarge: 1000", "notAllowed: 1000"]),
            ("Price", "-1E-3", ["tooSmall: -0.001"]), ("Price", "1e400", []),
        ])
    func numberText(type: String, json: String, expected: [String]) throws {
        let validator = try #require(Self.rules.validator(named: type))
        let input = ValidationInput.number(try #require(DecimalNumber(json: json)))
        #expect(validator.validate(input).violations.map { "\($0.code): \($0.value ?? "")" } == expected)
        let codes = expected.map { String($0.prefix { $0 != ":" }) }
        #expect(validator.violations(of: input, context: ValidationContext()).map(\.code) == codes)
    }

    struct MessageCase: Sendable, CustomTestStringConvertible {
        var type: String
        var input: String
        var language: String
        var expected: String
        var testDescription: String { "\(type) '\(input)' in \(language)" }
    }

    @Test(
        "messages come from the check, the type, the file defaults, then the built-ins; language falls back to en",
        arguments: [
            MessageCase(type: "EmailAddress", input: "", language: "ja", expected: "メールアドレスが入力されていません"),
            MessageCase(type: "EmailAddress", input: "", language: "ja-JP", expected: "メールアドレスが入力されていません"),
            MessageCase(type: "EmailAddress", input: "", language: "fr", expected: "Enter your email address."),
            MessageCase(type: "EmailAddress", input: "x", language: "ja", expected: "メールアドレスの形式が正しくありません。"),
            MessageCase(
                type: "TaskTitle", input: String(repeating: "a", count: 21), language: "ja", expected: "タイトルが長すぎます。"),
            MessageCase(
                type: "TaskTitle", input: String(repeating: "a", count: 21), language: "en",
                expected: "Too long: the maximum is 20."),
            MessageCase(type: "TaskTitle", input: "", language: "ja", expected: "1文字以上で入力してください。"),
            MessageCase(type: "ProductCode", input: "x", language: "en", expected: "Use the form ABC-1234."),
            MessageCase(type: "ProductCode", input: "x", language: "ja", expected: "形式が正しくありません。"),
            MessageCase(
                type: "Quantity", input: "3", language: "en", expected: "'3' is not one of the allowed values."),
            MessageCase(type: "Quantity", input: "abc", language: "ja", expected: "「abc」は正しい形式ではありません。"),
        ])
    func message(_ c: MessageCase) throws {
        let violation = try #require(
            Self.rules.validator(named: c.type)!.validate(.text(c.input), context: Self.today).violations.first)
        #expect(violation.message(language: c.language) == c.expected)
    }

    @Test func violationsCarryTheirParameters() throws {
        let violation = try #require(
            Self.rules.validator(named: "TaskTitle")!.validate(.text(String(repeating: "x", count: 25))).violations
                .first)
        #expect(violation.parameters == ["max": "20", "value": String(repeating: "x", count: 25)])
    }

    @Test func perFieldResultsOfAModel() {
        let result = Self.rules.validator(named: "Login")!.validate(["email": "bad", "password": "p"])
        #expect(result.violations(ofField: "email").map(\.code) == ["invalidEmail"])
        #expect(result.violations(ofField: "password").isEmpty)
    }
}
