import Foundation
import RuleTestSupport
import Testing

/// `rulecheck lint --format json|sarif`: the diagnostics of the human run as data, and SARIF
/// that validates against the SARIF 2.1.0 schema.
@Suite struct LintFormatTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A folder whose `rules/` holds `fixture`, or the clean `rules` of the update fixtures.
    func project(_ fixture: Fixture?) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let rules = folder.url.appendingPathComponent("rules")
        try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
        let source = fixture?.url ?? Self.fixtures.appendingPathComponent("update/rules.yaml")
        try FileManager.default.copyItem(at: source, to: rules.appendingPathComponent(source.lastPathComponent))
        return folder
    }

    /// The clean rules (nil) and every lint fixture.
    static let cases: [Fixture?] = [nil] + Fixture.all(in: "Fixtures/lint", ext: "yaml").map { $0 }

    struct JSONLog: Decodable {
        struct Diagnostic: Decodable {
            var severity: String
            var message: String
            var file: String?
            var line: Int?
            var column: Int?
        }
        var diagnostics: [Diagnostic]
        var errors: Int
        var warnings: Int
    }

    @Test(arguments: cases)
    func jsonHoldsWhatTheHumanRunPrints(_ fixture: Fixture?) throws {
        let folder = try project(fixture)
        let human = try Rulecheck.run(["lint"], in: folder.url)
        let run = try Rulecheck.run(["lint", "--format", "json"], in: folder.url)
        #expect(run.status == human.status && run.stderr.isEmpty)
        let log = try JSONDecoder().decode(JSONLog.self, from: Data(run.stdout.utf8))
        let firstLines = human.stderr.split(separator: "\n").filter {
            $0.hasPrefix("rules/") && !$0.contains(": note: ")
        }
        #expect(
            log.diagnostics.map { "\($0.file ?? ""):\($0.line ?? 0):\($0.column ?? 0): \($0.severity): \($0.message)" }
                == firstLines.map(String.init))
        #expect(log.errors == log.diagnostics.filter { $0.severity == "error" }.count)
        #expect(log.warnings == log.diagnostics.filter { $0.severity == "warning" }.count)
    }

    @Test(
        .enabled(if: Subprocess.pythonHas("jsonschema"), "needs python3 with the jsonschema module"), arguments: cases)
    func sarifValidatesAgainstTheSchema(_ fixture: Fixture?) throws {
        let folder = try project(fixture)
        let human = try Rulecheck.run(["lint"], in: folder.url)
        let run = try Rulecheck.run(["lint", "--format", "sarif"], in: folder.url)
        #expect(run.status == human.status)
        let script = Self.fixtures.appendingPathComponent("sarif/validate_sarif.py")
        let check = try Subprocess.run(try #require(Subprocess.python), [script.path], stdin: run.stdout)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        let expected = human.stderr.split(separator: "\n").filter {
            $0.contains(": error: ") || $0.contains(": warning: ")
        }
        #expect(results.count == expected.count)
        for (result, line) in zip(results, expected) {
            let location = try #require(
                (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let uri = (location["artifactLocation"] as? [String: Any])?["uri"] as? String
            let region = location["region"] as? [String: Any]
            #expect(
                line.hasPrefix(
                    "\(uri ?? ""):\(region?["startLine"] ?? 0):\(region?["startColumn"] ?? 0): \(result["level"] ?? "")"
                ))
        }
    }
}
