import Foundation
import FoundationXML
import RuleTestSupport
import Testing

/// `rulecheck audit` end to end: stored records in a temporary folder, audited by the built binary.
@Suite struct AuditCommandTests {
    static let rules = """
        rulecheck: 1.2
        types:
          Title:
            normalize: [trim]
            checks:
              - length: { min: 1, max: 5 }
          Count:
            type: integer
            checks:
              - range: { min: 0 }
          Secret:
            sensitive: true
            checks:
              - length: { min: 4 }
          Done:
            type: boolean
            optional: true
        models:
          Item:
            fields:
              title: Title
              count: Count
              secret: Secret
              done: Done
        """

    /// A folder with the rules and `files`, by name.
    static func folder(_ files: [String: String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(rules, to: "rules/item.yaml")
        for (name, text) in files { try folder.write(text, to: name) }
        return folder
    }

    static func audit(_ arguments: [String], in folder: TemporaryFolder) throws -> RunResult {
        try Rulecheck.run(["audit"] + arguments + ["--rules", "rules", "--jobs", "2"], in: folder.url)
    }

    static func json(_ run: RunResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    static let jsonLines = """
        {"title": "Milk", "count": 2, "secret": "hunter22"}
        {"title": "Bread and butter", "count": -1, "secret": "abc"}

        {"title": "Eggs", "count": "3", "secret": "abcd", "done": true}
        not json
        [1, 2]
        {"title": "Tea", "count": 1, "secret": "abcdef", "done": false}
        """

    @Test("JSON Lines: counts by code and path, examples with file and line, sensitive values hidden")
    func jsonLinesReport() throws {
        let folder = try Self.folder(["items.jsonl": Self.jsonLines])
        let run = try Self.audit(["items.jsonl", "--model", "Item", "--format", "json"], in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        let report = try Self.json(run)
        #expect(report["records"] as? Int == 6)
        #expect(report["valid"] as? Int == 2)
        #expect(report["invalid"] as? Int == 2)
        #expect(report["unreadable"] as? Int == 2)
        #expect(report["codes"] as? [String: Int] == ["tooLong": 1, "tooSmall": 1, "tooShort": 1, "invalidFormat": 1])
        #expect(report["paths"] as? [String: Int] == ["title": 1, "count": 2, "secret": 1])
        #expect(report["unreadableReasons"] as? [String: Int] == ["notJSON": 1, "notObject": 1])
        let examples = try #require(report["examples"] as? [[String: Any]])
        let secret = try #require(examples.first { $0["path"] as? String == "secret" })
        #expect(secret["line"] as? Int == 2)
        #expect(secret["file"] as? String == "items.jsonl")
        #expect(secret["value"] == nil)
        #expect(!run.stdout.contains("\"abc\""))
        let title = try #require(examples.first { $0["path"] as? String == "title" })
        #expect(title["value"] as? String == "Bread and butter")
        let lines = try #require(report["unreadableLines"] as? [[String: Any]])
        #expect(lines.compactMap { $0["line"] as? Int }.sorted() == [5, 6])
    }

    @Test("CSV: each cell read by its field's type, an empty cell absent, quoted cells")
    func csvReport() throws {
        let csv =
            "title,count,secret,done,extra\r\nMilk,2,hunter22,,x\r\n\"Tea, green\",1,abcdef,true,\r\n"
            + "Eggs,three,abcd,yes,\r\n\"Multi\nline title\",1,abcdef,false,\r\nMilk,2\r\n"
        let folder = try Self.folder(["items.csv": csv])
        let run = try Self.audit(["items.csv", "--model", "Item", "--format", "json"], in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        let report = try Self.json(run)
        #expect(report["records"] as? Int == 5)
        #expect(report["valid"] as? Int == 1)
        #expect(report["invalid"] as? Int == 3)
        #expect(report["codes"] as? [String: Int] == ["tooLong": 2, "invalidFormat": 1])
        #expect(report["paths"] as? [String: Int] == ["title": 2, "count": 1, "done": 1])
        #expect(report["unreadableReasons"] as? [String: Int] == ["wrongCellCount": 1])
        let lines = try #require(report["unreadableLines"] as? [[String: Any]])
        #expect(lines.first?["line"] as? Int == 7)
    }

    @Test("a CSV file without a column of the model: a diagnostic naming it, exit 2")
    func missingColumn() throws {
        let folder = try Self.folder(["items.csv": "title,count,done\nMilk,2,true\n"])
        let run = try Self.audit(["items.csv", "--model", "Item"], in: folder)
        #expect(run.status == 2)
        #expect(run.stderr.contains("items.csv:1:1: error: no column 'secret' for the field of model 'Item'"))
    }

    @Test(
        "each report names the files that could not be read, beside the files that were",
        arguments: ["human", "json", "junit"])
    func unreadFiles(format: String) throws {
        let folder = try Self.folder([
            "items.jsonl": Self.jsonLines, "items.csv": "title,count\nMilk,2\n", "empty/.keep": "",
        ])
        let run = try Self.audit(
            ["items.jsonl", "missing.jsonl", "items.csv", "empty", "--model", "Item", "--format", format], in: folder)
        #expect(run.status == 2, "\(run.stderr)")
        let missing = "cannot read 'missing.jsonl': No such file or directory"
        let noColumn = "no columns 'secret', 'done' for the fields of model 'Item'"
        let noRecordFile = "cannot read 'empty': a folder with no record file"
        switch format {
        case "human":
            #expect(run.stdout.contains("\nfiles not read:\n  empty: \(noRecordFile)"))
            #expect(run.stdout.contains("\n  missing.jsonl: \(missing)\n  items.csv: \(noColumn)"))
        case "json":
            let unread = try #require(try Self.json(run)["unreadFiles"] as? [[String: String]])
            #expect(unread.map { $0["file"] } == ["empty", "missing.jsonl", "items.csv"])
            #expect(unread[1]["message"] == missing)
        default:
            let root = try #require(try XMLDocument(data: Data(run.stdout.utf8)).rootElement())
            let names = try root.nodes(forXPath: "//testcase[error]/@name").compactMap(\.stringValue)
            #expect(names == ["empty", "missing.jsonl", "items.csv"])
            #expect(root.attribute(forName: "errors")?.stringValue == "3")
        }
    }

    struct ExitCase: CustomTestStringConvertible, Sendable {
        let name: String
        let files: [String: String]
        let arguments: [String]
        let status: Int32
        let stderr: String
        var testDescription: String { name }
    }

    @Test(
        "exit codes",
        arguments: [
            ExitCase(
                name: "all valid", files: ["a.jsonl": #"{"title": "Tea", "count": 1, "secret": "abcd"}"#],
                arguments: ["a.jsonl"], status: 0, stderr: ""),
            ExitCase(
                name: "one invalid", files: ["a.jsonl": #"{"title": "", "count": 1, "secret": "abcd"}"#],
                arguments: ["a.jsonl"], status: 1, stderr: ""),
            ExitCase(
                name: "within --max-invalid",
                files: [
                    "a.jsonl": #"{"title": "", "count": 1, "secret": "abcd"}"# + "\n"
                        + #"{"title": "T", "count": 1, "secret": "abcd"}"#
                ],
                arguments: ["a.jsonl", "--max-invalid", "0.5"], status: 0, stderr: ""),
            ExitCase(
                name: "above --max-invalid",
                files: [
                    "a.jsonl": #"{"title": "", "count": 1, "secret": "abcd"}"# + "\n"
                        + #"{"title": "T", "count": 1, "secret": "abcd"}"#
                ],
                arguments: ["a.jsonl", "--max-invalid", "0.4"], status: 1, stderr: ""),
            ExitCase(
                name: "a file that does not exist",
                files: ["a.jsonl": #"{"title": "T", "count": 1, "secret": "abcd"}"#],
                arguments: ["a.jsonl", "missing.jsonl"], status: 2,
                stderr: "error: cannot read 'missing.jsonl': No such file or directory"),
            ExitCase(
                name: "an empty file only", files: ["a.jsonl": ""], arguments: ["a.jsonl"], status: 2,
                stderr: "a.jsonl:1:1: warning: 'a.jsonl' is empty: no records"),
            ExitCase(
                name: "nothing but bad lines", files: ["a.jsonl": "nope\n{\n"], arguments: ["a.jsonl"], status: 2,
                stderr: "error: no record could be read"),
            ExitCase(
                name: "an empty file beside a good one",
                files: ["a.jsonl": "", "b.jsonl": #"{"title": "T", "count": 1, "secret": "abcd"}"#],
                arguments: ["a.jsonl", "b.jsonl"], status: 0, stderr: "warning: 'a.jsonl' is empty"),
            ExitCase(
                name: "an unknown model", files: ["a.jsonl": "{}"], arguments: ["a.jsonl", "--model", "Itme"],
                status: 2, stderr: "unknown model 'Itme'"),
        ])
    func exitCodes(_ test: ExitCase) throws {
        let folder = try Self.folder(test.files)
        let model = test.arguments.contains("--model") ? [] : ["--model", "Item"]
        let run = try Self.audit(test.arguments + model, in: folder)
        #expect(run.status == test.status, "\(run.stderr)")
        if test.stderr.isEmpty {
            #expect(run.stderr.isEmpty, "\(run.stderr)")
        } else {
            #expect(run.stderr.contains(test.stderr), "\(run.stderr)")
        }
    }

    @Test("a line over the size limit is unreadable, with its line, and the next lines are read")
    func tooLongLine() throws {
        let long = #"{"title": ""# + String(repeating: "x", count: 5000) + #"", "count": 1, "secret": "abcd"}"#
        let lines = [
            #"{"title": "T", "count": 1, "secret": "abcd"}"#, long, #"{"title": "U", "count": 1, "secret": "abcd"}"#,
        ]
        let folder = try Self.folder(["a.jsonl": lines.joined(separator: "\n")])
        let run = try Self.audit(
            ["a.jsonl", "--model", "Item", "--format", "json", "--max-record-size", "1000"], in: folder)
        let report = try Self.json(run)
        #expect(report["valid"] as? Int == 2)
        #expect(report["unreadableReasons"] as? [String: Int] == ["tooLong": 1])
        #expect((report["unreadableLines"] as? [[String: Any]])?.first?["line"] as? Int == 2)
    }

    @Test("invalid UTF-8 is an unreadable line, never U+FFFD")
    func invalidUTF8() throws {
        let folder = try Self.folder([:])
        var bytes = Data(#"{"title": "T", "count": 1, "secret": "abcd"}"#.utf8 + [0x0A])
        bytes += Data(#"{"title": "T"#.utf8 + [0xFF] + Data(#"", "count": 1, "secret": "abcd"}"#.utf8))
        try bytes.write(to: folder.url.appendingPathComponent("a.jsonl"))
        let run = try Self.audit(["a.jsonl", "--model", "Item", "--format", "json"], in: folder)
        #expect(run.status == 1)
        let report = try Self.json(run)
        #expect(report["unreadableReasons"] as? [String: Int] == ["notJSON": 1])
    }

    @Test("JUnit: a failing testcase per code, read by an XML parser")
    func junit() throws {
        let folder = try Self.folder(["items.jsonl": Self.jsonLines])
        let run = try Self.audit(["items.jsonl", "--model", "Item", "--format", "junit"], in: folder)
        #expect(run.status == 1)
        let root = try #require(try XMLDocument(data: Data(run.stdout.utf8)).rootElement())
        #expect(root.attribute(forName: "failures")?.stringValue == "5")
        let names = try root.nodes(forXPath: "//testcase/@name").compactMap(\.stringValue)
        #expect(
            Set(names) == ["valid records", "tooLong", "tooSmall", "tooShort", "invalidFormat", "unreadable lines"])
        #expect(!run.stdout.contains("abc\""))
    }

    @Test("a type: each line one JSON value; the human report")
    func typeAudit() throws {
        let folder = try Self.folder(["titles.jsonl": "\"Tea\"\n\"Much too long\"\n12\n"])
        let run = try Self.audit(["titles.jsonl", "--type", "Title"], in: folder)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("audit of 1 file as 'Title': 3 records, 1 valid, 2 invalid, 0 unreadable\n"))
        #expect(run.stdout.contains("titles.jsonl:2: (value): tooLong (value \"Much too long\")"))
    }
}
