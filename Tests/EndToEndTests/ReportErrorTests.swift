import Foundation
import FoundationXML
import RuleTestSupport
import Testing

/// A spec file that cannot be used is an error in every report format, read back with real parsers.
@Suite struct ReportErrorTests {
    /// A spec file that cannot be used, and what its first diagnostic says.
    struct Unusable: CustomTestStringConvertible, Sendable {
        var label: String
        var bytes: [UInt8]
        var message: String
        var testDescription: String { label }

        static let all = [
            Unusable(
                label: "unknown type",
                bytes: Array("rulecheck: 1\ncases:\n  Nope:\n    - { in: a, valid: true }\n".utf8),
                message: "unknown type 'Nope'"),
            Unusable(
                label: "invalid UTF-8",
                bytes: Array("rulecheck: 1\ncases:\n  TaskTitle:\n    - { in: \"".utf8) + [0xFF, 0x22, 0x7D, 0x0A],
                message: "UTF-8"),
            Unusable(
                label: "YAML syntax", bytes: Array("rulecheck: 1\ncases:\n  TaskTitle: [\n".utf8),
                message: "while parsing"),
            Unusable(
                label: "no such rules", bytes: Array("rulecheck: 1\nrules: ../nowhere\ncases: {}\n".utf8),
                message: "no rule file or folder at"),
        ]
    }

    static let rules = "rulecheck: 1\ntypes:\n  TaskTitle:\n    checks:\n      - length: { min: 1, max: 3 }\n"
    static let good =
        "rulecheck: 1\ncases:\n  TaskTitle:\n    - { in: abc, out: abc }\n    - { in: abcd, errors: [tooShort] }\n"

    /// A folder with the unusable file `specs/bad.yaml` and `specs/good.yaml`: one pass, one failure.
    func project(_ bad: Unusable) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(Self.rules, to: "rules/task.yaml")
        try folder.write(Self.good, to: "specs/good.yaml")
        try Data(bad.bytes).write(to: folder.url.appendingPathComponent("specs/bad.yaml"))
        return folder
    }

    @Test(arguments: Unusable.all)
    func junitHasAnErrorTestcaseCounted(_ bad: Unusable) throws {
        let folder = try project(bad)
        let run = try Rulecheck.run(["specs", "--format", "junit"], in: folder.url)
        #expect(run.status == 2)
        let root = try #require(try XMLDocument(data: Data(run.stdout.utf8)).rootElement())
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        #expect(root.attribute(forName: "tests")?.stringValue == "3")
        let suite = try #require(
            root.elements(forName: "testsuite").first { $0.attribute(forName: "name")?.stringValue == "specs/bad.yaml" }
        )
        #expect(suite.attribute(forName: "errors")?.stringValue == "1")
        let cases = suite.elements(forName: "testcase")
        try #require(cases.count == 1)
        let errors = cases[0].elements(forName: "error")
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.attribute(forName: "message")?.stringValue?.isEmpty == false })
        #expect(errors.first?.attribute(forName: "message")?.stringValue?.contains(bad.message) == true)
    }

    @Test(arguments: Unusable.all)
    func tapHasANotOkLine(_ bad: Unusable) throws {
        let folder = try project(bad)
        let run = try Rulecheck.run(["specs", "--format", "tap"], in: folder.url)
        #expect(run.status == 2)
        let document = try TAPDocument(run.stdout)
        let errors = document.points.filter { $0.description.hasPrefix("specs/bad.yaml: ") }
        #expect(!errors.isEmpty && errors.allSatisfy { !$0.ok })
        #expect(errors.first?.description.contains(bad.message) == true)
        #expect(errors.first?.block.contains("severity: error") == true)
        #expect(document.points.filter(\.ok).count == 1)
    }

    struct JSONReport: Decodable {
        struct File: Decodable {
            var file: String
            var passed: Int
            var failed: Int
            var failures: [Failure]
            var errors: [Diagnostic]
        }
        struct Failure: Decodable {
            var line: Int
            var expected: Side
            var actual: Side
        }
        struct Side: Decodable, Equatable {
            var errors: [String: [String]]?
            var out: String?
            var valid: Bool?
            var value: String?
        }
        struct Diagnostic: Decodable {
            var severity: String
            var message: String
            var file: String?
            var line: Int?
            var column: Int?
        }
        var files: [File]
        var runErrors: [Diagnostic]
        var passed: Int
        var failed: Int
        var errors: Int
    }

    @Test(arguments: Unusable.all)
    func jsonHasAnErrorsArray(_ bad: Unusable) throws {
        let folder = try project(bad)
        let run = try Rulecheck.run(["specs", "--format", "json"], in: folder.url)
        #expect(run.status == 2)
        let report = try JSONDecoder().decode(JSONReport.self, from: Data(run.stdout.utf8))
        #expect((report.passed, report.failed) == (1, 1))
        let file = try #require(report.files.first { $0.file == "specs/bad.yaml" })
        #expect(file.errors.first?.severity == "error")
        #expect(file.errors.first?.message.contains(bad.message) == true)
        #expect(file.errors.allSatisfy { $0.file != nil && ($0.line ?? 0) >= 1 && ($0.column ?? 0) >= 1 })
        let failure = try #require(report.files.first { $0.file == "specs/good.yaml" }?.failures.first)
        #expect(failure.line == 5)
        #expect(failure.expected == JSONReport.Side(errors: ["": ["tooShort"]]))
        #expect(failure.actual == JSONReport.Side(errors: ["": ["tooLong"]]))
    }

    @Test func aRunWithNoSpecFilesIsAnErrorInTheReport() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.rules, to: "rules/task.yaml")
        try folder.write("", to: "specs/README")
        let run = try Rulecheck.run(["specs", "--format", "json"], in: folder.url)
        #expect(run.status == 2)
        let report = try JSONDecoder().decode(JSONReport.self, from: Data(run.stdout.utf8))
        #expect(report.runErrors.first?.message.hasPrefix("no spec files") == true)
        #expect(report.errors == 1)
        let junit = try Rulecheck.run(["specs", "--format", "junit"], in: folder.url)
        let root = try #require(try XMLDocument(data: Data(junit.stdout.utf8)).rootElement())
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
    }
}
