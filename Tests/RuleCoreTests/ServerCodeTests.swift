import Testing

@testable import RuleCore

/// Codes only a server reports (`serverCodes:`): added in one call on the path they concern, with
/// the rules' messages and `sensitive`, in the language every 422 of the model is answered in; a
/// code or path the rules do not declare is the server's mistake, said in a sentence.
@Suite struct ServerCodeTests {
    static let rules: RuleSet = {
        let email = TypeRule(
            name: "Email", normalizers: [.trim], checks: [Check(EmailCheck())],
            messages: MessageTable(["invalidEmail": ["en": "Not an address.", "ja": "アドレスではありません。"]]))
        let newEmail = TypeRule(
            name: "NewEmail", base: .named("Email", at: nil), serverCodes: ["emailTaken"],
            messages: MessageTable([
                "emailTaken": ["en": "{value} is already registered.", "ja": "{value} は登録済みです。"]
            ]))
        let secret = TypeRule(
            name: "Secret", serverCodes: ["passwordBreached"],
            messages: MessageTable(["passwordBreached": ["en": "{value} is in a breach.", "ja": "{value} は漏洩しています。"]]))
        let tag = TypeRule(
            name: "Tag", serverCodes: ["tagBanned"], messages: MessageTable(["tagBanned": ["en": "Banned tag."]]))
        let signUp = ModelRule(
            name: "SignUp",
            fields: [
                .init(name: "email", typeName: "NewEmail"),
                .init(name: "password", typeName: "Secret", sensitive: true),
                .init(name: "tags", typeName: "Tag", optional: true, list: ListCheck(field: "tags")),
            ],
            serverCodes: ["signUpClosed"],
            messages: MessageTable(["signUpClosed": ["en": "Sign-up is closed.", "ja": "登録は締め切りました。"]]))
        return try! RuleSet.compile(types: [email, newEmail, secret, tag], models: [signUp])
    }()

    static var signUp: Validator { rules.validator(named: "SignUp")! }

    @Test func aServerCodeComesAfterEveryCheckAndValidationNeverGivesIt() {
        guard case .type(let type) = Self.rules.validator(named: "NewEmail")! else { return #expect(Bool(false)) }
        #expect(type.outcomes.map(\.code) == ["required", "invalidFormat", "invalidEmail", "emailTaken"])
        #expect(type.outcomes.serverOnly.map(\.code) == ["emailTaken"])
        #expect(type.outcomes.last!.isServerOnly && type.outcomes.last!.check == nil)
        #expect(type.rule.codes == ["required", "invalidEmail"], "the codes its checks report")
        #expect(type.validate("taken@example.com").violations.isEmpty)
    }

    @Test(arguments: [
        (["email"], "emailTaken", "a@example.com is already registered.", "a@example.com は登録済みです。"),
        (["password"], "passwordBreached", "*** is in a breach.", "*** は漏洩しています。"),
        (["tags", "1"], "tagBanned", "Banned tag.", "Banned tag."),
        ([], "signUpClosed", "Sign-up is closed.", "登録は締め切りました。"),
    ])
    func aServerViolationHasTheRulesMessages(path: [String], code: String, en: String, ja: String) throws {
        let violation = try Self.signUp.serverViolation(code, at: path, value: "a@example.com")
        #expect(violation.code == code && violation.builtinCode == code && violation.path == path)
        #expect(violation.outcome.isServerOnly)
        #expect(violation.message(language: "en") == en)
        #expect(violation.message(language: "ja-JP") == ja)
        #expect(violation.bound == nil)
    }

    @Test func aSensitiveFieldNeverEchoesTheValueGiven() throws {
        let violation = try Self.signUp.serverViolation("passwordBreached", at: ["password"], value: "hunter2")
        #expect(violation.value == nil && violation.isSensitive)
        let problem = Self.signUp.problem([violation], acceptLanguage: "en")
        #expect(!problem.json.contains("hunter2"))
    }

    @Test func theProblemIsInTheLanguageEveryMessageOfTheModelIsIn() throws {
        let taken = try Self.signUp.serverViolation("emailTaken", at: ["email"], value: "a@example.com")
        // NB: `Tag`'s `tagBanned` has no Japanese message, so a 422 of SignUp is never labelled ja.
        #expect(Self.signUp.negotiableLanguages == ["en"])
        let problem = Self.signUp.problem([taken], acceptLanguage: "ja, en;q=0.5")
        #expect(problem.status == 422 && problem.language == "en")
        #expect(problem.json.contains(#""code":"emailTaken","builtinCode":"emailTaken","path":["email"]"#))
        #expect(problem.json.contains(#""message":"a@example.com is already registered.""#))
    }

    @Test(arguments: [
        (
            "emailTakne", ["email"],
            "'NewEmail' at 'email' declares no server code 'emailTakne'; its server codes are 'emailTaken'"
        ),
        (
            "emailTaken", ["mail"],
            "'SignUp' has no field 'mail'; its fields are 'email', 'password', 'tags'"
        ),
        (
            "emailTaken", [],
            "'SignUp' declares no server code 'emailTaken'; its server codes are 'signUpClosed'"
        ),
        (
            "tagBanned", ["tags"],
            #"field 'tags' of 'SignUp' is a list; name an item by its index, such as ["tags", "0"]"#
        ),
        (
            "emailTaken", ["email", "domain"],
            "'NewEmail' at 'email' has no fields, so no 'domain'; report 'emailTaken' on a path that names a field of a model"
        ),
    ])
    func anUndeclaredCodeOrPathIsTheServersMistake(code: String, path: [String], message: String) {
        #expect(throws: UndeclaredServerCode(code: code, path: path, description: message)) {
            try Self.signUp.serverViolation(code, at: path)
        }
    }

    @Test func aTypeWithoutServerCodesSaysWhereToDeclareThem() {
        let email = Self.rules.validator(named: "Email")!
        do {
            _ = try email.serverViolation("emailTaken")
            Issue.record("no error")
        } catch {
            #expect(
                error.description
                    == "'Email' declares no server code 'emailTaken'; declare it under 'serverCodes:' of 'Email', with its messages"
            )
        }
    }

    /// The rules refuse a server code that would be ambiguous or shown as its bare name.
    @Test(arguments: [
        (
            ["tooLong"],
            "server code 'tooLong' is a built-in code; name it for what the server found, such as 'emailTaken'"
        ),
        (["badEmail"], "server code 'badEmail' is also a check's code here; a server code is one no check reports"),
        (
            ["silent"],
            #"server code 'silent' has no English message; add one under 'messages:', such as silent: { en: "…", ja: "…" }"#
        ),
    ])
    func aServerCodeIsItsOwnAndHasAMessage(codes: [String], message: String) {
        let type = TypeRule(
            name: "Email", checks: [Check(EmailCheck(), codes: ["invalidEmail": "badEmail"])], serverCodes: codes,
            messages: MessageTable(["silent": ["ja": "無言"], "tooLong": ["en": "Long."], "badEmail": ["en": "Bad."]]))
        do {
            _ = try RuleSet.compile(types: [type], models: [])
            Issue.record("compiled")
        } catch {
            #expect(error.diagnostics.map(\.message) == [message])
        }
    }
}
