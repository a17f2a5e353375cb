import Foundation
import RuleCore
import Testing

/// The generated API as an app's form uses it: controls' values passed as they are, every
/// violation switched over exhaustively, optional fields left out. That this file compiles is half
/// the test: a case the rules cannot produce, or a bound of the wrong type, would not.
@Suite struct AppUsageTests {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    /// A form's controls: a text field, a stepper, a toggle, a date picker, a picker of plans.
    struct Controls {
        var email = "a@example.com"
        var password = "abcdef12"
        var displayName = ""
        var birthYear: Int? = 1990
        var plan = Plan.Value.pro
        var shipOn = Date(timeIntervalSince1970: 1_795_000_000)
        var wrap = true
        var price = Decimal(string: "9.99")!
    }

    @Test func aFormBuildsItsModelFromItsControlsValues() throws {
        let controls = Controls()
        let signUp = try SignUp(
            email: controls.email, password: controls.password, passwordConfirmation: controls.password,
            displayName: controls.displayName.isEmpty ? nil : controls.displayName, birthYear: controls.birthYear,
            plan: controls.plan)
        #expect(signUp.plan.value == .pro)
        #expect(signUp.birthYear?.value == 1990)
        #expect(signUp.displayName == nil)

        let shipment = try Shipment(
            trackingId: "123e4567-e89b-12d3-a456-426614174000", postalCode: "abc-1234", unitPrice: controls.price,
            shipOn: LocalDate(controls.shipOn, in: Self.tokyo), boxSizes: [1, 5], giftWrap: controls.wrap)
        #expect(shipment.postalCode.value == "ABC-1234")
        #expect(shipment.unitPrice.value == controls.price)
        #expect(shipment.boxSizes?.map(\.value) == [1, 5])
        #expect(shipment.giftWrap?.value == true)
        #expect(
            shipment.shipOn.map { LocalDate($0.value.start(in: Self.tokyo), in: Self.tokyo) } == shipment.shipOn?.value)
    }

    @Test func aModelEncodesItsKeysAsTheRulesWriteThem() throws {
        let shipment = try Shipment(
            trackingId: "123e4567-e89b-12d3-a456-426614174000", postalCode: "abc-1234",
            unitPrice: Decimal(string: "0.5")!)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(shipment)) as? [String: Any]
        #expect(Set(json?.keys.map { $0 } ?? []) == ["tracking_id", "postal-code", "unit_price"])
        let decoded = try JSONDecoder().decode(
            Shipment.self,
            from: Data(
                #"{"tracking_id": "123e4567-e89b-12d3-a456-426614174000", "postal-code": "abc-1234", "unit_price": 0.5}"#
                    .utf8))
        #expect(decoded == shipment)
    }

    /// Every case the rules can produce, and no other: `DisplayName` (`length: {max: 30}`, optional)
    /// has neither `tooShort` nor `required`; `BirthYear`'s bounds are `Int`; `Price`'s are `Decimal`.
    static func text(of violation: SignUp.Violation) -> String {
        switch violation {
        case .email(let violation): "email: \(violation.code)"
        case .password(let violation), .passwordConfirmation(let violation): "password: \(violation.code)"
        case .displayName(.tooLong(let max)): "at most \(max) characters"
        case .displayName(.invalidFormat): "not text"
        case .birthYear(.tooSmall(let min)): "from \(min + 0)"
        case .birthYear(.tooLarge(let max)): "until \(max + 0)"
        case .birthYear(.invalidFormat(let value)): "'\(value)' is no year"
        case .plan(.notAllowed(let value)), .plan(.invalidFormat(let value)): "no plan '\(value)'"
        case .plan(.required): "choose a plan"
        case .required, .invalidFormat: "no form"
        case .passwordMismatch: "the passwords differ"
        }
    }

    static func text(of violation: Shipment.Violation) -> String {
        switch violation {
        case .unitPrice(.tooSmall(let min)): "at least \(min as Decimal)"
        case .unitPrice(.tooLarge(let max)): "at most \(max as Decimal)"
        case .unitPrice(.required): "a price, please"
        case .unitPrice(.invalidFormat): "not a price"
        case .shipOn(.tooEarly(let min)), .shipOn(.tooLate(let min)): "not around \(min.start(in: tokyo))"
        case .shipOn(.required), .shipOn(.invalidFormat): "not a date"
        case .boxSizes(let index, .tooSmall(let min)): "box \(index): at least \(min + 0)"
        case .boxSizes(let index, let violation): "box \(index): \(violation.code)"
        case .boxSizesTooManyItems(let max): "at most \(max + 0) boxes"
        case .giftWrap(.mustAccept), .giftWrap(.invalidFormat): "wrap?"
        // NB: a server code (`serverCodes:`) is a case like any other: the switch must handle it.
        case .shipmentLocked: "already shipped"
        case .trackingId, .postalCode, .required, .invalidFormat, .boxSizesInvalidFormat: "other"
        }
    }

    @Test func violationsAreTypedCasesOfWhatTheRulesCanProduce() {
        do {
            _ = try SignUp(
                email: "a@example.com", password: "abcdef12", passwordConfirmation: "abcdef12",
                displayName: String(repeating: "x", count: 31), birthYear: 1899, plan: .free)
            Issue.record("a long name and an early year were accepted")
        } catch {
            #expect(error.violations.map(Self.text) == ["at most 30 characters", "from 1900"])
        }
        do {
            _ = try Shipment(
                trackingId: "123e4567-e89b-12d3-a456-426614174000", postalCode: "abc-1234",
                unitPrice: Decimal(string: "10000")!, boxSizes: [0, 1, 2, 5])
            Issue.record("a high price and four boxes were accepted")
        } catch {
            #expect(
                error.violations.map(Self.text) == [
                    "at most 1000", "box 0: at least 1", "box 0: notAllowed", "at most 3 boxes",
                ])
        }
    }

    @Test func anOptionalTypeParsesEmptyTextAsNoValue() throws {
        #expect(try DisplayName.parse("  ") == nil)
        #expect(try DisplayName.parse(" Ann ")?.value == "Ann")
        #expect(try DisplayName(" Ann ").value == "Ann")
        #expect(throws: DisplayName.Violation.invalidFormat(value: "")) { try DisplayName("") }
        #expect(throws: DisplayName.Violation.tooLong(max: 30)) {
            try DisplayName.parse(String(repeating: "x", count: 31))
        }
        #expect(try BirthYear(1990).value == 1990)
        #expect(throws: BirthYear.Violation.tooSmall(min: 1900)) { try BirthYear(1899) }
        #expect(try Plan(.team).value == .team)
        #expect(Plan.Value.allCases.map(\.rawValue) == ["free", "pro", "team"])
        #expect(try Price(Decimal(string: "0.01")!).value == Decimal(string: "0.01"))
        #expect(throws: Price.Violation.tooSmall(min: Decimal(string: "0.01")!)) { try Price(0) }
    }

    /// A generated decimal type's value is the number exactly, whether it is built from its digits
    /// (19 significant digits or fewer) or through Foundation's parsing (more).
    @Test(arguments: [
        "0", "-0", "19.99", "-12.5", "100", "0.01", "-0.10", "1234567890123456789", "-123456789012345678.9",
        "12345678901234567890", "99999999999999999999.99",
    ])
    func aGeneratedDecimalIsTheNumberExactly(_ text: String) throws {
        let value = try UnitPrice(text).value
        #expect(value == Decimal(string: text)!)
        #expect(value.description == Decimal(string: text)!.description)
        #expect(value.sign == (text.hasPrefix("-") && value != 0 ? .minus : .plus))
    }

    /// `Decimal` holds 38 significant digits: a generated decimal type refuses a value it cannot
    /// hold exactly, from text or JSON, where the engine (any number of digits) accepts it; never a
    /// trap, never a rounded value.
    @Test(arguments: [
        "1.0000000000000000000000000000000000000001", "999.9899999999999999999999999999999999999999",
    ])
    func aDecimalPastFoundationsDigitsIsInvalidFormatNotATrap(_ text: String) throws {
        #expect(throws: Price.Violation.invalidFormat(value: text)) { try Price(text) }
        let json = try JSONReader().read(Array(text.utf8))
        #expect(Price.validator.validate(json).violations.map(\.code) == ["invalidFormat"])
        let engine = try RuleSet.compile(types: [Price.rule], models: [])
        #expect(engine.validator(named: "Price")?.validate(.text(text)).isValid == true)
        #expect(try Price("1.0000000000000000000000000000000000001").value.description.count == 39)
    }
}
