import Foundation
import RuleCore
import RuleSpec
import RuleYAML
import Testing

/// Every case of `specs/` (and of `Features/specs/`), run through the generated types of `Golden/`
/// and through the runtime validators of `rules/` (and of `Features/rules/`), which must give the
/// same value, or the same violations in the same order with the same messages.
@Suite struct DifferentialTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardizedFileURL

    /// Each folder of spec files, with the folder of the rules its files check.
    static let folders = [
        (specs: "specs", rules: "rules"),
        (specs: "Tests/GeneratedCodeTests/Features/specs", rules: "Tests/GeneratedCodeTests/Features/rules"),
        (specs: "Examples/CustomChecks/specs", rules: "Examples/CustomChecks/rules"),
    ]

    /// The generated type or model of each name in `rules/`.
    static let subjects: [String: any Subject] = [
        "EmailAddress": TypeSubject(EmailAddress.self),
        "Password": TypeSubject(Password.self),
        "Login": ModelSubject(Login.self),
        "NewEmail": TypeSubject(NewEmail.self),
        "NewPassword": TypeSubject(NewPassword.self),
        "DisplayName": TypeSubject(DisplayName.self),
        "BirthYear": TypeSubject(BirthYear.self),
        "Plan": TypeSubject(Plan.self),
        "SignUp": ModelSubject(SignUp.self),
        "TaskTitle": TypeSubject(TaskTitle.self),
        "TaskNote": TypeSubject(TaskNote.self),
        "TaskDueDate": TypeSubject(TaskDueDate.self),
        "ToDoTask": ModelSubject(ToDoTask.self),
        "SearchQuery": TypeSubject(SearchQuery.self),
        "Username": TypeSubject(Username.self),
        "GreekWord": TypeSubject(GreekWord.self),
        "Dish": TypeSubject(Dish.self),
        "NormalizedDish": TypeSubject(NormalizedDish.self),
        "OrderReference": TypeSubject(OrderReference.self),
        "ImageName": TypeSubject(ImageName.self),
        "Mention": TypeSubject(Mention.self),
        "Slug": TypeSubject(Slug.self),
        "Handle": TypeSubject(Handle.self),
        "TableNumber": TypeSubject(TableNumber.self),
        "UnitPrice": TypeSubject(UnitPrice.self),
        "Share": TypeSubject(Share.self),
        "GuestCount": TypeSubject(GuestCount.self),
        "BodyTemperature": TypeSubject(BodyTemperature.self),
        "Weight": TypeSubject(Weight.self),
        "Offset": TypeSubject(Offset.self),
        "ShownName": TypeSubject(ShownName.self),
        "ServerName": TypeSubject(ServerName.self),
        "IPAddress": TypeSubject(IPAddress.self),
        "IPv4Address": TypeSubject(IPv4Address.self),
        "IPv6Address": TypeSubject(IPv6Address.self),
        "Nickname": TypeSubject(Nickname.self),
        "Website": TypeSubject(Website.self),
        "AvatarURL": TypeSubject(AvatarURL.self),
        "ContactLink": TypeSubject(ContactLink.self),
        "DateOfBirth": TypeSubject(DateOfBirth.self),
        "AwayUntil": TypeSubject(AwayUntil.self),
        "TermsAccepted": TypeSubject(TermsAccepted.self),
        "Profile": ModelSubject(Profile.self),
        "AccountHandle": TypeSubject(AccountHandle.self),
        "AccountPassword": TypeSubject(AccountPassword.self),
        "AccountDate": TypeSubject(AccountDate.self),
        "AccountFlag": TypeSubject(AccountFlag.self),
        "AccountTag": TypeSubject(AccountTag.self),
        "AccountPhone": TypeSubject(AccountPhone.self),
        "AccountChannel": TypeSubject(AccountChannel.self),
        "AccountPostCode": TypeSubject(AccountPostCode.self),
        "AccountContact": ModelSubject(AccountContact.self),
        "Account": ModelSubject(Account.self),
        "AccountTrial": ModelSubject(AccountTrial.self),
        "ProductCode": TypeSubject(ProductCode.self),
        "GiftCode": TypeSubject(GiftCode.self),
        "Quantity": TypeSubject(Quantity.self),
        "Price": TypeSubject(Price.self),
        "Accepted": TypeSubject(Accepted.self),
        "Birthday": TypeSubject(Birthday.self),
        "Comment": TypeSubject(Comment.self),
        "Tag": TypeSubject(Tag.self),
        "TrackingId": TypeSubject(TrackingId.self),
        "Address": ModelSubject(Address.self),
        "Order": ModelSubject(Order.self),
        "Shipment": ModelSubject(Shipment.self),
        "CardNumber": TypeSubject(CardNumber.self),
        "GiftCard": TypeSubject(GiftCard.self),
    ]

    /// The runtime's rules of each folder, with the custom checks that the generated code calls
    /// (`CardsCustomChecks.swift`) registered, so that both sides run the same implementation.
    static let rules = Dictionary(
        uniqueKeysWithValues: folders.map { folder in
            let loader = RuleFileLoader(customChecks: [
                "luhn": CustomCheckFunction { value in
                    if case .string(let text) = value { CardsCustomChecks.luhn(text) } else { false }
                }
            ])
            return (folder.rules, loader.load([root.appendingPathComponent(folder.rules).path]))
        })

    /// A spec case with the settings of its file.
    struct Case: Sendable, CustomTestStringConvertible {
        var specCase: SpecCase
        var header: SpecHeader
        var rules: String

        var testDescription: String {
            let file = URL(fileURLWithPath: header.file).lastPathComponent
            return "\(file):\(specCase.range.start.line): \(specCase.typeName) \(specCase.name ?? specCase.inputText)"
        }

        var context: ValidationContext { header.today.map { ValidationContext(today: $0) } ?? ValidationContext() }
    }

    /// Every case of every spec file; a file that cannot be read fails `everySpecFileReads`.
    static let cases: [Case] = specFiles().flatMap { (try? read($0.file, rules: $0.rules))?.cases ?? [] }

    static func specFiles() -> [(file: String, rules: String)] {
        var diagnostics: [Diagnostic] = []
        return folders.flatMap { folder in
            RuleFileLoader.yamlFiles(at: [root.appendingPathComponent(folder.specs).path], diagnostics: &diagnostics)
                .map { ($0, folder.rules) }
        }
    }

    static func read(_ file: String, rules: String) throws -> (cases: [Case], diagnostics: [Diagnostic]) {
        let reader = try SpecFileReader(file: file, bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: file))))
        let header = try reader.readHeader()
        var cases: [Case] = []
        while let specCase = try reader.nextCase() {
            cases.append(Case(specCase: specCase, header: header, rules: rules))
        }
        return (cases, reader.diagnostics)
    }

    @Test func everySpecFileReads() throws {
        #expect(Self.specFiles().count == 14)
        for (file, rules) in Self.specFiles() {
            #expect(try Self.read(file, rules: rules).diagnostics.isEmpty, "\(file)")
        }
    }

    @Test func everyTypeAndModelOfTheRulesHasItsGeneratedSubject() throws {
        let names = try Self.rules.values.flatMap { try #require($0.ruleSet).names }
        #expect(names.sorted() == Self.subjects.keys.sorted())
    }

    @Test("generated types and runtime validators agree", arguments: cases)
    func agree(_ test: Case) throws {
        let rules = try #require(Self.rules[test.rules]?.ruleSet)
        let validator = try #require(rules.validator(named: test.specCase.typeName))
        let subject = try #require(Self.subjects[test.specCase.typeName])
        // NB: a generated model reads JSON, whose kinds must fit its fields' types, so both sides get
        // the case's text in the JSON kind of each field's type; a type reads the text itself.
        var input = test.specCase.input
        if case .model = validator { input = Self.json(input, as: validator, rules: rules) }
        let runtime = Observed(validator.validate(input, context: test.context), language: test.header.language)
        let generated = try subject.observe(input, context: test.context, language: test.header.language)
        #expect(generated == runtime)
    }

    /// A spec case's input as a server receives it: each text in the JSON kind of its type, a
    /// number for an integer or decimal type and a boolean for a boolean type when JSON can write
    /// it so, else a string.
    static func json(_ input: ValidationInput, as validator: Validator?, rules: RuleSet) -> ValidationInput {
        switch input {
        case .text(let text):
            guard case .type(let type)? = validator else { return .string(text) }
            switch type.rule.valueType {
            case .integer, .decimal: return DecimalNumber(json: text).map(ValidationInput.number) ?? .string(text)
            case .boolean where text == "true" || text == "false": return .boolean(text == "true")
            default: return .string(text)
            }
        case .record(let fields):
            var types: [String: String] = [:]
            if case .model(let model)? = validator {
                for field in model.rule.fields { types[field.name] = field.typeName }
            }
            return .record(
                Dictionary(
                    uniqueKeysWithValues: fields.map { name, field in
                        (name, json(field, as: types[name].flatMap(rules.validator(named:)), rules: rules))
                    }))
        case .list(let items): return .list(items.map { json($0, as: nil, rules: rules) })
        case .absent, .string, .number, .boolean: return input
        }
    }
}
