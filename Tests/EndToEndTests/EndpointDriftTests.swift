import Foundation
import FoundationXML
import RuleTestSupport
import Testing

/// `--endpoint`: drift checks against a real HTTP endpoint (a small server on 127.0.0.1) that
/// count every case: sent, failed with what the endpoint answered, or skipped with why.
@Suite struct EndpointDriftTests {
    static let rules = """
        rulecheck: 1
        types:
          Name:
            checks:
              - length: { min: 1 }
        models:
          SignUp:
            fields:
              name: Name
          Other:
            fields:
              x: Name

        """

    static let spec = """
        rulecheck: 1
        today: 2026-11-22
        cases:
          Name:
            - { in: "a", out: "a" }
          SignUp:
            - { in: { name: "ann" }, valid: true }
            - { in: { name: "" }, errors: { name: [tooShort] } }
            - { in: { name: "boom" }, valid: true }
            - { in: { name: "bob" }, errors: { name: [tooShort] } }
            - { in: { name: "zed" }, valid: true }
          Other:
            - { in: { x: "1" }, valid: true }

        """

    /// 422 for an empty name, 404 for "boom", 201 for anything else.
    static func server() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            if request.body.contains("\"boom\"") { return (404, "no such route") }
            if request.body.contains("\"name\":\"\"") || request.body.contains("\"name\": \"\"") {
                return (
                    422,
                    "{\"status\":422,\"violations\":[{\"code\":\"tooShort\",\"path\":[\"name\"],\"message\":\"Too short.\"}]}"
                )
            }
            return (201, "{}")
        }
    }

    func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(Self.rules, to: "rules/rules.yaml")
        try folder.write(Self.spec, to: "specs/signup.yaml")
        return folder
    }

    @Test func everyCaseIsCountedAndTheRunGoesOnPastA404() throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try project()
        let run = try Rulecheck.run(["specs", "--endpoint", "SignUp=POST:\(server.url("/signup"))"], in: folder.url)
        #expect(run.status == 1, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.last == "3 passed, 2 failed, 2 skipped")
        #expect(lines.contains("specs/signup.yaml: 3 passed, 2 failed, 2 skipped"))
        #expect(
            lines.contains {
                $0.hasPrefix("specs/signup.yaml:9:7: SignUp: in ")
                    && $0.hasSuffix("got endpoint answered 404: no such route")
            }, "\(run.stdout)")
        #expect(
            lines.contains {
                $0.hasPrefix("specs/signup.yaml:10:7: SignUp: in ") && $0.hasSuffix("got endpoint answered 201 (valid)")
            }, "\(run.stdout)")
        #expect(!run.stdout.contains("valid null"))
        // NB: every SignUp case was sent, the one after the 404 too, with the spec's today and a time zone.
        #expect(server.requests.count == 5)
        #expect(server.requests.allSatisfy { $0.headers["rulecheck-today"] == "2026-11-22" })
        #expect(server.requests.allSatisfy { $0.headers["time-zone"]?.isEmpty == false })
    }

    @Test func junitAndTapShowTheSkippedCases() throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try project()
        let endpoint = "SignUp=POST:\(server.url("/signup"))"
        let junit = try Rulecheck.run(["specs", "--endpoint", endpoint, "--format", "junit"], in: folder.url)
        let root = try #require(try XMLDocument(data: Data(junit.stdout.utf8)).rootElement())
        #expect(root.attribute(forName: "skipped")?.stringValue == "2")
        #expect(root.attribute(forName: "tests")?.stringValue == "7")
        let suite = try #require(root.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "skipped")?.stringValue == "2")
        let skipped = suite.elements(forName: "testcase").flatMap { $0.elements(forName: "skipped") }
        #expect(
            skipped.compactMap { $0.attribute(forName: "message")?.stringValue } == [
                "a type's case: an endpoint takes a model's body", "no --endpoint for model 'Other'",
            ])
        let failures = suite.elements(forName: "testcase").flatMap { $0.elements(forName: "failure") }
        #expect(failures.count == 2)
        #expect(
            failures.contains {
                $0.attribute(forName: "message")?.stringValue?.contains("endpoint answered 404") == true
            })
        let tap = try TAPDocument(
            try Rulecheck.run(["specs", "--endpoint", endpoint, "--format", "tap"], in: folder.url).stdout)
        #expect(tap.points.count == 7)
        #expect(tap.points.filter { $0.description.contains("# SKIP ") }.count == 2)
        let json = try Rulecheck.run(["specs", "--endpoint", endpoint, "--format", "json"], in: folder.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["skipped"] as? Int == 2)
        #expect((object["files"] as? [[String: Any]])?.first?["skipped"] as? Int == 2)
    }

    @Test func aModelNoCaseIsOfIsNamedWithTheNearest() throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try project()
        let run = try Rulecheck.run(["specs", "--endpoint", "SignUpp=POST:\(server.url("/signup"))"], in: folder.url)
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "error: --endpoint SignUpp=…: no case of the spec files is of model 'SignUpp'; did you mean 'SignUp'?"),
            "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").last?.hasSuffix(", 1 error, 7 skipped") == true, "\(run.stdout)")
        #expect(server.requests.isEmpty)
    }
}
