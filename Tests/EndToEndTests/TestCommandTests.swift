import Foundation
import FoundationXML
import RuleTestSupport
import Testing

/// Runs the built `rulecheck` on rules and specs written into a temporary folder.
@Suite struct TestCommandTests {
    static let rules = """
        rulecheck: 1
        types:
          TaskTitle:
            normalize: [trim]
            checks:
              - length: { min: 1, max: 20, code: { tooShort: titleTooShort, tooLong: titleTooLong } }
            messages:
              titleTooLong: { ja: "タイトルが長すぎます。" }
          TaskDueDate:
            type: date
            optional: true
            checks:
              - notBefore: today
        models:
          ToDoTask:
            fields:
              title: TaskTitle
              dueDate: TaskDueDate
        """

    static let specs = """
        rulecheck: 1
        today: 2026-11-22
        language: ja
        cases:
          TaskTitle:
            - { in: "  Buy milk  ", out: "Buy milk" }
            - { in: "   ", errors: [titleTooShort] }
            - { in: "123456789012345678901", errors: [titleTooLong], message: "タイトルが長すぎます。" }
          ToDoTask:
            - in: { title: " a ", dueDate: "2026-11-21" }
              errors: { dueDate: [tooEarly] }
        """

    func project(specs: String = specs, rules: String = rules) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(rules, to: "rules/task.yaml")
        try folder.write(specs, to: "specs/task.yaml")
        return folder
    }

    @Test func aPassingSuiteExitsZeroWithTheSummaryLast() throws {
        let folder = try project()
        let run = try Rulecheck.run(["specs/"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "specs/task.yaml: 4 passed, 0 failed\n4 passed, 0 failed\n")
        #expect(run.stderr.isEmpty)
    }

    @Test func theDefaultPathIsSpecsAndTheSubcommandIsOptional() throws {
        let folder = try project()
        #expect(try Rulecheck.run([], in: folder.url).stdout.hasSuffix("4 passed, 0 failed\n"))
        #expect(try Rulecheck.run(["test"], in: folder.url).status == 0)
    }

    @Test func aChangedExpectationFailsAndNamesTheCase() throws {
        let folder = try project(
            specs: Self.specs.replacingOccurrences(of: "out: \"Buy milk\"", with: "out: \"Buy bread\""))
        let run = try Rulecheck.run(["specs"], in: folder.url)
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "specs/task.yaml:6:7: TaskTitle: in \"  Buy milk  \": expected out \"Buy bread\", got valid \"Buy milk\"\n"
            ))
        #expect(run.stdout.hasSuffix("3 passed, 1 failed\n"))
    }

    @Test func aWrongMessageFails() throws {
        let folder = try project(
            specs: Self.specs.replacingOccurrences(of: "message: \"タイトルが長すぎます。\"", with: "message: \"長い\""))
        let run = try Rulecheck.run(["specs"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout.contains("expected message \"長い\", got message \"タイトルが長すぎます。\""))
    }

    @Test func junitReportIsWellFormedWithTheRightCounts() throws {
        let folder = try project(
            specs: Self.specs.replacingOccurrences(of: "errors: [titleTooShort]", with: "errors: [tooShort]"))
        let run = try Rulecheck.run(["specs", "--format", "junit", "--output", "report.xml"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout == "3 passed, 1 failed\n")
        let document = try XMLDocument(contentsOf: folder.url.appendingPathComponent("report.xml"))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "4")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        let suite = try #require(root.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "name")?.stringValue == "specs/task.yaml")
        let cases = suite.elements(forName: "testcase")
        #expect(cases.count == 4)
        let failed = try #require(cases.first { !$0.elements(forName: "failure").isEmpty })
        #expect(failed.attribute(forName: "line")?.stringValue == "7")
        #expect(
            failed.elements(forName: "failure").first?.stringValue?.hasPrefix("specs/task.yaml:7:7: TaskTitle") == true)
    }

    /// Every file's cases in its own suite, in order, with its counts, and text XML must escape
    /// (`<`, `&`, `"`, a tab, U+FFFE) read back as written, or as U+FFFD where XML 1.0 forbids it.
    @Test func junitSuitesHoldTheirOwnCasesEscaped() throws {
        let folder = try project()
        try folder.write(
            """
            rulecheck: 1
            rules: ../rules
            today: 2026-11-22
            cases:
              TaskTitle:
                - { in: "a<b & \\"c\\"", out: "a<b & \\"c\\"" }
                - { name: "tab\\there", in: "x", out: "x" }
                - { name: "odd\\uFFFE", in: "y", out: "y" }
                - { in: "", errors: [tooShort] }
            """, to: "specs/more.yaml")
        let run = try Rulecheck.run(["specs", "--format", "junit", "--output", "report.xml"], in: folder.url)
        #expect(run.status == 1, "\(run.stderr)")
        let document = try XMLDocument(contentsOf: folder.url.appendingPathComponent("report.xml"))
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "tests")?.stringValue == "8")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        let suites = root.elements(forName: "testsuite")
        #expect(
            suites.compactMap { $0.attribute(forName: "name")?.stringValue } == ["specs/more.yaml", "specs/task.yaml"])
        let names = suites.map { suite in
            suite.elements(forName: "testcase").compactMap { $0.attribute(forName: "name")?.stringValue }
        }
        #expect(
            names == [
                [
                    "TaskTitle: in \"a<b & \\\"c\\\"\"", "TaskTitle: tab\there", "TaskTitle: odd\u{FFFD}",
                    "TaskTitle: in \"\"",
                ],
                [
                    "TaskTitle: in \"  Buy milk  \"", "TaskTitle: in \"   \"",
                    "TaskTitle: in \"123456789012345678901\"",
                    "ToDoTask: in {title: \" a \", dueDate: \"2026-11-21\"}",
                ],
            ])
        #expect(suites.map { $0.attribute(forName: "failures")?.stringValue } == ["1", "0"])
        #expect(suites[0].elements(forName: "testcase")[3].elements(forName: "failure").count == 1)
        #expect(
            suites[1].elements(forName: "testcase").allSatisfy {
                $0.attribute(forName: "classname")?.stringValue == "specs.task"
            })
    }

    struct JSONReport: Decodable {
        struct File: Decodable {
            struct Failure: Decodable {
                var line: Int; var column: Int; var type: String; var expected: Side; var actual: Side;
                var message: String
            }
            struct Side: Decodable, Equatable { var errors: [String: [String]]?; var out: String? }
            var file: String
            var passed: Int
            var failed: Int
            var failures: [Failure]
        }
        var passed: Int
        var failed: Int
        var files: [File]
    }

    @Test func jsonReportDecodes() throws {
        let folder = try project(specs: Self.specs.replacingOccurrences(of: "[tooEarly]", with: "[tooLate]"))
        let run = try Rulecheck.run(["specs", "--format", "json"], in: folder.url)
        #expect(run.status == 1)
        let report = try JSONDecoder().decode(JSONReport.self, from: Data(run.stdout.utf8))
        #expect((report.passed, report.failed) == (3, 1))
        let failure = try #require(report.files.first?.failures.first)
        #expect((failure.line, failure.column, failure.type) == (10, 7, "ToDoTask"))
        #expect(failure.expected == .init(errors: ["dueDate": ["tooLate"]]))
        #expect(failure.actual == .init(errors: ["dueDate": ["tooEarly"]]))
        #expect(failure.message == "expected errors {dueDate: [tooLate]}, got errors {dueDate: [tooEarly]}")
    }

    @Test func tapReportHasAPlanAndOneLinePerCase() throws {
        let folder = try project()
        let run = try Rulecheck.run(["specs", "--format", "tap"], in: folder.url)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first == "TAP version 13" && lines.last == "1..4")
        #expect(lines.filter { $0.hasPrefix("ok ") }.count == 4)
    }

    @Test func shardsTogetherRunEveryCaseOnce() throws {
        let folder = try project()
        let counts = try (1...3).map { k in
            let run = try Rulecheck.run(["specs", "--shard", "\(k)/3", "--format", "json"], in: folder.url)
            return try JSONDecoder().decode(JSONReport.self, from: Data(run.stdout.utf8)).passed
        }
        #expect(counts.reduce(0, +) == 4)
    }

    @Test func filterSelectsATypeOrACaseName() throws {
        let folder = try project()
        #expect(
            try Rulecheck.run(["specs", "--filter", "ToDoTask"], in: folder.url).stdout.hasSuffix(
                "1 passed, 0 failed\n"))
        let none = try Rulecheck.run(["specs", "--filter", "Nothing"], in: folder.url)
        #expect(none.status == 2 && none.stderr == "rulecheck: error: no case matches the filter 'Nothing'\n")
    }

    struct FilterCase: CustomTestStringConvertible, Sendable {
        var filters: [String]
        var passed: Int
        var testDescription: String { filters.joined(separator: " + ") }
    }

    @Test(arguments: [
        FilterCase(filters: ["ToDoTask"], passed: 1),
        FilterCase(filters: ["TaskTitle"], passed: 3),
        FilterCase(filters: ["TaskTitle: in \"   \""], passed: 1),
        FilterCase(filters: ["in \"  Buy milk  \""], passed: 1),
        FilterCase(filters: ["ToDoTask", "TaskTitle: in \"   \""], passed: 2),
        FilterCase(filters: ["ToDoTask", "ToDoTask"], passed: 1),
    ])
    func filtersRepeatAndMatchPrintedLabels(_ c: FilterCase) throws {
        let folder = try project()
        let run = try Rulecheck.run(["specs"] + c.filters.flatMap { ["--filter", $0] }, in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("\(c.passed) passed, 0 failed\n"))
    }

    struct TodayCase: CustomTestStringConvertible, Sendable {
        var label: String
        var specs: String
        var notes: Bool
        var testDescription: String { label }
    }

    @Test(arguments: [
        TodayCase(label: "with today:", specs: specs, notes: false),
        TodayCase(
            label: "no today: and a date check", specs: specs.replacingOccurrences(of: "today: 2026-11-22\n", with: ""),
            notes: true),
        TodayCase(
            label: "no today: and no date check",
            specs: "rulecheck: 1\ncases:\n  TaskTitle:\n    - { in: a, out: a }\n", notes: false),
    ])
    func aSpecWithoutTodaySaysWhichDateItUsed(_ c: TodayCase) throws {
        let folder = try project(specs: c.specs)
        let run = try Rulecheck.run(["specs", "--filter", "ToDoTask", "--filter", "TaskTitle"], in: folder.url)
        let note = run.stderr.split(separator: "\n").first { $0.contains(": note: no 'today:' in the spec file") }
        #expect((note != nil) == c.notes, "\(run.stderr)")
        if let note {
            #expect(note.hasPrefix("specs/task.yaml:1:1: note: "))
            #expect(note.wholeMatch(of: /.*used the clock's date, (\d{4}-\d\d-\d\d); add 'today: \1' .*/) != nil)
        }
    }

    @Test func failFastStopsAtTheFirstFailure() throws {
        let folder = try project(
            specs: Self.specs.replacingOccurrences(of: "[titleTooShort]", with: "[x]").replacingOccurrences(
                of: "[tooEarly]", with: "[y]"))
        let run = try Rulecheck.run(["specs", "--fail-fast"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout.hasSuffix("1 passed, 1 failed\n"))
    }
}

