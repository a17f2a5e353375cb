import Foundation
import FoundationXML
import RuleTestSupport
import Testing

/// `rulecheck diff OLD NEW --data FILE…` end to end: stored records in a temporary folder, validated
/// by both rule sets through the built binary.
@Suite struct DiffDataTests {
    /// OLD's rules; NEW's are these with `edits` applied.
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
        models:
          Item:
            fields:
              title: Title
              count: Count
              secret: Secret
        """

    /// NEW: titles of 1–3, counts from -5, secrets of 6 and more.
    static let newRules =
        rules
        .replacingOccurrences(of: "max: 5", with: "max: 3")
        .replacingOccurrences(of: "min: 0", with: "min: -5")
        .replacingOccurrences(of: "min: 4", with: "min: 6")

    static let records = """
        {"title": "Tea", "count": 1, "secret": "abcdef"}
        {"title": "Milk", "count": 2, "secret": "abcdef"}
        {"title": "Tea", "count": -1, "secret": "abcdef"}

        {"title": "Tea", "count": 1, "secret": "hunts"}
        {"title": "Egg", "count": 1, "secret": "abcd"}
        not json
        {"title": "", "count": 1, "secret": "abcdef"}
        {"title": "Bread!", "count": 1, "secret": "abcdef"}
        """

    /// A folder with OLD's rules in `old/`, NEW's in `new/`, and `files`, by name.
    static func folder(_ files: [String: String], new: String = newRules) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(rules, to: "old/item.yaml")
        try folder.write(new, to: "new/item.yaml")
        for (name, text) in files { try folder.write(text, to: name) }
        return folder
    }

    static func diff(_ arguments: [String], in folder: TemporaryFolder) throws -> RunResult {
        try Rulecheck.run(["diff", "old", "new"] + arguments + ["--jobs", "2"], in: folder.url)
    }

    static func data(_ run: RunResult) throws -> [String: Any] {
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return try #require(report["data"] as? [String: Any])
    }

    @Test("JSON Lines: the records that flip each way, by code and path, with file and line")
    func flips() throws {
        let folder = try Self.folder(["items.jsonl": Self.records])
        let run = try Self.diff(["--data", "items.jsonl", "--model", "Item", "--format", "json"], in: folder)
        #expect(run.status == 1, "\(run.stderr)")  // tightened, by --fail-on's default
        let data = try Self.data(run)
        #expect(data["records"] as? Int == 8)
        #expect(data["unreadable"] as? Int == 1)
        let old = try #require(data["old"] as? [String: Any])
        #expect(old["valid"] as? Int == 4)
        #expect(old["invalid"] as? Int == 3)
        #expect(old["codes"] as? [String: Int] == ["tooSmall": 1, "tooShort": 1, "tooLong": 1])
        let tightened = try #require(data["tightened"] as? [String: Any])
        #expect(tightened["records"] as? Int == 3)
        #expect(tightened["codes"] as? [String: Int] == ["tooLong": 1, "tooShort": 2])
        #expect(tightened["paths"] as? [String: Int] == ["title": 1, "secret": 2])
        let examples = try #require(tightened["examples"] as? [[String: Any]])
        let milk = try #require(examples.first { $0["code"] as? String == "tooLong" })
        #expect(milk["line"] as? Int == 2)
        #expect(milk["file"] as? String == "items.jsonl")
        #expect(milk["value"] as? String == "Milk")
        let secrets = examples.filter { $0["path"] as? String == "secret" }
        #expect(secrets.compactMap { $0["line"] as? Int } == [5, 6])
        #expect(secrets.allSatisfy { $0["value"] == nil })
        #expect(!run.stdout.contains("hunts"))
        let loosened = try #require(data["loosened"] as? [String: Any])
        #expect(loosened["records"] as? Int == 1)
        #expect(loosened["codes"] as? [String: Int] == ["tooSmall": 1])
        #expect((data["unreadableLines"] as? [[String: Any]])?.first?["line"] as? Int == 7)
    }

    @Test("CSV: a column for each field both models declare; a field NEW adds is absent without one")
    func csvFlips() throws {
        let new = Self.rules + "\n      note: Title\n"
        let csv = "title,count,secret\nTea,1,abcdef\n\"Tea, green\",1,abcdef\n"
        let folder = try Self.folder(["items.csv": csv], new: new)
        let run = try Self.diff(
            ["--data", "items.csv", "--model", "Item", "--format", "json", "--fail-on", "rejects-stored"], in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        let data = try Self.data(run)
        let old = try #require(data["old"] as? [String: Any])
        #expect(old["valid"] as? Int == 1)
        #expect(old["codes"] as? [String: Int] == ["tooLong": 1])
        let tightened = try #require(data["tightened"] as? [String: Any])
        #expect(tightened["records"] as? Int == 1)
        #expect(tightened["codes"] as? [String: Int] == ["required": 1])
        #expect(tightened["paths"] as? [String: Int] == ["note": 1])
        let recoded = try #require(data["recoded"] as? [String: Any])
        #expect(recoded["records"] as? Int == 1)
    }

    @Test("the human report: the counts under both sides and each way records flip, beside the changes")
    func human() throws {
        let folder = try Self.folder(["items.jsonl": Self.records])
        let run = try Self.diff(["--data", "items.jsonl", "--model", "Item", "--fail-on", "none"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("type Title: tightened"))
        #expect(run.stdout.contains("stored records of 1 file as 'Item': 8 records, 1 unreadable\n"))
        #expect(run.stdout.contains("  OLD: 4 valid, 3 invalid\n  NEW: 2 valid, 5 invalid\n"))
        #expect(run.stdout.contains("  tightened: 3 records valid under OLD, invalid under NEW\n"))
        #expect(run.stdout.contains("  items.jsonl:2: title: tooLong (value \"Milk\")\n"))
        #expect(run.stdout.contains("  items.jsonl:5: secret: tooShort\n"))
        #expect(!run.stdout.contains("hunts"))
    }

    @Test("JUnit: the changes' suite and a failing testcase per code of the records NEW rejects")
    func junit() throws {
        let folder = try Self.folder(["items.jsonl": Self.records])
        let run = try Self.diff(
            ["--data", "items.jsonl", "--model", "Item", "--format", "junit", "--fail-on", "rejects-stored"],
            in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        let root = try #require(try XMLDocument(data: Data(run.stdout.utf8)).rootElement())
        let names = try root.nodes(forXPath: "//testcase[failure]/@name").compactMap(\.stringValue)
        #expect(Set(names) == ["tightened: tooLong", "tightened: tooShort"])
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        #expect(!run.stdout.contains("hunts"))
    }

    @Test(
        "each report names the data files that could not be read, as audit's do",
        arguments: ["human", "markdown", "json", "junit"])
    func unreadFiles(format: String) throws {
        let folder = try Self.folder(["items.jsonl": Self.records, "items.csv": "title,count\nTea,1\n"])
        let run = try Self.diff(
            [
                "--data", "items.jsonl", "missing.jsonl", "items.csv", "--model", "Item", "--fail-on", "none",
                "--format", format,
            ], in: folder)
        #expect(run.status == 2, "\(run.stderr)")
        let missing = "cannot read 'missing.jsonl': No such file or directory"
        let noColumn = "no column 'secret' for the field of model 'Item'"
        switch format {
        case "human":
            #expect(run.stdout.contains("\nfiles not read:\n  missing.jsonl: \(missing)\n  items.csv: \(noColumn)"))
        case "markdown":
            #expect(run.stdout.contains("**not read**:\n\n- `missing.jsonl`: \(missing)\n- `items.csv`: \(noColumn)"))
        case "json":
            let unread = try #require(try Self.data(run)["unreadFiles"] as? [[String: String]])
            #expect(unread.map { $0["file"] } == ["missing.jsonl", "items.csv"])
            #expect(unread.first?["message"] == missing)
        default:
            let root = try #require(try XMLDocument(data: Data(run.stdout.utf8)).rootElement())
            let names = try root.nodes(forXPath: "//testcase[error]/@name").compactMap(\.stringValue)
            #expect(names == ["missing.jsonl", "items.csv"])
        }
    }

    struct ExitCase: CustomTestStringConvertible, Sendable {
        let name: String
        let files: [String: String]
        let arguments: [String]
        let status: Int32
        let stderr: String
        var new: String = DiffDataTests.newRules
        var testDescription: String { name }
    }

    @Test(
        "exit codes and wrong input",
        arguments: [
            ExitCase(
                name: "rejects-stored: 3 records rejected, none allowed", files: ["a.jsonl": records],
                arguments: ["--data", "a.jsonl", "--model", "Item", "--fail-on", "rejects-stored"], status: 1,
                stderr: ""),
            ExitCase(
                name: "rejects-stored within --max-rejects", files: ["a.jsonl": records],
                arguments: [
                    "--data", "a.jsonl", "--model", "Item", "--fail-on", "rejects-stored", "--max-rejects", "3",
                ], status: 0, stderr: ""),
            ExitCase(
                name: "rejects-stored above --max-rejects", files: ["a.jsonl": records],
                arguments: [
                    "--data", "a.jsonl", "--model", "Item", "--fail-on", "rejects-stored", "--max-rejects", "2",
                ], status: 1, stderr: ""),
            ExitCase(
                name: "a type", files: ["a.jsonl": "\"Tea\"\n\"Milk\"\n"],
                arguments: ["--data", "a.jsonl", "--type", "Title", "--fail-on", "rejects-stored"], status: 1,
                stderr: ""),
            ExitCase(
                name: "a data file that does not exist", files: ["a.jsonl": records],
                arguments: ["--data", "a.jsonl", "missing.jsonl", "--model", "Item", "--fail-on", "none"], status: 2,
                stderr: "error: cannot read 'missing.jsonl': No such file or directory"),
            ExitCase(
                name: "nothing but bad lines", files: ["a.jsonl": "nope\n[1]\n"],
                arguments: ["--data", "a.jsonl", "--model", "Item", "--fail-on", "none"], status: 2,
                stderr: "error: --data: no stored record could be read"),
            ExitCase(
                name: "a CSV file without a column both models declare", files: ["a.csv": "title,count\nTea,1\n"],
                arguments: ["--data", "a.csv", "--model", "Item", "--fail-on", "none"], status: 2,
                stderr: "a.csv:1:1: error: no column 'secret' for the field of model 'Item'"),
            ExitCase(
                name: "the model missing in NEW", files: ["a.jsonl": records],
                arguments: ["--data", "a.jsonl", "--model", "Item"], status: 2,
                stderr: "error: --data: NEW 'new' declares no model 'Item'",
                new: rules.replacingOccurrences(of: "  Item:", with: "  Thing:")),
            ExitCase(
                name: "a type named as a model", files: ["a.jsonl": records],
                arguments: ["--data", "a.jsonl", "--model", "Title"], status: 2,
                stderr: "error: --data: OLD 'old' declares no model 'Title'"),
            ExitCase(
                name: "--data without --model", files: ["a.jsonl": records], arguments: ["--data", "a.jsonl"],
                status: 2, stderr: "--data needs either --model or --type"),
            ExitCase(
                name: "rejects-stored without --data", files: [:], arguments: ["--fail-on", "rejects-stored"],
                status: 2, stderr: "--fail-on rejects-stored needs --data FILE…"),
            ExitCase(
                name: "--max-rejects without rejects-stored", files: ["a.jsonl": records],
                arguments: ["--data", "a.jsonl", "--model", "Item", "--max-rejects", "3"], status: 2,
                stderr: "--max-rejects applies to --fail-on rejects-stored; add it"),
        ])
    func exitCodes(_ test: ExitCase) throws {
        let folder = try Self.folder(test.files, new: test.new)
        let run = try Self.diff(test.arguments, in: folder)
        #expect(run.status == test.status, "\(run.stderr)")
        if test.stderr.isEmpty {
            #expect(run.stderr.isEmpty, "\(run.stderr)")
        } else {
            #expect(run.stderr.contains(test.stderr), "\(run.stderr)")
        }
    }
}
