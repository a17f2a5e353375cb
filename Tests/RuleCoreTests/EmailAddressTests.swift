import Foundation
import Testing

@testable import RuleCore

/// Addresses derived from the WHATWG grammar: each production, its limits, and what RFC 5322
/// allows but HTML's `<input type=email>` does not.
@Suite struct EmailAddressTests {
    struct Case: Sendable, Decodable, CustomTestStringConvertible {
        var input: String
        var valid: Bool
        var why: String
        var testDescription: String { "'\(input.prefix(40))': \(why)" }
    }

    /// `conformance/email.jsonl`, which the JavaScript and Python runtimes read too.
    static let cases: [Case] = try! ConformanceFolder.text("email.jsonl").split(separator: "\n").map {
        try JSONDecoder().decode(Case.self, from: Data($0.utf8))
    }

    @Test func theCorpusIsAllThere() {
        #expect(Self.cases.count == 44)
        #expect(Self.cases.contains { $0.valid } && Self.cases.contains { !$0.valid })
    }

    @Test("each address of the shared corpus", arguments: cases)
    func address(_ c: Case) {
        #expect(EmailCheck.isValid(c.input[...]) == c.valid)
    }
}
