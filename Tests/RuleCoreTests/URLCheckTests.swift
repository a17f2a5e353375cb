import Foundation
import Testing

@testable import RuleCore

/// `url`: RFC 3986's `URI`, a scheme from a list, and a host for `http` and `https`.
@Suite struct URLCheckTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var schemes: URLCheck.Schemes
        var valid: Bool
        var why: String

        init(_ text: String, _ valid: Bool, _ why: String, schemes: URLCheck.Schemes = .web) {
            (self.text, self.valid, self.why, self.schemes) = (text, valid, why, schemes)
        }

        var testDescription: String { "\(why): '\(text)'" }
    }

    static func codes(of text: String, schemes: URLCheck.Schemes) throws -> [String] {
        let rules = try RuleSet.compile(
            types: [TypeRule(name: "Link", checks: [Check(URLCheck(schemes: schemes))])], models: [])
        return rules.validator(named: "Link")!.validate(.text(text)).violations.map(\.code)
    }

    @Test(
        "a URL is an absolute URI of an allowed scheme, with a host for http and https",
        arguments: [
            Case("https://example.com", true, "the usual"),
            Case("http://example.com/a/b?q=1&r=2#top", true, "path, query and fragment"),
            Case("HTTPS://EXAMPLE.COM/", true, "an upper-case scheme is compared case-insensitively"),
            Case("HtTp://example.com", true, "a mixed-case scheme"),
            Case("ftp://example.com", false, "a scheme outside the default list"),
            Case("https://example.com", false, "https where only http is allowed", schemes: ["http"]),
            Case("HTTPS://example.com", true, "a list written in lower case", schemes: ["https"]),
            Case("https://example.com", true, "a list written in upper case", schemes: ["HTTPS"]),
            Case("httpss://example.com", false, "a longer scheme with an allowed prefix", schemes: ["https"]),
            Case("http:", false, "http without a host"),
            Case("http:example.com", false, "http without '//' has no host"),
            Case("http:/example.com", false, "http with one slash has no host"),
            Case("http://", false, "http with an empty authority"),
            Case("http:///path", false, "http with an empty host before the path"),
            Case("http://:80", false, "http with a port and no host"),
            Case("http://user@", false, "http with user information and no host"),
            Case("http:", true, "any scheme: 'http:' is a URI, exactly as format: uri", schemes: .any),
            Case("mailto:someone@example.com", true, "mailto needs no host", schemes: ["mailto", "https"]),
            Case("tel:+81-3-1234-5678", true, "tel", schemes: ["tel"]),
            Case("urn:isbn:0451450523", true, "a URN", schemes: .any),
            Case("a:", true, "the shortest URI", schemes: .any),
            Case("a+b-c.d:x", true, "every scheme character", schemes: .any),
            Case("1a:x", false, "a scheme starting with a digit", schemes: .any),
            Case(":x", false, "an empty scheme", schemes: .any),
            Case("example.com", false, "no scheme", schemes: .any),
            Case("//example.com", false, "a network-path reference is no URI", schemes: .any),
            Case("", false, "empty", schemes: .any),
            Case("http://[2001:db8::7]/c=GB?objectClass?one", true, "an IPv6 host"),
            Case("http://[::1]:8080/", true, "the IPv6 loopback with a port"),
            Case("http://[::]/", true, "the IPv6 unspecified address"),
            Case("http://[1:2:3:4:5:6:7:8]/", true, "eight IPv6 groups"),
            Case("http://[1:2:3:4:5:6:7:8:9]/", false, "nine IPv6 groups"),
            Case("http://[1:2:3:4:5:6:7]/", false, "seven IPv6 groups and no '::'"),
            Case("http://[1:2:3::5:6:7:8]/", true, "seven groups around '::'"),
            Case("http://[1:2:3:4::5:6:7:8]/", false, "eight groups around '::'"),
            Case("http://[1::2::3]/", false, "two '::'"),
            Case("http://[1:::2]/", false, "three colons"),
            Case("http://[:1::2]/", false, "a single leading colon"),
            Case("http://[1::2:]/", false, "a single trailing colon"),
            Case("http://[abcd::ef01]/", true, "four hexadecimal digits in a group"),
            Case("http://[abcde::1]/", false, "five hexadecimal digits in a group"),
            Case("http://[::ffff:192.0.2.255]/", true, "an IPv4 tail, 255 at the bound"),
            Case("http://[::ffff:192.0.2.256]/", false, "an IPv4 tail, 256 over the bound"),
            Case("http://[::ffff:192.0.2.01]/", false, "an IPv4 tail with a leading zero"),
            Case("http://[1:2:3:4:5:6:1.2.3.4]/", true, "six groups and an IPv4 tail make eight"),
            Case("http://[1:2:3:4:5:6:7:1.2.3.4]/", false, "seven groups and an IPv4 tail make nine"),
            Case("http://[1.2.3.4::1]/", false, "an IPv4 piece that is not last"),
            Case("http://[::1%25eth0]/", false, "a zone identifier is not RFC 3986"),
            Case("http://[2001:db8::7/", false, "an unclosed IP literal"),
            Case("http://[]/", false, "an empty IP literal"),
            Case("http://[v1.a:b]/", true, "an IPvFuture literal"),
            Case("http://[V1F.x]/", true, "an IPvFuture literal, upper-case v"),
            Case("http://[v.x]/", false, "an IPvFuture without a version"),
            Case("http://[v1.]/", false, "an IPvFuture without an address"),
            Case("http://[vg.x]/", false, "an IPvFuture with a version that is not hexadecimal"),
            Case("http://999.999.999.999/", true, "an out-of-range IPv4 address is a reg-name"),
            Case("http://a%20b.example/", true, "a percent-escape in the host"),
            Case("http://example.com/%7e%7E", true, "percent-escapes in either case"),
            Case("http://example.com/%7", false, "a percent-escape cut short at the end"),
            Case("http://example.com/%7/", false, "a percent-escape cut short"),
            Case("http://example.com/%zz", false, "a percent-escape that is not hexadecimal"),
            Case("http://example.com/?q=%", false, "a lone percent sign in the query"),
            Case("http://example.com/#%4", false, "a cut percent-escape in the fragment"),
            Case("http://[::1%41]/", false, "no percent-escape in an IP literal"),
            Case("http://example.com:8080", true, "a port"),
            Case("http://example.com:", true, "an empty port"),
            Case("http://example.com:80a", false, "a port with a letter"),
            Case("http://u:p@example.com", true, "user information"),
            Case("http://a@b@example.com", false, "two '@' in the authority"),
            Case("http://example.com/a b", false, "a space"),
            Case("http://example.com/\t", false, "a tab"),
            Case("http://例え.jp/", false, "an IRI's non-ASCII host is no URI"),
            Case("http://example.com/パス", false, "an IRI's non-ASCII path is no URI"),
            Case("http://xn--r8jz45g.jp/", true, "the same host in punycode"),
            Case("http://example.com/?a?b/c", true, "'?' and '/' in a query"),
            Case("http://example.com/#a?b/c", true, "'?' and '/' in a fragment"),
            Case("http://example.com/#a#b", false, "'#' in a fragment"),
            Case("http://example.com/a[b]", false, "brackets in a path"),
            Case("http://example.com\\path", false, "a backslash"),
        ])
    func reads(_ c: Case) throws {
        #expect(URLCheck.isValid(c.text[...], schemes: c.schemes) == c.valid)
        #expect(try Self.codes(of: c.text, schemes: c.schemes) == (c.valid ? [] : ["invalidURL"]))
    }

    @Test("long and hostile values scan in one pass", arguments: [1, 1_000, 100_000])
    func longValues(_ count: Int) {
        let colons = String(repeating: "1:", count: count)
        #expect(!URLCheck.isValid("http://[\(colons)]/"[...]))
        #expect(URLCheck.isValid(("http://example.com/" + String(repeating: "%41", count: count))[...]))
        #expect(!URLCheck.isValid(("http://" + String(repeating: "@", count: count))[...]))
        #expect(URLCheck.isValid(("a:" + String(repeating: "//", count: count))[...], schemes: .any))
    }

    /// One test of a JSON-Schema-Test-Suite file: its data and verdict.
    struct SuiteCase: Sendable, CustomTestStringConvertible {
        var file: String
        var description: String
        var data: String?
        var valid: Bool
        var testDescription: String { "\(file): \(description)" }
    }

    /// The tests of `file` in `conformance/`; `data` is `nil` where it is no string.
    static func suite(_ file: String) throws -> [SuiteCase] {
        let groups = try JSONSerialization.jsonObject(
            with: Data(contentsOf: ConformanceFolder.url.appendingPathComponent(file)))
        return try #require(groups as? [[String: Any]]).flatMap { group in
            try #require(group["tests"] as? [[String: Any]]).map { test in
                SuiteCase(
                    file: file, description: test["description"] as! String, data: test["data"] as? String,
                    valid: test["valid"] as! Bool)
            }
        }
    }

    /// NB: `format` ignores what is not a string; a rule's type says the kind, so those tests do not apply.
    static let uriCases = (try? suite("jsts-format-uri.json")) ?? []
    static let uuidCases = (try? suite("jsts-format-uuid.json")) ?? []

    @Test(
        "url with schemes: any is JSON Schema's format: uri, case for case",
        arguments: uriCases.filter { $0.data != nil })
    func formatURI(_ c: SuiteCase) throws {
        let text = try #require(c.data)
        #expect(URLCheck.isValid(text[...], schemes: .any) == c.valid)
        #expect(try Self.codes(of: text, schemes: .any) == (c.valid ? [] : ["invalidURL"]))
    }

    @Test("uuid is JSON Schema's format: uuid, case for case", arguments: uuidCases.filter { $0.data != nil })
    func formatUUID(_ c: SuiteCase) throws {
        let text = try #require(c.data)
        #expect(UUIDCheck.isValid(text[...]) == c.valid)
    }

    @Test func theSuiteIsAllThere() throws {
        let uri = try Self.suite("jsts-format-uri.json")
        let uuid = try Self.suite("jsts-format-uuid.json")
        #expect((uri.count, uri.filter { $0.data != nil }.count) == (46, 40))
        #expect((uuid.count, uuid.filter { $0.data != nil }.count) == (28, 22))
        #expect(uri.filter { $0.data == nil }.allSatisfy { $0.description.hasPrefix("all string formats ignore") })
        #expect(uri.contains { $0.data != nil && $0.valid } && uri.contains { $0.data != nil && !$0.valid })
    }

    @Test(
        "schemes are checked when read",
        arguments: [
            (["https"], nil), (["web+app", "x.y-z"], nil), ([], "'url' needs at least one scheme"),
            (["https:"], "'https:' is not a URI scheme"), (["1http"], "'1http' is not a URI scheme"),
        ] as [([String], String?)])
    func schemesAreRead(_ schemes: [String], _ message: String?) {
        var diagnostics: [Diagnostic] = []
        let check = URLCheck(parameters: CheckParameters(["schemes": .texts(schemes)]), diagnostics: &diagnostics)
        #expect((check == nil) == (message != nil))
        if let message { #expect(diagnostics.first?.message.hasPrefix(message) == true) }
    }
}
