import Foundation
import Observation
import RuleCore
import Testing

/// The generated forms driven as a person uses them: typing into a field, leaving it, reading its
/// message in Japanese or English, fixing it, submitting, and reading a server's 422 on the fields.
@MainActor @Suite struct FormTests {
    nonisolated static let today = ValidationContext(today: LocalDate(year: 2026, month: 11, day: 22)!)

    @Test func aFieldShowsItsMessageOnceLeftAndDropsItWhenFixed() {
        let form = SignUpForm(language: "en")
        form.email.raw = "taro@"
        #expect(form.email.message == nil, "nothing shows while the field is first typed into")
        #expect(!form.isValid)

        form.email.touch()
        #expect(form.email.isTouched)
        #expect(form.email.violations == [.email(.invalidEmail)])
        #expect(form.email.message == "This email address is not valid.")
        #expect(form.password.message == nil, "a field not yet touched shows nothing")

        form.email.raw = "taro@example.com"
        #expect(form.email.violations.isEmpty)
        #expect(form.email.message == nil)
    }

    @Test(
        "messages are in the form's language, and follow it when it changes",
        arguments: [
            ("ja", "メールアドレスが入力されていません"), ("en", "Enter your email address."),
            ("pt-BR", "Enter your email address."),
        ])
    func messagesInTheFormsLanguage(language: String, expected: String) {
        let form = SignUpForm(language: "ja")
        form.email.touch()
        form.language = language
        #expect(form.email.message == expected)
    }

    struct ModeCase: Sendable, CustomTestStringConvertible {
        var mode: RuleCoreGeneratedCodeVersion1.ValidationMode
        /// Whether the email field shows its violation after typing, after leaving it, after
        /// fixing it (before the next submit).
        var shownAfterTyping: Bool
        var shownAfterLeaving: Bool
        var shownAfterFixing: Bool
        var testDescription: String { "\(mode)" }
    }

    @Test(
        "each mode shows violations when it says, and every mode on submit",
        arguments: [
            ModeCase(mode: .onChange, shownAfterTyping: true, shownAfterLeaving: true, shownAfterFixing: false),
            ModeCase(
                mode: .onChangeAfterTouch, shownAfterTyping: false, shownAfterLeaving: true, shownAfterFixing: false),
            ModeCase(mode: .onSubmit, shownAfterTyping: false, shownAfterLeaving: false, shownAfterFixing: true),
        ])
    func validationModes(_ mode: ModeCase) {
        let form = SignUpForm(language: "en", mode: mode.mode)
        form.email.raw = "taro@"
        #expect((form.email.message != nil) == mode.shownAfterTyping)
        form.email.touch()
        #expect((form.email.message != nil) == mode.shownAfterLeaving)
        #expect(form.submit() == nil)
        #expect(form.email.violations == [.email(.invalidEmail)])
        form.email.raw = "taro@example.com"
        #expect((form.email.message != nil) == mode.shownAfterFixing)
        _ = form.submit()
        #expect(form.email.message == nil)
    }

    @Test func aCheckAcrossFieldsIsCheckedAgainWhenEitherFieldChanges() {
        let form = SignUpForm(language: "ja")
        form.password.raw = "abcd1234"
        form.password.touch()
        form.passwordConfirmation.raw = "abcd1235"
        form.passwordConfirmation.touch()
        #expect(form.passwordConfirmation.violations == [.passwordMismatch])
        #expect(form.passwordConfirmation.message == "パスワードが一致しません。")
        #expect(form.password.violations.isEmpty, "the check reports on passwordConfirmation only")

        form.password.raw = "abcd1235"
        #expect(form.passwordConfirmation.violations.isEmpty)
        form.password.raw = "abcd12356"
        #expect(form.passwordConfirmation.violations == [.passwordMismatch])
        form.passwordConfirmation.raw = "abcd12356"
        #expect(form.passwordConfirmation.message == nil)
    }

