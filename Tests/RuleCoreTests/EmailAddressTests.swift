import Testing

@testable import RuleCore

/// Addresses derived from the WHATWG grammar: each production, its limits, and what RFC 5322
/// allows but HTML's `<input type=email>` does not.
@Suite struct EmailAddressTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var address: String
        var why: String
        init(_ address: String, _ why: String) { (self.address, self.why) = (address, why) }
        var testDescription: String { "'\(address)': \(why)" }
    }

    static let label63 = String(repeating: "a", count: 63)

    @Test(
        "valid addresses",
        arguments: [
            Case("user@example.com", "the common form"),
            Case("a@b", "no top-level domain is required"),
            Case("first.last@example.co.jp", "dots in both parts"),
            Case(".a..b.@example.com", "dots anywhere in the local part"),
            Case("!#$%&'*+/=?^_`{|}~-@example.com", "every atext punctuation"),
            Case("USER@EXAMPLE.COM", "upper case"),
            Case("u@a-b.c-d", "hyphens inside labels"),
            Case("u@0.1.2.3", "digit labels"),
            Case("u@\(label63).com", "a 63-character label"),
            Case("u@x", "a one-character label"),
        ])
    func valid(_ c: Case) {
        #expect(EmailCheck.isValid(c.address[...]))
    }

    @Test(
        "invalid addresses",
        arguments: [
            Case("", "empty"),
            Case("user", "no @"),
            Case("@example.com", "empty local part"),
            Case("user@", "empty domain"),
            Case("a@b@c", "two @"),
            Case("user@-example.com", "label starts with a hyphen"),
            Case("user@example-.com", "label ends with a hyphen"),
            Case("user@example..com", "empty label"),
            Case("user@.example.com", "domain starts with a dot"),
            Case("user@example.com.", "domain ends with a dot"),
            Case("u@\(label63)a.com", "a 64-character label"),
            Case("\"quoted\"@example.com", "quoted local parts are RFC 5322, not WHATWG"),
            Case("user@[127.0.0.1]", "IP literals are not allowed"),
            Case("user name@example.com", "space in the local part"),
            Case("user@exa mple.com", "space in the domain"),
            Case("user@exa_mple.com", "underscore in a label"),
            Case("ユーザー@example.com", "non-ASCII local part"),
            Case("user@例え.jp", "non-ASCII domain (IDNs must be punycoded)"),
            Case(" user@example.com", "leading space (trim is a normalizer, not part of email)"),
            Case("user@example.com\n", "trailing newline"),
            Case("(comment)user@example.com", "comments are not allowed"),
        ])
    func invalid(_ c: Case) {
        #expect(!EmailCheck.isValid(c.address[...]))
    }
}
