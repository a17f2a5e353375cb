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

    /// A lint fixture and the rule id of its first finding: one id per kind of diagnostic.
    static let kinds: [(fixture: String, ruleId: String)] = [
        ("checks-across-fields-contradict", "rulecheck/unsatisfiable"),
        ("dates-exclude-each-other", "rulecheck/unsatisfiable"),
        ("equal-one-field-twice", "rulecheck/never-decides"),
        ("message-key-no-code", "rulecheck/unused-message"),
        ("placeholder-never-filled", "rulecheck/unused-message"),
        ("names-form-refuses", "rulecheck/generated-name"),
        ("pattern-shadowed-by-oneOf", "rulecheck/never-decides"),
        ("rounds", "rulecheck/unknown-key"),
        ("yaml-tab", "rulecheck/yaml"),
        ("yaml-bad-indentation", "rulecheck/yaml"),
        ("language-country-code", "rulecheck/error"),
    ]

    @Test(arguments: kinds)
    func sarifNamesTheKindOfEachFinding(_ kind: (fixture: String, ruleId: String)) throws {
        let fixture = try #require(
            Fixture.all(in: "Fixtures/lint", ext: "yaml").first { $0.description == kind.fixture + ".yaml" })
        let folder = try project(fixture)
        let run = try Rulecheck.run(["lint", "--format", "sarif"], in: folder.url)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let sarifRun = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((sarifRun["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["informationUri"] as? String == "https://github.com/rulecheck/rulecheck")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(Set(ids).count == rules.count && ids.allSatisfy { $0.hasPrefix("rulecheck/") })
        for rule in rules {
            #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            #expect(((rule["help"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            #expect(
                (rule["helpUri"] as? String)?.hasPrefix("https://github.com/rulecheck/rulecheck/blob/main/") == true)
        }
        // NB: relative paths resolve against the repository root, the folder rulecheck ran in.
        let root = try #require(
            ((sarifRun["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any])?["uri"] as? String)
        #expect(root.hasPrefix("file:///") && root.hasSuffix("/"))
        #expect(URL(string: root)?.resolvingSymlinksInPath().path == folder.url.resolvingSymlinksInPath().path)
        let results = try #require(sarifRun["results"] as? [[String: Any]])
        let first = try #require(results.first)
        #expect(first["ruleId"] as? String == kind.ruleId)
        #expect((first["ruleIndex"] as? Int).map { ids[$0] } == kind.ruleId)
        let artifact =
            (((first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
                "artifactLocation"] as? [String: Any])
        #expect(artifact?["uriBaseId"] as? String == "%SRCROOT%")
        #expect(
            URL(string: artifact?["uri"] as? String ?? "", relativeTo: URL(string: root))?.path
                == folder.url.appendingPathComponent("rules/\(kind.fixture).yaml").resolvingSymlinksInPath().path)
    }

    /// `rulecheck test --format sarif` validates too, with failures and errors as results.
    @Test(.enabled(if: Subprocess.pythonHas("jsonschema"), "needs python3 with the jsonschema module"))
    func testSarifValidatesAgainstTheSchema() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "rulecheck: 1\ntypes:\n  Title:\n    checks:\n      - lenght: { min: 1 }\n", to: "rules/bad.yaml")
        try folder.write(
            "rulecheck: 1\ntypes:\n  Name:\n    checks:\n      - length: { max: 3 }\n", to: "good/rules/name.yaml")
        try folder.write("rulecheck: 1\ncases:\n  Title:\n    - { in: a, valid: true }\n", to: "specs/title.yaml")
        try folder.write("rulecheck: 1\ncases:\n  Name:\n    - { in: abcd, valid: true }\n", to: "good/specs/name.yaml")
        let run = try Rulecheck.run(["test", "specs", "good/specs", "--format", "sarif"], in: folder.url)
        #expect(run.status == 2)
        let script = Self.fixtures.appendingPathComponent("sarif/validate_sarif.py")
        let check = try Subprocess.run(try #require(Subprocess.python), [script.path], stdin: run.stdout)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["ruleId"] as? String } == ["rulecheck/unknown-check", "rulecheck/failed-case"])
    }
}