    @Test func submittingAnEmptyFormShowsEveryViolationAtOnce() {
        let form = SignUpForm(language: "ja")
        #expect(form.messages.isEmpty)

        #expect(form.submit() == nil)
        #expect(form.fields.allSatisfy { $0.isTouched })
        #expect(
            form.violations == [
                .email(.emptyEmail), .password(.emptyPassword), .passwordConfirmation(.emptyPassword),
                .plan(.required),
            ])
        #expect(form.email.message == "メールアドレスが入力されていません")
        #expect(form.displayName.message == nil, "an optional field left empty is valid")
        #expect(form.messages.count == 4)
    }

    @Test func submittingAValidFormGivesTheModelOfNormalizedValues() throws {
        let form = SignUpForm(language: "en")
        form.email.raw = " taro@example.com "
        form.password.raw = "abcd1234"
        form.passwordConfirmation.raw = "abcd1234"
        form.birthYear.raw = "1990"
        #expect(form.plan.raw == nil, "no plan is chosen until one is")
        form.plan.raw = .pro
        #expect(form.isValid)

        let signUp = try #require(form.submit())
        #expect(signUp.email.value == "taro@example.com")
        #expect(signUp.birthYear?.value == 1990)
        #expect(signUp.displayName == nil)
        #expect(signUp.plan.value == .pro)
        #expect(form.messages.isEmpty)
    }

    /// A 422 as RuleCore's problem details carry it, read as a client reads it.
    static let problem = """
        {"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"…","language":"en",
         "violations":[
          {"code":"emailTaken","path":["email"],"pointer":"/email","message":"This email is already registered."},
          {"code":"tooShort","builtinCode":"tooShort","path":["password"],"min":8,"boundKind":"count",
           "message":"Too short."},
          {"code":"passwordMismatch","path":["passwordConfirmation"],"message":"Mismatch."},
          {"code":"tooLong","path":["displayName"],"message":"A bound is missing."},
          {"code":"tooYoung","path":["birthYear"],"message":"Too young for this plan."},
          {"code":"rateLimited","path":[],"message":"Try again in a minute."},
          {"code":"unknownField","path":["nickname"],"message":"No such field here."}]}
        """

    @Test func aServersViolationsShowOnTheFieldsTheirPathsName() throws {
        let problem = try JSONDecoder().decode(ProblemDetails.self, from: Data(Self.problem.utf8))
        let form = SignUpForm(language: "ja")
        form.email.raw = "taro@example.com"
        form.apply(problem)

        #expect(form.email.violations == [.email(.emailTaken)], "a server code the rules declare")
        #expect(form.email.unknownViolations.isEmpty)
        #expect(form.email.message == "このメールアドレスは登録済みです。", "the rules' message, in the form's language")
        #expect(form.birthYear.violations.isEmpty)
        #expect(form.birthYear.unknownViolations.map(\.code) == ["tooYoung"])
        #expect(form.birthYear.message == "Too young for this plan.", "a code the rules do not know")
        #expect(form.password.violations == [.password(.tooShort(min: 8))])
        #expect(form.password.message == "8文字以上で入力してください。", "a code the rules know, in the form's language")
        #expect(form.passwordConfirmation.violations == [.passwordMismatch])
        #expect(form.displayName.violations.isEmpty, "without the bound its case needs, the code is the server's")
        #expect(form.displayName.message == "A bound is missing.")
        #expect(form.formMessages == ["Try again in a minute.", "No such field here."])

        form.email.raw = "jiro@example.com"
        #expect(form.email.message == nil, "typing into the field drops the server's violation")
        #expect(form.password.violations == [.password(.tooShort(min: 8))], "other fields keep theirs")

        form.apply(serverViolations: [])
        #expect(form.messages.isEmpty)
    }

    /// A server is input: no code, path or bound it sends may crash the form, and each shows once.
    @Test(
        "every code, on every field, with any bound or none, shows once",
        arguments: [
            nil, Bound.count(8), .number(DecimalNumber("8")!), .date(LocalDate(year: 2026, month: 11, day: 22)!),
        ])
    func everyCodeOnEveryFieldShowsOnce(bound: Bound?) {
        let validators = [
            NewEmail.validator, NewPassword.validator, DisplayName.validator, BirthYear.validator, Plan.validator,
        ]
        let codes = Set(SignUp.validator.outcomes.map(\.code) + validators.flatMap { $0.outcomes.map(\.code) })
        let form = SignUpForm(language: "en")
        for field in form.fields {
            for code in codes.sorted() {
                let outcome = Outcome(code: code, templates: MessageTemplates(["en": "From the server."]))
                form.apply(serverViolations: [RuleCore.Violation(outcome, path: [field.name], bound: bound)])
                #expect(field.violations.map(\.code) + field.unknownViolations.map(\.code) == [code])
                #expect(field.messages.count == 1, "\(field.name): \(code)")
            }
        }
    }

    @Test(
        "a server's violation inside a list shows on the list, by path or by JSON Pointer",
        arguments: [#"{"code":"tagTaken","path":["tags","1"]}"#, #"{"code":"tagTaken","pointer":"/tags/1"}"#])
    func aServersViolationInsideAListShowsOnTheList(json: String) throws {
        let violation = try JSONDecoder().decode(RuleCore.Violation.self, from: Data(json.utf8))
        let form = ProfileForm(language: "en")
        form.tags.raw = ["swift", "yaml"]
        form.apply(serverViolations: [violation])
        #expect(form.tags.unknownViolations.map(\.path) == [["tags", "1"]])
        #expect(form.tags.message == "tagTaken", "the code, when the server sends no message")
    }

    @Test(
        "a server's violation of a list item that the item's type knows is its typed case",
        arguments: [
            #"{"code":"tooLong","path":["tags","1"],"max":12,"boundKind":"count"}"#,
            #"{"code":"tooLong","pointer":"/tags/1","max":12,"boundKind":"count"}"#,
        ])
    func aServersKnownViolationOfAListItemIsTyped(json: String) throws {
        let violation = try JSONDecoder().decode(RuleCore.Violation.self, from: Data(json.utf8))
        let form = ProfileForm(language: "en")
        form.tags.raw = ["swift", "yaml"]
        form.apply(serverViolations: [violation])
        #expect(form.tags.violations == [.tags(index: 1, .tooLong(max: 12))])
        #expect(form.tags.unknownViolations.isEmpty)
        #expect(form.tags.message == "Too long: the maximum is 12.")
    }

    /// An edit screen starts from a model: every field shows its value as a person enters it, with
    /// nothing touched, edited or shown, and reset() goes back to it.
    @Test func aFormLoadsAModelToEdit() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let shipment = try Shipment(
            trackingId: "123e4567-e89b-12d3-a456-426614174000", postalCode: "abc-1234",
            unitPrice: try #require(Decimal(string: "9.99")), shipOn: LocalDate(year: 2000, month: 2, day: 29),
            boxSizes: [1, 5], giftWrap: true)
        let form = ShipmentForm(language: "en", mode: .onChange, timeZone: tokyo)
        form.load(shipment)
        #expect(form.trackingId.raw == "123e4567-e89b-12d3-a456-426614174000")
        #expect(form.postalCode.raw == "ABC-1234", "the normalized value, as the model holds it")
        #expect(form.unitPrice.raw == "9.99")
        #expect(form.shipOn.raw.map { LocalDate($0, in: tokyo) } == LocalDate(year: 2000, month: 2, day: 29))
        #expect(form.boxSizes.raw == ["1", "5"])
        #expect(form.giftWrap.raw == true)
        #expect(form.isValid)
        #expect(form.fields.allSatisfy { !$0.isEdited && !$0.isTouched })
        #expect(form.submit() == shipment)

        form.unitPrice.raw = "0"
        #expect(form.unitPrice.violations == [.unitPrice(.tooSmall(min: try #require(Decimal(string: "0.01"))))])
        form.reset()
        #expect(form.unitPrice.raw == "9.99", "reset goes back to the loaded values")
        #expect(form.isValid && form.messages.isEmpty)
    }

    @Test func aDateFieldIsTheDayItFallsOnInTheFormsTimeZone() throws {
        // 2026-11-21 23:30 UTC is already 2026-11-22 in Tokyo.
        let instant = Date(timeIntervalSince1970: 1_795_303_800)
        let form = ToDoTaskForm(
            language: "en", context: Self.today, timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")))
        form.title.raw = "Buy milk"
        form.dueDate.raw = instant
        #expect(form.submit()?.dueDate?.value == LocalDate(year: 2026, month: 11, day: 22))

        form.timeZone = try #require(TimeZone(identifier: "UTC"))
        #expect(form.submit() == nil)
        #expect(form.dueDate.violations == [.dueDate(.tooEarly(min: LocalDate(year: 2026, month: 11, day: 22)!))])
        form.dueDate.raw = nil
        #expect(form.submit()?.dueDate == nil, "no date picked is no due date")
    }

    @Test func aFieldThatHoldsAModelIsANestedFormAndShowsItsFieldsViolations() {
        let form = OrderForm(language: "ja")
        form.shipping.form.zip.raw = "abc-12"
        #expect(form.shipping.violations.isEmpty, "nothing shows while the nested field is first typed into")
        form.shipping.form.zip.touch()
        #expect(form.shipping.isTouched, "touching a nested field touches the field that holds it")
        #expect(form.shipping.violations == [.shipping(.zip(.badLength(min: 8))), .shipping(.zip(.patternMismatch))])
        #expect(form.shipping.message == "8文字で入力してください。")
        #expect(form.shipping.form.zip.violations == [.zip(.badLength(min: 8)), .zip(.patternMismatch)])
        #expect(form.shipping.form.zip.message == "8文字で入力してください。")
        form.language = "en"
        #expect(form.shipping.form.zip.message == "Eight characters, please.", "the nested form follows the language")
        form.shipping.form.zip.raw = "abc-1234"
        #expect(form.shipping.violations.isEmpty)
        #expect(form.shipping.form.zip.violations.isEmpty)
    }

    /// Fills an order's fields but the addresses with valid input.
    static func fill(_ form: OrderForm) {
        form.code.raw = "gab-1234"
        form.confirmation.raw = "GAB-1234"
        form.quantity.raw = "2"
        form.comment.raw = "ok"
        form.accepted.raw = true
        form.default.raw = .red
    }

    @Test func anOptionalNestedFormLeftEmptyIsAbsent() throws {
        let form = OrderForm(language: "en")
        Self.fill(form)
        #expect(form.submit() == nil)
        #expect(form.shipping.violations == [.shipping(.zip(.missingCode))])
        #expect(form.billing.violations.isEmpty, "an optional address left empty is no address")
        #expect(form.billing.form.zip.violations.isEmpty)
        #expect(form.shipping.form.zip.violations == [.zip(.missingCode)], "submit shows the nested form's too")

        form.shipping.form.zip.raw = "abc-1234"
        let order = try #require(form.submit(), "\(form.messages)")
        #expect(order.shipping.zip.value == "ABC-1234")
        #expect(order.billing == nil)

        form.billing.form.zip.raw = "ABC-1234"
        #expect(form.submit() == nil)
        #expect(form.billing.violations == [.mustDiffer(value: "{zip: ABC-1234}")], "the check across the two")
        form.billing.form.zip.raw = "XYZ-0001"
        #expect(form.submit()?.billing?.zip.value == "XYZ-0001")
    }

    @Test func aNestedFormLoadsAndResetsWithItsForm() throws {
        let form = OrderForm(language: "en")
        Self.fill(form)
        form.shipping.form.zip.raw = "abc-1234"
        form.shipping.form.note.raw = "Back  door"
        let order = try #require(form.submit())

        let edit = OrderForm(language: "en")
        edit.load(order)
        #expect(edit.shipping.form.zip.raw == "ABC-1234")
        #expect(edit.shipping.form.note.raw == "back door")
        #expect(edit.billing.form.zip.raw.isEmpty)
        #expect(edit.isValid)
        edit.shipping.form.zip.raw = "x"
        #expect(!edit.isValid)
        edit.reset()
        #expect(edit.shipping.form.zip.raw == "ABC-1234", "reset goes back to the loaded values")
        #expect(edit.submit() == order)
    }

    @Test func aServersViolationInsideANestedModelShowsOnTheNestedField() throws {
        let form = OrderForm(language: "ja")
        let outcome = Outcome(code: "codeRetired", templates: MessageTemplates(["en": "Retired."]))
        form.apply(serverViolations: [RuleCore.Violation(outcome, path: ["shipping", "zip"], value: "ABC-1234")])
        #expect(form.shipping.form.zip.violations == [.zip(.codeRetired(value: "ABC-1234"))])
        #expect(form.shipping.form.zip.message == "ABC-1234は廃止されました。", "the rules' message, in the form's language")
        #expect(form.shipping.violations == [.shipping(.zip(.codeRetired(value: "ABC-1234")))], "and on the field")
        #expect(form.shipping.unknownViolations.isEmpty)
        form.apply(serverViolations: [RuleCore.Violation(outcome, path: ["shipping", "street"])])
        #expect(form.shipping.unknownViolations.map(\.path) == [["shipping", "street"]], "a path no rule has")
        #expect(form.shipping.form.zip.violations.isEmpty)
        form.apply(serverViolations: [])
        #expect(form.shipping.form.zip.violations.isEmpty)
    }

    /// An optional flag is no answer until set: `nil`, which the form sends as no value, never `false`.
    @Test func anOptionalFlagIsNilUntilSetAndSendsNothing() throws {
        let form = ShipmentForm(language: "en")
        #expect(form.giftWrap.raw == nil)
        form.trackingId.raw = "123e4567-e89b-12d3-a456-426614174000"
        form.postalCode.raw = "abc-1234"
        form.unitPrice.raw = "9.99"
        let shipment = try #require(form.submit(), "\(form.messages)")
        #expect(shipment.giftWrap == nil, "an untouched toggle is no answer, not false")

        form.giftWrap.raw = false
        #expect(form.submit()?.giftWrap?.value == false, "false once set")
        form.giftWrap.raw = true
        #expect(form.submit()?.giftWrap?.value == true)
        form.giftWrap.raw = nil
        #expect(form.submit()?.giftWrap == nil)
    }

    /// A `oneOf` field holds the type's enum, `nil` until a case is chosen, as a `Picker` binds it.
    @Test func aOneOfFieldHoldsItsEnumNilUntilChosen() throws {
        let form = SignUpForm(language: "en")
        #expect(form.plan.raw == nil)
        form.email.raw = "taro@example.com"
        form.password.raw = "abcd1234"
        form.passwordConfirmation.raw = "abcd1234"
        #expect(form.submit() == nil)
        #expect(form.plan.violations == [.plan(.required)])
        form.plan.raw = .team
        let signUp = try #require(form.submit())
        #expect(signUp.plan.value == .team)

        let edit = SignUpForm(language: "en")
        edit.load(signUp)
        #expect(edit.plan.raw == .team)
        edit.reset()
        #expect(edit.plan.raw == .team, "reset goes back to the loaded case")
    }

    @Test func aFlagDrivesACheckAcrossFields() {
        let form = ProfileForm(language: "en")
        form.phone.touch()
        #expect(form.phone.violations.isEmpty)
        form.callMe.raw = true
        #expect(form.phone.violations == [.requiredPhone], "phone is required once call me is ticked")
        form.termsAccepted.raw = true
        form.termsAccepted.touch()
        #expect(form.termsAccepted.violations.isEmpty)
        form.termsAccepted.raw = false
        #expect(form.termsAccepted.message == "Accept the terms to continue.")
    }

    @Test func resetEmptiesTheFormAndForgetsWhatWasShown() {
        let form = SignUpForm(language: "en")
        form.email.raw = "taro@"
        _ = form.submit()
        form.apply(serverViolations: [RuleCore.Violation(code: "rateLimited")])
        form.reset()
        #expect(form.email.raw.isEmpty)
        #expect(!form.email.isTouched && !form.isSubmitted)
        #expect(form.messages.isEmpty)
    }

    @Test func aViewThatReadsAMessageIsToldWhenItChanges() {
        let form = SignUpForm(language: "en")
        form.email.touch()
        let changed = Changed()
        withObservationTracking {
            _ = form.email.message
        } onChange: {
            changed.value = true
        }
        form.email.raw = "taro@example.com"
        #expect(changed.value)
    }

    private final class Changed: @unchecked Sendable {
        var value = false
    }
}
