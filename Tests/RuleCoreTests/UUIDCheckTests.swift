import Testing

@testable import RuleCore

/// `uuid`: RFC 9562's text form, exactly.
@Suite struct UUIDCheckTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var valid: Bool
        var why: String
        var testDescription: String { why }
    }

    @Test(
        "a UUID is 8-4-4-4-12 hexadecimal digits and nothing else",
        arguments: [
            Case(text: "123e4567-e89b-12d3-a456-426614174000", valid: true, why: "version 1, lower case"),
            Case(text: "123E4567-E89B-12D3-A456-426614174000", valid: true, why: "upper case"),
            Case(text: "00000000-0000-0000-0000-000000000000", valid: true, why: "the nil UUID"),
            Case(text: "ffffffff-ffff-ffff-ffff-ffffffffffff", valid: true, why: "the max UUID, any variant"),
            Case(text: "01890a5d-ac96-774b-bcce-b302099a8057", valid: true, why: "version 7"),
            Case(text: "123e4567-e89b-12d3-a456-42661417400", valid: false, why: "one digit short"),
            Case(text: "123e4567-e89b-12d3-a456-4266141740000", valid: false, why: "one digit more"),
            Case(text: "123e4567e89b12d3a456426614174000", valid: false, why: "no dashes"),
            Case(text: "123e4567-e89b-12d3-a456_426614174000", valid: false, why: "an underscore for a dash"),
            Case(text: "123e456-7e89b-12d3-a456-426614174000", valid: false, why: "a dash out of place"),
            Case(text: "{123e4567-e89b-12d3-a456-426614174000}", valid: false, why: "braces"),
            Case(text: "urn:uuid:123e4567-e89b-12d3-a456-426614174000", valid: false, why: "the URN prefix"),
            Case(text: "123e4567-e89b-12d3-a456-42661417400g", valid: false, why: "a letter past f"),
            Case(text: "123e4567-e89b-12d3-a456-４２６614174000", valid: false, why: "full-width digits"),
            Case(text: "", valid: false, why: "empty"),
        ])
    func reads(_ c: Case) throws {
        #expect(UUIDCheck.isValid(c.text[...]) == c.valid)
        let rules = try RuleSet.compile(types: [TypeRule(name: "Id", checks: [Check(UUIDCheck())])], models: [])
        let codes = rules.validator(named: "Id")!.validate(.text(c.text)).violations.map(\.code)
        #expect(codes == (c.valid ? [] : ["invalidUUID"]))
    }
}
