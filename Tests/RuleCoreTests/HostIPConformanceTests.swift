import Foundation
import Testing

@testable import RuleCore

/// `hostname`, `ip: 4` and `ip: 6` against JSON-Schema-Test-Suite's `format` tests in `conformance/`,
/// case for case; where JSON Schema's meaning differs from ours, `jsts-format-verdicts.jsonl` holds
/// our verdict and why, and the JavaScript and Python tests read the same files.
@Suite struct HostIPConformanceTests {
    /// One string test of a suite file, with the verdict we hold to and why it differs, if it does.
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var description: String
        var data: String
        var valid: Bool
        var reason: String?
        var testDescription: String { "\(file): \(description)" + (reason == nil ? "" : " (ours differs)") }
    }

    /// Our verdicts where they differ from the suite's, by file and data.
    static func overrides() throws -> [String: (valid: Bool, reason: String)] {
        var overrides: [String: (valid: Bool, reason: String)] = [:]
        for line in try ConformanceFolder.text("jsts-format-verdicts.jsonl").split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let key = "\(object["file"] as! String) \(object["data"] as! String)"
            overrides[key] = (object["valid"] as! Bool, object["reason"] as! String)
        }
        return overrides
    }

    /// The string tests of `file`, each with our verdict.
    static func cases(_ file: String) throws -> [Case] {
        let overrides = try overrides()
        let groups = try JSONSerialization.jsonObject(
            with: Data(contentsOf: ConformanceFolder.url.appendingPathComponent(file)))
        return try #require(groups as? [[String: Any]]).flatMap { group in
            try #require(group["tests"] as? [[String: Any]]).compactMap { test -> Case? in
                // NB: `format` ignores what is not a string; a rule's type says the kind, so those tests do not apply.
                guard let data = test["data"] as? String else { return nil }
                let override = overrides["\(file) \(data)"]
                return Case(
                    file: file, description: test["description"] as! String, data: data,
                    valid: override?.valid ?? (test["valid"] as! Bool), reason: override?.reason)
            }
        }
    }

    static let hostnames = (try? cases("jsts-format-hostname.json")) ?? []
    static let ipv4s = (try? cases("jsts-format-ipv4.json")) ?? []
    static let ipv6s = (try? cases("jsts-format-ipv6.json")) ?? []

    @Test("hostname is JSON Schema's format: hostname, but for A-labels", arguments: hostnames)
    func hostname(_ c: Case) {
        #expect(HostnameCheck.isValid(c.data[...]) == c.valid)
    }

    @Test("ip: 4 is JSON Schema's format: ipv4", arguments: ipv4s)
    func ipv4(_ c: Case) {
        #expect(IPCheck.isValid(c.data[...], version: 4) == c.valid)
    }

    @Test("ip: 6 is JSON Schema's format: ipv6", arguments: ipv6s)
    func ipv6(_ c: Case) {
        #expect(IPCheck.isValid(c.data[...], version: 6) == c.valid)
    }

    @Test func theSuitesAreAllThereAndEveryOverrideIsUsed() throws {
        #expect((Self.hostnames.count, Self.ipv4s.count, Self.ipv6s.count) == (58, 35, 36))
        let differing = (Self.hostnames + Self.ipv4s + Self.ipv6s).filter { $0.reason != nil }
        let used = Set(differing.map { "\($0.file) \($0.data)" })
        #expect(Set(try Self.overrides().keys) == used)
        #expect(used.count == 23)
        // NB: both verdicts occur in each suite, so a check that always answers one way fails.
        for suite in [Self.hostnames, Self.ipv4s, Self.ipv6s] {
            #expect(suite.contains { $0.valid } && suite.contains { !$0.valid })
        }
    }
}
