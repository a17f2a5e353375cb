import Foundation
import RuleTestSupport
import Testing

struct BrokenImplementation: Sendable, CustomTestStringConvertible {
    var why: String
    var command: String
    var arguments: [String] = []
    var stderr: String
    var testDescription: String { why }
}

/// `rulecheck SPECS --implementation CMD`: the spec cases run against another process over the
/// conformance protocol of docs/conformance.md.
@Suite(.enabled(if: Subprocess.python != nil, "needs python3"))
struct ConformanceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardizedFileURL
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/conformance")
    /// The Python runtime's conformance module, run from its source folder.
    static let reference =
        "env PYTHONPATH=\(root.appendingPathComponent("runtimes/python/src").path) "
        + "python3 -m rulecheck_runtime.conformance"

    /// A temporary folder with the schema that `rulecheck export jsonschema` writes for `rules`.
    func schema(of rules: URL) throws -> (folder: TemporaryFolder, path: String) {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("schema.json").path
        let run = try Rulecheck.run(["export", "jsonschema", rules.path, "--output", path], in: folder.url)
        try #require(run.status == 0, "\(run.stderr)")
        return (folder, path)
    }

    @Test func theReferenceImplementationPassesEverySpec() throws {
        let (folder, schema) = try schema(of: Self.root.appendingPathComponent("rules"))
        let run = try Rulecheck.run(
            ["specs", "--implementation", "\(Self.reference) \(schema)"], in: Self.root)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix(" passed, 0 failed\n") && !run.stdout.hasPrefix("0 passed"))
        #expect(run.stderr.isEmpty)
        _ = folder
    }

    @Test func aWrongImplementationFailsAtTheCasesItGetsWrong() throws {
        let (folder, schema) = try schema(of: Self.fixtures.appendingPathComponent("rules"))
        let wrong = Self.fixtures.appendingPathComponent("wrong_implementation.py").path
        let run = try Rulecheck.run(["specs", "--implementation", "python3 \(wrong) \(schema)"], in: Self.fixtures)
        #expect(run.status == 1)
        let failures = run.stdout.split(separator: "\n").filter { $0.contains(": Name") }.map {
            String($0.prefix { $0 != " " })
        }
        #expect(failures == ["specs/name.yaml:5:7:", "specs/name.yaml:6:7:", "specs/name.yaml:7:7:"])
        #expect(
            run.stdout.contains(
                #"specs/name.yaml:5:7: Name (U+001C is not White_Space): in "\u001Cab": expected out "\u001Cab", got valid "ab""#
            ))
        #expect(run.stdout.hasSuffix("3 passed, 3 failed\n"))
        _ = folder
    }

    @Test func theReportFormatsAreTheSame() throws {
        let (folder, schema) = try schema(of: Self.fixtures.appendingPathComponent("rules"))
        let wrong = Self.fixtures.appendingPathComponent("wrong_implementation.py").path
        let report = folder.url.appendingPathComponent("report.json").path
        let run = try Rulecheck.run(
            ["specs", "--implementation", "python3 \(wrong) \(schema)", "--format", "json", "--output", report],
            in: Self.fixtures)
        #expect(run.status == 1 && run.stdout == "3 passed, 3 failed\n")
        let json = try JSONDecoder().decode(
            TestCommandTests.JSONReport.self, from: Data(contentsOf: URL(fileURLWithPath: report)))
        #expect(json.files.first?.failures.map(\.line) == [5, 6, 7])
    }

    @Test(
        "an implementation that dies, talks nonsense or hangs ends the run with exit 2",
        arguments: [
            BrokenImplementation(
                why: "it exits", command: "sh -c 'read line; exit 3'",
                stderr: "specs/name.yaml:4:7: error: the implementation exited with status 3 before answering"),
            BrokenImplementation(
                why: "it cannot start", command: "/nonexistent/implementation",
                stderr: "specs/name.yaml:4:7: error: the implementation exited with status 127 before answering"),
            BrokenImplementation(
                why: "it prints garbage", command: "sh -c 'read line; echo hello; sleep 5'",
                stderr:
                    #"specs/name.yaml:4:7: error: the implementation's answer is not a JSON object with "valid": true or false: "hello""#
            ),
            BrokenImplementation(
                why: "it answers without violations",
                command: #"sh -c 'read line; echo "{\"valid\": false}"; sleep 5'"#,
                stderr:
                    #"specs/name.yaml:4:7: error: the implementation's answer is invalid but has no "violations" list: "{\"valid\": false}""#
            ),
            BrokenImplementation(
                why: "it hangs", command: "sleep 30", arguments: ["--timeout", "0.5"],
                stderr:
                    "specs/name.yaml:4:7: error: the implementation gave no answer within 0.5 seconds and was stopped; "
                    + "allow it more time with '--timeout'"),
        ])
    func aBrokenImplementationExitsTwo(_ broken: BrokenImplementation) throws {
        let started = Date()
        let run = try Rulecheck.run(
            ["specs", "--implementation", broken.command] + broken.arguments, in: Self.fixtures)
        #expect(run.status == 2)
        #expect(
            run.stderr.split(separator: "\n").first(where: { $0.hasPrefix("specs/") }).map(String.init)
                == broken.stderr, "\(run.stderr)")
        #expect(Date().timeIntervalSince(started) < 5, "stopped promptly")
    }
}
