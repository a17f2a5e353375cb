import Foundation
import FoundationXML
import RuleTestSupport
import Testing

/// A run in which some spec files' cases could not run never reads green: every affected file is
/// an error, at the diagnostic's real place, in every format, read back with real parsers.
@Suite struct NoGreenReportTests {
    /// A project with several spec files, some of which cannot (all) run.
    struct Trial: CustomTestStringConvertible, Sendable {
        var label: String
        var files: [String: String]
        /// Each affected spec file, and where its first error is (`file:line:column`).
        var affected: [String: String]
        var passed: Int
        var failed: Int
        var testDescription: String { label }

        static let rules = "rulecheck: 1\ntypes:\n  Title:\n    checks:\n      - length: { min: 1, max: 3 }\n"
        static let good =
            "rulecheck: 1\ncases:\n  Title:\n    - { in: abc, out: abc }\n    - { in: abcd, errors: [tooShort] }\n"

        static let all = [
            Trial(
                label: "a typo in the rules two spec files share",
                files: [
                    "rules/task.yaml": rules.replacingOccurrences(of: "length", with: "lenght"),
                    "specs/one.yaml": good, "specs/two.yaml": good,
                ],
                affected: ["specs/one.yaml": "rules/task.yaml:5:9", "specs/two.yaml": "rules/task.yaml:5:9"],
                passed: 0, failed: 0),
            Trial(
                label: "a spec file that cannot be parsed",
                files: [
                    "rules/task.yaml": rules, "specs/bad.yaml": "rulecheck: 1\ncases:\n  Title:\n    - { in: a\n",
                    "specs/good.yaml": good,
                ],
                affected: ["specs/bad.yaml": "specs/bad.yaml:5:1"], passed: 1, failed: 1),
            Trial(
                label: "a case with a misspelled key",
                files: [
                    "rules/task.yaml": rules,
                    "specs/typo.yaml":
                        "rulecheck: 1\ncases:\n  Title:\n    - { in: ab, out: ab }\n    - { inn: abc, out: abc }\n",
                    "specs/good.yaml": good,
                ],
                affected: ["specs/typo.yaml": "specs/typo.yaml:5:9"], passed: 2, failed: 1),
        ]

        var errors: Int { affected.count }
        var specFiles: [String] { files.keys.filter { $0.hasPrefix("specs/") }.sorted() }

        func project() throws -> TemporaryFolder {
            let folder = try TemporaryFolder()
            for (path, text) in files { try folder.write(text, to: path) }
            return folder
        }
    }

    @Test(arguments: Trial.all)
    func humanCountsErrors(_ trial: Trial) throws {
        let folder = try trial.project()
        let run = try Rulecheck.run(["specs"], in: folder.url)
        #expect(run.status == 2)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.last
                == "\(trial.passed) passed, \(trial.failed) failed, \(trial.errors) error\(trial.errors == 1 ? "" : "s")"
        )
        for file in trial.specFiles {
            let line = try #require(lines.first { $0.hasPrefix("\(file): ") })
            #expect(line.hasSuffix(", 1 error") == (trial.affected[file] != nil), "\(line)")
        }
        for place in Set(trial.affected.values) { #expect(run.stderr.contains("\(place): error: ")) }
        // NB: a report written to a file leaves the same last line on standard output.
        let toFile = try Rulecheck.run(["specs", "--format", "junit", "--output", "report.xml"], in: folder.url)
        #expect(toFile.stdout == lines.last.map { $0 + "\n" })
    }