extension TestCommandTests {
    /// Enough cases for several batches, read ahead on another thread: the failures come out in
    /// file order, the same with one job as with two.
    @Test func failuresComeOutInFileOrderWhateverTheJobs() throws {
        var lines = ["rulecheck: 1", "cases:", "  TaskTitle:"]
        for index in 0..<5000 {
            // NB: every 997th case expects the wrong code, so failures fall into different batches.
            lines.append(
                index % 997 == 0 ? "    - { in: \"\", errors: [wrong] }" : "    - { in: \"t\(index)\", valid: true }")
        }
        let folder = try project(specs: lines.joined(separator: "\n") + "\n")
        let one = try Rulecheck.run(["specs", "--jobs", "1"], in: folder.url)
        let two = try Rulecheck.run(["specs", "--jobs", "2"], in: folder.url)
        #expect(one.status == 1 && two.status == 1)
        #expect(one.stdout == two.stdout)
        let failedLines = two.stdout.split(separator: "\n").filter { $0.contains(": TaskTitle: ") }
            .compactMap { Int($0.split(separator: ":")[1]) }
        #expect(failedLines == stride(from: 0, to: 5000, by: 997).map { $0 + 4 })
        #expect(two.stdout.hasSuffix("4994 passed, 6 failed\n"))
    }
}
