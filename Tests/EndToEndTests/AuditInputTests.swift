import Foundation
import RuleTestSupport
import Testing

/// `rulecheck audit` on gzip files and folders, end to end through the built binary.
@Suite struct AuditInputTests {
    static let good = #"{"title": "Tea", "count": 1, "secret": "abcd"}"#
    static let bad = #"{"title": "Much too long", "count": 1, "secret": "abcd"}"#

    /// Runs `sh -c script` in `folder`: gzip, cat.
    static func shell(_ script: String, in folder: TemporaryFolder) throws {
        let run = try Subprocess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: folder.url)
        try #require(run.status == 0, "\(run.stderr)")
    }

    static func report(_ arguments: [String], in folder: TemporaryFolder) throws -> (RunResult, [String: Any]) {
        let run = try AuditCommandTests.audit(arguments + ["--model", "Item", "--format", "json"], in: folder)
        return (run, try AuditCommandTests.json(run))
    }

    @Test("a .jsonl.gz file counts as the plain file does, its lines as the plain file's")
    func gzipJSONLines() throws {
        let folder = try AuditCommandTests.folder(["items.jsonl": AuditCommandTests.jsonLines])
        try Self.shell("gzip -k items.jsonl", in: folder)
        let (_, plain) = try Self.report(["items.jsonl"], in: folder)
        let (run, zipped) = try Self.report(["items.jsonl.gz"], in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(zipped["records"] as? Int == 6)
        for key in ["valid", "invalid", "unreadable", "codes", "paths", "unreadableReasons"] {
            #expect(zipped[key] as? NSObject == plain[key] as? NSObject, "\(key)")
        }
        let lines = (zipped["examples"] as? [[String: Any]])?.compactMap { $0["line"] as? Int }
        #expect(lines == (plain["examples"] as? [[String: Any]])?.compactMap { $0["line"] as? Int })
    }

    @Test("a .csv.gz file is CSV; members written one after another read as one stream")
    func gzipCSVAndMembers() throws {
        let folder = try AuditCommandTests.folder([
            "head.csv": "title,count,secret,done\nTea,1,abcd,\n", "tail.csv": "Much too long,1,abcd,\n",
        ])
        try Self.shell("gzip -k head.csv tail.csv && cat head.csv.gz tail.csv.gz > items.csv.gz", in: folder)
        let (run, report) = try Self.report(["items.csv.gz"], in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(report["valid"] as? Int == 1)
        #expect(report["invalid"] as? Int == 1)
        #expect((report["examples"] as? [[String: Any]])?.first?["line"] as? Int == 3)
    }

    @Test("a big .jsonl.gz file, many chunks of output each way")
    func gzipLarge() throws {
        let lines = (0..<60_000).map { $0 % 1000 == 999 ? Self.bad : Self.good }
        let folder = try AuditCommandTests.folder(["big.jsonl": lines.joined(separator: "\n") + "\n"])
        try Self.shell("gzip big.jsonl", in: folder)
        let (run, report) = try Self.report(["big.jsonl.gz"], in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(report["records"] as? Int == 60_000)
        #expect(report["invalid"] as? Int == 60)
        #expect((report["examples"] as? [[String: Any]])?.first?["line"] as? Int == 1000)
    }

    struct BadGzip: CustomTestStringConvertible, Sendable {
        let name: String
        /// The bytes of `a.jsonl.gz`, from those of the gzip of `good` lines.
        let bytes: @Sendable (Data) -> Data
        let status: Int32
        let stderr: String
        var testDescription: String { name }
    }

    @Test(
        "a gzip file that is not gzip, cut short or empty",
        arguments: [
            BadGzip(
                name: "not gzip", bytes: { _ in Data(AuditInputTests.good.utf8) }, status: 2,
                stderr: "error: cannot read 'a.jsonl.gz': not gzip data, or damaged: incorrect header check"),
            BadGzip(
                name: "cut short", bytes: { $0.prefix($0.count - 12) }, status: 2,
                stderr: "error: cannot read 'a.jsonl.gz': the gzip data ends inside a member; it is cut short"),
            BadGzip(
                name: "empty", bytes: { _ in Data() }, status: 2,
                stderr: "a.jsonl.gz:1:1: warning: 'a.jsonl.gz' is empty: no records"),
        ])
    func badGzip(_ test: BadGzip) throws {
        let folder = try AuditCommandTests.folder([
            "a.jsonl": Array(repeating: Self.good, count: 50).joined(separator: "\n")
        ])
        try Self.shell("gzip a.jsonl", in: folder)
        let file = folder.url.appendingPathComponent("a.jsonl.gz")
        try test.bytes(try Data(contentsOf: file)).write(to: file)
        let run = try AuditCommandTests.audit(["a.jsonl.gz", "--model", "Item"], in: folder)
        #expect(run.status == test.status, "\(run.stderr)")
        #expect(run.stderr.contains(test.stderr), "\(run.stderr)")
    }

    @Test("a folder reads its record files and its subfolders', sorted, skipping _ and . names and others")
    func folder() throws {
        let folder = try AuditCommandTests.folder([
            "data/b.jsonl": Self.good, "data/a.csv": "title,count,secret,done\nTea,1,abcd,true\n",
            "data/sub/c.ndjson": Self.bad, "data/_SUCCESS": "", "data/.hidden.jsonl": "nope",
            "data/notes.txt": "nope", "data/_temporary/d.jsonl": "nope", "data/e.jsonl": Self.good,
        ])
        try Self.shell("gzip data/e.jsonl", in: folder)
        let (run, report) = try Self.report(["data"], in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        let files = (report["files"] as? [[String: Any]])?.compactMap { $0["file"] as? String }
        #expect(files == ["data/a.csv", "data/b.jsonl", "data/e.jsonl.gz", "data/sub/c.ndjson"])
        #expect(report["valid"] as? Int == 3)
        #expect(report["invalid"] as? Int == 1)
        #expect(report["unreadable"] as? Int == 0)
    }

    @Test("a folder without a record file: an error naming it, exit 2")
    func emptyFolder() throws {
        let folder = try AuditCommandTests.folder(["data/notes.txt": "x", "a.jsonl": Self.good])
        let run = try AuditCommandTests.audit(["a.jsonl", "data", "--model", "Item"], in: folder)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("error: cannot read 'data': a folder with no record file (.jsonl, .ndjson, .csv"))
    }
}
