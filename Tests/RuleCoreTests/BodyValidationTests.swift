import Foundation
import Testing

@testable import RuleCore

/// A request body to its verdict in one call: JSON kinds per field, undeclared fields, the
/// reader's errors, problem details, sensitive values, the pattern limit and languages.
@Suite struct BodyValidationTests {
    static let rules: RuleSet = {
        let title = TypeRule(
            name: "Title", normalizers: [.trim],
            checks: [
                Check(LengthCheck(min: 1, max: 20), codes: ["tooShort": "titleTooShort", "tooLong": "titleTooLong"])
            ],
            messages: MessageTable(["titleTooLong": ["en": "The title is too long.", "ja": "タイトルが長すぎます。"]]))
        let tag = TypeRule(name: "Tag", normalizers: [.trim], checks: [Check(LengthCheck(min: 1, max: 10))])
        let due = TypeRule(
            name: "Due", base: .valueType(.date), checks: [Check(NotBeforeCheck(date: .today))], optional: true)
        let email = TypeRule(
            name: "Email", normalizers: [.trim], checks: [Check(RequiredCheck()), Check(EmailCheck())])
        let password = TypeRule(
            name: "Password",
            checks: [
                Check(LengthCheck(min: 8, max: 64)),
                Check(PatternCheck(regex: try! RulePattern(#".*\p{L}.*"#)), codes: ["patternMismatch": "needsLetter"]),
                Check(PatternCheck(regex: try! RulePattern(".*[0-9].*")), codes: ["patternMismatch": "needsDigit"]),
            ], sensitive: true)
        let code = TypeRule(name: "Code", checks: [Check(PatternCheck(regex: try! RulePattern("[a-z]*")))])
        let year = TypeRule(
            name: "Year", base: .valueType(.integer),
            checks: [Check(RangeCheck(min: DecimalNumber(1900), max: DecimalNumber(2026)))], optional: true)
        let plan = TypeRule(name: "Plan", checks: [Check(OneOfCheck(values: ["free", "pro"]))])
        let task = ModelRule(
            name: "Task",
            fields: [
                .init(name: "title", typeName: "Title"), .init(name: "due", typeName: "Due"),
                .init(name: "tags", typeName: "Tag", optional: true, list: ListCheck(field: "tags", maxItems: 3)),
            ])
        let signUp = ModelRule(
            name: "SignUp",
            fields: [
                .init(name: "email", typeName: "Email"), .init(name: "password", typeName: "Password"),
                .init(name: "confirmation", typeName: "Password"), .init(name: "birthYear", typeName: "Year"),
                .init(name: "plan", typeName: "Plan", sensitive: true),
            ],
            checks: [Check(EqualCheck(fields: ["password", "confirmation"]))])
        return try! RuleSet.compile(
            types: [title, tag, due, email, password, code, year, plan], models: [task, signUp])
    }()

    static let today = ValidationContext(today: LocalDate(year: 2026, month: 11, day: 22)!)

    struct BodyCase: CustomTestStringConvertible, Sendable {
        let name: String
        let model: String
        let body: [UInt8]
        /// Codes by JSON pointer; empty for a valid body.
        let codes: [String: [String]]
        /// For a body that is not JSON: a part of the reader's message.
        let unreadable: String?

        init(_ name: String, model: String = "Task", _ body: String, _ codes: [String: [String]] = [:]) {
            self.init(name, model: model, bytes: Array(body.utf8), codes, unreadable: nil)
        }

        init(
            _ name: String, model: String = "Task", bytes: [UInt8], _ codes: [String: [String]] = [:],
            unreadable: String?
        ) {
            self.name = name
            self.model = model
            self.body = bytes
            self.codes = codes
            self.unreadable = unreadable
        }

        var testDescription: String { name }
    }

    static let deep = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
    static let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)

    static let bodies: [BodyCase] = [
        BodyCase("a valid task", #"{"title": " Buy milk ", "due": "2026-11-22", "tags": ["a", "b"]}"#),
        BodyCase("a number for a string", #"{"title": 12345}"#, ["/title": ["invalidFormat"]]),
        BodyCase("a boolean for a string", #"{"title": true}"#, ["/title": ["invalidFormat"]]),
        BodyCase("an object for a string", #"{"title": {"a": 1}}"#, ["/title": ["invalidFormat"]]),
        BodyCase("a number for a date", #"{"title": "a", "due": 20261122}"#, ["/due": ["invalidFormat"]]),
        BodyCase("a string for a list", #"{"title": "a", "tags": "a,b"}"#, ["/tags": ["invalidFormat"]]),
        BodyCase(
            "a string for an integer", model: "SignUp",
            #"{"email": "a@b.jp", "password": "abcdef12", "confirmation": "abcdef12", "birthYear": "1990", "plan": "pro"}"#,
            ["/birthYear": ["invalidFormat"]]),
        BodyCase(
            "an integer as an integer", model: "SignUp",
            #"{"email": "a@b.jp", "password": "abcdef12", "confirmation": "abcdef12", "birthYear": 1990.0, "plan": "pro"}"#
        ),
        BodyCase("an undeclared array", #"{"title": "a", "extra": [1, [2, {"x": null}], "y"]}"#),
        BodyCase("an undeclared object of every kind", #"{"title": "a", "x": {"a": [true, false, null, 1e400, "s"]}}"#),
        BodyCase("undeclared nesting 500 deep", #"{"title": "a", "x": "# + deep + "}"),
        BodyCase("null for an optional field", #"{"title": "a", "due": null, "tags": null}"#),
        BodyCase(
            "a missing required field", #"{"due": "2026-11-21"}"#, ["/title": ["required"], "/due": ["tooEarly"]]),
        BodyCase(
            "an item of a list", #"{"title": "a", "tags": ["ok", "   ", 7]}"#,
            ["/tags/1": ["tooShort"], "/tags/2": ["invalidFormat"]]),
        BodyCase("an array for the body", "[]", ["": ["invalidFormat"]]),
        BodyCase("null for the body", "null", ["": ["required"]]),
        BodyCase(
            "nesting past the limit", bytes: Array(#"{"x": \#(tooDeep)}"#.utf8), unreadable: "nesting depth exceeds"),
        BodyCase(
            "invalid UTF-8", bytes: Array(#"{"title": ""#.utf8) + [0xFF, 0x22, 0x7D],
            unreadable: "invalid UTF-8 byte 0xFF"),
        BodyCase(
            "an encoded surrogate", bytes: Array(#"{"title": ""#.utf8) + [0xED, 0xA0, 0x80, 0x22, 0x7D],
            unreadable: "invalid UTF-8 bytes 0xED 0xA0"),
        BodyCase(
            "a lone surrogate escape", bytes: Array(#"{"title": "\ud800"}"#.utf8), unreadable: "lone high surrogate"),
        BodyCase(
            "a duplicate key", bytes: Array(#"{"title": "a", "title": "b"}"#.utf8), unreadable: "duplicate key 'title'"),
        BodyCase("a trailing comma", bytes: Array(#"{"title": "a",}"#.utf8), unreadable: "no trailing commas"),
        BodyCase("an empty body", bytes: [], unreadable: "expected a value"),
    ]

    @Test(arguments: bodies)
    func verdict(_ c: BodyCase) throws {
        let validator = try #require(Self.rules.validator(named: c.model))
        switch validator.verdict(onBody: c.body, context: Self.today) {
        case .valid:
            #expect(c.codes.isEmpty && c.unreadable == nil)
        case .problem(let problem):
            if let unreadable = c.unreadable {
                #expect(problem.status == 400)
                #expect(problem.detail.contains(unreadable), "\(problem.detail)")
                #expect(!problem.detail.contains("\u{FFFD}"))
                #expect(problem.line == 1)
            } else {
                #expect(problem.status == 422)
                let codes = Dictionary(grouping: problem.violations, by: \.pointer).mapValues { $0.map(\.code) }
                #expect(codes == c.codes)
            }
        }
    }

    @Test(arguments: bodies)
    func problemDetailsReadBackAsTheyAreWritten(_ c: BodyCase) throws {
        let validator = try #require(Self.rules.validator(named: c.model))
        guard case .problem(let problem) = validator.verdict(onBody: c.body, acceptLanguage: "ja", context: Self.today)
        else { return }
        let written = Data(problem.json.utf8)
        // Our one reader and Foundation's both read it, and both ways of writing it say the same.
        let read = try JSONReader().read(written)
        let encoded = try JSONReader().read(JSONEncoder().encode(problem))
        #expect(read == encoded)
        let decoded = try JSONDecoder().decode(ProblemDetails.self, from: written)
        // NB: a body that is not JSON is answered in English, the reader's language, whatever was asked.
        #expect(decoded.status == problem.status && decoded.language == (problem.status == 400 ? "en" : "ja"))
        #expect(decoded.violations == problem.violations)
        #expect(decoded.violations.map { $0.message() } == problem.violations.map { $0.message(language: "ja") })
    }

    struct EchoCase: CustomTestStringConvertible, Sendable {
        let name: String
        let body: String
        let secret: String?
        let maximumLength: Int
        var testDescription: String { name }
    }

    static let tenMegabytes = String(repeating: "x", count: 10_000_000)

    static let echoes: [EchoCase] = [
        EchoCase(name: "a 10 MB title", body: #"{"title": "\#(tenMegabytes)"}"#, secret: nil, maximumLength: 1_000),
        EchoCase(
            name: "a 10 MB password", body: #"{"email": "a@b.jp", "password": "\#(tenMegabytes)1", "plan": "pro"}"#,
            secret: "xxxxxxxx", maximumLength: 1_500),
        EchoCase(
            name: "a mismatched confirmation",
            body: #"{"email": "a@b.jp", "password": "hunter22a", "confirmation": "hunter23a", "plan": "pro"}"#,
            secret: "hunter2", maximumLength: 1_000),
        EchoCase(
            name: "a short password",
            body: #"{"email": "a@b.jp", "password": "pw9", "confirmation": "pw9", "plan": "pro"}"#,
            secret: "pw9", maximumLength: 1_500),
        EchoCase(
            name: "a sensitive field of a plain type",
            body: #"{"email": "a@b.jp", "password": "abcdef12", "confirmation": "abcdef12", "plan": "s3cret-plan"}"#,
            secret: "s3cret", maximumLength: 1_000),
    ]

    @Test(arguments: echoes)
    func valuesAreCutAndSensitiveOnesHidden(_ c: EchoCase) throws {
        let model = c.body.contains("email") ? "SignUp" : "Task"
        let validator = try #require(Self.rules.validator(named: model))
        guard case .problem(let problem) = validator.verdict(onBody: Array(c.body.utf8), context: Self.today) else {
            Issue.record("valid")
            return
        }
        let json = problem.json
        #expect(json.utf8.count <= c.maximumLength, "\(json.utf8.count) bytes")
        let encoded = String(decoding: try JSONEncoder().encode(problem), as: UTF8.self)
        for violation in problem.violations {
            #expect((violation.value?.unicodeScalars.count ?? 0) <= Violation.maximumEchoedScalars + 1)
            for language in ["en", "ja"] { #expect(violation.message(language: language).count < 200) }
        }
        if let secret = c.secret {
            #expect(!json.contains(secret) && !encoded.contains(secret))
            for violation in problem.violations {
                #expect(violation.isSensitive && violation.value == nil && violation.parameters["value"] == nil)
                #expect(!violation.message().contains(secret))
            }
        }
    }

    @Test func aSensitiveValueShowsAsHiddenInAMessage() throws {
        let validator = try #require(Self.rules.validator(named: "SignUp"))
        let problem = validator.verdict(
            onBody: Array(
                #"{"email": "a@b.jp", "password": "abcdef12", "confirmation": "abcdef12", "plan": "gold"}"#.utf8))
        guard case .problem(let problem) = problem else {
            Issue.record("valid")
            return
        }
        #expect(problem.violations.map { $0.message() } == ["'***' is not one of the allowed values."])
    }

    struct PatternLimitCase: CustomTestStringConvertible, Sendable {
        let name: String
        let type: String
        let input: String
        let codes: [String]
        var testDescription: String { name }
    }

    static let patternLimits: [PatternLimitCase] = [
        PatternLimitCase(
            name: "10,002 letters", type: "Password", input: String(repeating: "a", count: 10_002), codes: ["tooLong"]),
        PatternLimitCase(
            name: "10,001 letters and digits", type: "Password", input: String(repeating: "a1", count: 5_001),
            codes: ["tooLong"]),
        PatternLimitCase(
            name: "65 letters", type: "Password", input: String(repeating: "a", count: 65),
            codes: ["tooLong", "needsDigit"]),
        PatternLimitCase(name: "7 letters", type: "Password", input: "abcdefg", codes: ["tooShort", "needsDigit"]),
        PatternLimitCase(
            name: "a pattern alone past the limit", type: "Code", input: String(repeating: "a", count: 10_001),
            codes: ["patternMismatch"]),
        PatternLimitCase(
            name: "a pattern alone at the limit", type: "Code", input: String(repeating: "a", count: 10_000), codes: []),
    ]

    @Test(arguments: patternLimits)
    func noMisleadingCodesPastThePatternLimit(_ c: PatternLimitCase) {
        let result = Self.rules.validator(named: c.type)!.validate(.string(c.input))
        #expect(result.violations.map(\.code) == c.codes)
    }

    struct LanguageCase: CustomTestStringConvertible, Sendable {
        let header: String?
        let available: [String]
        let expected: String
        var testDescription: String { header.map { "'\($0)'" } ?? "no header" }
    }

    static let languages: [LanguageCase] = [
        LanguageCase(header: nil, available: ["en", "ja"], expected: "en"),
        LanguageCase(header: "", available: ["en", "ja"], expected: "en"),
        LanguageCase(header: "ja", available: ["en", "ja"], expected: "ja"),
        LanguageCase(header: "JA", available: ["en", "ja"], expected: "ja"),
        LanguageCase(header: "ja-JP", available: ["en", "ja"], expected: "ja"),
        LanguageCase(header: "ja,en;q=0.9", available: ["en", "ja"], expected: "ja"),
        LanguageCase(header: "en;q=0.9, ja", available: ["en", "ja"], expected: "ja"),
        LanguageCase(header: "fr, ja;q=0.5, en;q=0.4", available: ["en", "ja"], expected: "ja"),
        LanguageCase(header: "de, fr", available: ["en", "ja"], expected: "en"),
        LanguageCase(header: "ja;q=0, *", available: ["en", "ja"], expected: "en"),
        LanguageCase(header: "en;q=0, *", available: ["en", "ja"], expected: "ja"),
        LanguageCase(header: "ja;q=0.5, en;q=0.500", available: ["en", "ja"], expected: "ja"),
        LanguageCase(header: "en ; q=0.1 , ja ; Q=0.2", available: ["en", "ja"], expected: "ja"),
        LanguageCase(header: "pt", available: ["en", "pt-BR"], expected: "pt-BR"),
        LanguageCase(header: "pt-br", available: ["en", "pt-BR"], expected: "pt-BR"),
        LanguageCase(header: "ja;q=2, en;q=0.1", available: ["en", "ja"], expected: "en"),
        LanguageCase(header: "ja;q=abc, en;q=0.1", available: ["en", "ja"], expected: "en"),
        LanguageCase(header: "日本語, ja", available: ["en", "ja"], expected: "ja"),
        LanguageCase(header: ",,;;", available: ["en", "ja"], expected: "en"),
    ]

    @Test(arguments: languages)
    func acceptLanguage(_ c: LanguageCase) {
        #expect(AcceptLanguage(c.header).negotiate(among: c.available) == c.expected)
    }

    @Test(arguments: [("JA", "タイトルが長すぎます。"), ("ja-JP", "タイトルが長すぎます。"), ("En", "The title is too long.")])
    func messageLanguagesCompareCaseInsensitively(_ language: String, _ expected: String) throws {
        let violation = try #require(
            Self.rules.validator(named: "Title")!.validate(.string(String(repeating: "x", count: 21))).violations.first)
        #expect(violation.message(language: language) == expected)
    }

    @Test func aValidatorKnowsItsLanguages() {
        #expect(Self.rules.validator(named: "Task")!.languages == ["en", "ja"])
        #expect(Self.rules.validator(named: "Task")!.language(for: "ja-JP,en;q=0.9") == "ja")
    }

    /// One `fr:` message does not make a French answer: the rest, and the detail, would be English
    /// under `Content-Language: fr`. Negotiation goes on to the client's next language.
    @Test(arguments: [("fr-CA, ja;q=0.5", "ja"), ("fr", "en"), ("fr, *;q=0.1", "en"), ("ja", "ja")])
    func aLanguageOnlySomeMessagesHaveIsNeverNegotiated(_ header: String, _ expected: String) throws {
        let title = TypeRule(
            name: "Title", checks: [Check(LengthCheck(min: 1, max: 20))],
            messages: MessageTable(["tooLong": ["fr": "Le titre est trop long."]]))
        let rules = try RuleSet.compile(
            types: [title], models: [ModelRule(name: "Task", fields: [.init(name: "title", typeName: "Title")])])
        for name in ["Title", "Task"] {
            let validator = try #require(rules.validator(named: name))
            #expect(validator.languages == ["en", "fr", "ja"] && validator.negotiableLanguages == ["en", "ja"])
            #expect(validator.language(for: header) == expected, "\(name)")
            guard
                case .problem(let problem) = validator.verdict(
                    onBody: Array(#"{"title": ""}"#.utf8), acceptLanguage: header)
            else { continue }
            #expect(problem.language == expected)
        }
    }

    @Test(arguments: [
        ("Asia/Tokyo", "2026-11-23"), ("UTC", "2026-11-22"), ("America/Los_Angeles", "2026-11-22"),
        ("Pacific/Kiritimati", "2026-11-23"), ("Pacific/Pago_Pago", "2026-11-22"),
    ])
    func todayInTheClientsTimeZone(_ identifier: String, _ expected: String) throws {
        // 2026-11-22T20:00:00Z
        let instant = Date(timeIntervalSince1970: 1_795_377_600)
        let made = ValidationContext(timeZoneIdentifier: identifier, clock: { instant })
        let context = try #require(made)
        #expect(context.today().description == expected)
    }

    @Test(arguments: ["Mars/Olympus", "", "not a zone", String(repeating: "A", count: 100)])
    func anUnknownTimeZoneIsNoContext(_ identifier: String) {
        #expect(ValidationContext(timeZoneIdentifier: identifier) == nil)
    }

    @Test(arguments: [
        ([String](), ""), (["title"], "/title"), (["tags", "1"], "/tags/1"), (["a/b", "c~d"], "/a~1b/c~0d"),
        (["", "ü"], "//ü"), (["a\"b", "~~//"], "/a\"b/~0~0~1~1"),
    ])
    func jsonPointers(_ path: [String], _ expected: String) throws {
        #expect(Violation(code: "x", path: path).pointer == expected)
        let problem = ProblemDetails(violations: [Violation(code: "x", path: path)], language: "en")
        #expect(problem.json.contains(",\"pointer\":\(JSONString.quoted(expected)),"), "problem details write it so")
        #expect(Violation.path(ofPointer: expected) == path)
        let decoded = try JSONDecoder().decode(
            Violation.self, from: Data(#"{"code":"x","pointer":\#(JSONString.quoted(expected))}"#.utf8))
        #expect(decoded.path == path, "a violation sent with a pointer and no path")
    }

    @Test(arguments: ["tags", "/a~2b", "/a~"])
    func textThatIsNoPointer(_ text: String) {
        #expect(Violation.path(ofPointer: text) == nil)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Violation.self, from: Data(#"{"code":"x","pointer":"\#(text)"}"#.utf8))
        }
    }

    struct CodingCase: CustomTestStringConvertible, Sendable {
        let type: String
        let input: ValidationInput
        let json: String
        var testDescription: String { json }
    }

    static let codings: [CodingCase] = [
        CodingCase(
            type: "Title", input: .string(String(repeating: "x", count: 21)),
            json:
                #"{"code":"titleTooLong","builtinCode":"tooLong","path":[],"pointer":"","max":20,"boundKind":"count","value":"xxxxxxxxxxxxxxxxxxxxx","message":"The title is too long."}"#
        ),
        CodingCase(
            type: "Year", input: .number(DecimalNumber(1800)),
            json:
                #"{"code":"tooSmall","builtinCode":"tooSmall","path":[],"pointer":"","min":1900,"boundKind":"number","value":"1800","message":"Must be at least 1900."}"#
        ),
        CodingCase(
            type: "Due", input: .string("2026-11-01"),
            json:
                #"{"code":"tooEarly","builtinCode":"tooEarly","path":[],"pointer":"","min":"2026-11-22","boundKind":"date","value":"2026-11-01","message":"Must be 2026-11-22 or later."}"#
        ),
        CodingCase(
            type: "Password", input: .string("12345678"),
            json:
                #"{"code":"needsLetter","builtinCode":"patternMismatch","path":[],"pointer":"","message":"This value has the wrong format."}"#
        ),
    ]

    @Test(arguments: codings)
    func violationsEncodeAsDocumented(_ c: CodingCase) throws {
        let violation = try #require(
            Self.rules.validator(named: c.type)!.validate(c.input, context: Self.today).violations.first)
        let encoded = try JSONEncoder().encode(violation)
        #expect(try JSONReader().read(encoded) == JSONReader().read(c.json))
        let decoded = try JSONDecoder().decode(Violation.self, from: encoded)
        #expect(decoded.code == violation.code && decoded.builtinCode == violation.builtinCode)
        #expect(decoded.bound == violation.bound && decoded.path == violation.path)
        #expect(decoded.message() == violation.message())
    }

    @Test(arguments: [
        ValidatedValue.string("a"), .integer(-3), .decimal(DecimalNumber("12.99999999999999999")!), .boolean(true),
        .list([.string("a"), .integer(1)]), .record(["a": .string("b"), "n": .decimal(DecimalNumber("1.5")!)]),
    ])
    func valuesRoundTrip(_ value: ValidatedValue) throws {
        #expect(try JSONDecoder().decode(ValidatedValue.self, from: JSONEncoder().encode(value)) == value)
    }
}