    @Test(arguments: Trial.all)
    func junitHasAnErrorPerAffectedSuite(_ trial: Trial) throws {
        let folder = try trial.project()
        let run = try Rulecheck.run(["specs", "--format", "junit"], in: folder.url)
        #expect(run.status == 2)
        let root = try #require(try XMLDocument(data: Data(run.stdout.utf8)).rootElement())
        #expect(root.attribute(forName: "errors")?.stringValue == "\(trial.errors)")
        #expect(root.attribute(forName: "failures")?.stringValue == "\(trial.failed)")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.compactMap { $0.attribute(forName: "name")?.stringValue } == trial.specFiles)
        for suite in suites {
            let name = try #require(suite.attribute(forName: "name")?.stringValue)
            let errors = suite.elements(forName: "testcase").flatMap { $0.elements(forName: "error") }
            guard let place = trial.affected[name] else {
                #expect(suite.attribute(forName: "errors")?.stringValue == "0")
                #expect(errors.isEmpty)
                continue
            }
            #expect(suite.attribute(forName: "errors")?.stringValue == "1")
            #expect(Int(suite.attribute(forName: "tests")?.stringValue ?? "") ?? 0 >= 1)
            let holder = try #require(errors.first?.parent as? XMLElement)
            #expect(holder.attribute(forName: "file")?.stringValue == name)
            let message = try #require(errors.first?.attribute(forName: "message")?.stringValue)
            #expect(message.hasPrefix("\(place): "), "\(message)")
            #expect(errors.first?.stringValue?.hasPrefix("\(place): error: ") == true)
        }
    }

    @Test(arguments: Trial.all)
    func tapHasANotOkLinePerAffectedFile(_ trial: Trial) throws {
        let folder = try trial.project()
        let run = try Rulecheck.run(["specs", "--format", "tap"], in: folder.url)
        #expect(run.status == 2)
        let document = try TAPDocument(run.stdout)
        #expect(document.points.filter(\.ok).count == trial.passed)
        for file in trial.specFiles {
            let points = document.points.filter { $0.description.hasPrefix("\(file): ") }
            guard let place = trial.affected[file] else {
                #expect(points.isEmpty)
                continue
            }
            let point = try #require(points.first)
            #expect(!point.ok)
            #expect(point.block.contains("at: \"\(place)\""), "\(point.block)")
            #expect(point.block.contains("severity: error"))
        }
    }

    struct JSONReport: Decodable {
        struct File: Decodable {
            var file: String
            var passed: Int
            var failed: Int
            var errors: [Place]
        }
        struct Place: Decodable {
            var severity: String
            var file: String?
            var line: Int?
            var column: Int?
        }
        var files: [File]
        var runErrors: [Place]
        var passed: Int
        var failed: Int
        var errors: Int
    }

    @Test(arguments: Trial.all)
    func jsonHasAnErrorEntryPerAffectedFileAndACount(_ trial: Trial) throws {
        let folder = try trial.project()
        let run = try Rulecheck.run(["specs", "--format", "json"], in: folder.url)
        #expect(run.status == 2)
        // NB: JSONSerialization first: the document is JSON whatever the decoder accepts.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["errors"] as? Int == trial.errors)
        let report = try JSONDecoder().decode(JSONReport.self, from: Data(run.stdout.utf8))
        #expect((report.passed, report.failed, report.errors) == (trial.passed, trial.failed, trial.errors))
        #expect(report.files.map(\.file) == trial.specFiles)
        for file in report.files {
            guard let place = trial.affected[file.file] else {
                #expect(file.errors.isEmpty)
                continue
            }
            let error = try #require(file.errors.first)
            #expect(error.severity == "error")
            #expect("\(error.file ?? ""):\(error.line ?? 0):\(error.column ?? 0)" == place)
        }
    }

    @Test(arguments: Trial.all)
    func sarifHasAResultPerAffectedFile(_ trial: Trial) throws {
        let folder = try trial.project()
        let run = try Rulecheck.run(["specs", "--format", "sarif"], in: folder.url)
        #expect(run.status == 2)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        let errors = results.filter {
            $0["level"] as? String == "error" && $0["ruleId"] as? String != "rulecheck/failed-case"
        }
        #expect(errors.count >= trial.errors)
        for (file, place) in trial.affected {
            let found = errors.contains { result in
                let text = (result["message"] as? [String: Any])?["text"] as? String ?? ""
                let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
                let uri = (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
                let line = (location?["region"] as? [String: Any])?["startLine"] as? Int
                return text.hasPrefix("\(file): ")
                    && "\(uri ?? ""):\(line ?? 0)" == place.split(separator: ":").prefix(2).joined(separator: ":")
            }
            #expect(found, "no SARIF result for \(file) at \(place)")
        }
        let failures = results.filter { $0["ruleId"] as? String == "rulecheck/failed-case" }
        #expect(failures.count == trial.failed)
    }
}
