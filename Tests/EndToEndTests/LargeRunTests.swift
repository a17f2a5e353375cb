import Foundation
import RuleTestSupport
import Testing

/// Runs of the built `rulecheck` on generated spec files large enough to be killed mid-write, and to
/// validate on every core.
@Suite struct LargeRunTests {
    static let rules = "rulecheck: 1\ntypes:\n  Code: { normalize: [trim], checks: [ { length: { max: 5 } } ] }\n"

    /// A spec file of `count` cases of `Code` (a multiple of 20, or below), one in ten of them failing:
    /// too long once trimmed.
    static func spec(cases count: Int) -> String {
        let block = (0..<min(count, 20)).map {
            "    - { in: \" c\($0 % 10 == 0 ? "xxxxx" : "")\($0) \", valid: true }\n"
        }.joined()
        return "rulecheck: 1\ncases:\n  Code:\n" + String(repeating: block, count: max(count / 20, 1))
    }

    static let previous = "<?xml version=\"1.0\"?>\n<testsuites name=\"the previous run\"/>\n"

    struct KillCase: Sendable, CustomTestStringConvertible {
        var format: String
        /// How much of the report the temporary file holds when the run is killed.
        var written: Int
        /// How the next, complete report starts.
        var start: String
        var testDescription: String { "--format \(format), killed with \(written)+ bytes written" }
    }

    /// The temporary files a run writes its report to, beside `report.xml`.
    static func temporaries(in folder: TemporaryFolder) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []
        return names.filter { $0.hasPrefix(".report.xml.") && $0.hasSuffix(".tmp") }.map {
            folder.url.appendingPathComponent($0)
        }
    }

    @Test(
        "a run killed while it writes its report leaves the previous report whole, and the next run cleans up",
        arguments: [
            // NB: JUnit's root element carries the totals, so the document is written at the end: the run is
            // killed while its temporary file is still empty. TAP streams: it is killed with lines written.
            KillCase(format: "junit", written: 0, start: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"),
            KillCase(format: "tap", written: 1 << 16, start: "TAP version 13\n"),
        ])
    func killedMidWrite(_ c: KillCase) throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.rules, to: "rules/code.yaml")
        try folder.write(Self.spec(cases: 200_000), to: "specs/code.yaml")
        try folder.write(Self.previous, to: "report.xml")
        let arguments = ["test", "specs/code.yaml", "--format", c.format, "--output", "report.xml"]
        let process = Process()
        process.executableURL = Rulecheck.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder.url
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + .seconds(120)
        while Self.temporaries(in: folder).first.flatMap({ try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize })
            ?? -1
            < c.written, process.isRunning, ContinuousClock.now < deadline
        {
            Thread.sleep(forTimeInterval: 0.005)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the run ended before it could be killed")
        #expect(try folder.read("report.xml") == Self.previous)
        #expect(Self.temporaries(in: folder).count == 1)

        try folder.write(Self.spec(cases: 20), to: "specs/code.yaml")
        let next = try Rulecheck.run(arguments, in: folder.url)
        #expect(next.status == 1, "\(next.stderr)")
        #expect(next.stdout == "18 passed, 2 failed\n")
        #expect(try folder.read("report.xml").hasPrefix(c.start))
        #expect(Self.temporaries(in: folder) == [])
    }

    /// With more than one job, a file of a megabyte or more is parsed by libyaml on a thread of
    /// its own, its cases decoded on another and validated in shares: the report is the same.
    @Test func everyCoreGivesTheReportOfOne() throws {
        let folder = try TemporaryFolder()
        let spec = Self.spec(cases: 30_000)
        #expect(spec.utf8.count >= 1 << 20, "too small a file for libyaml's own thread")
        try folder.write(Self.rules, to: "rules/code.yaml")
        try folder.write(spec, to: "specs/code.yaml")
        let one = try Rulecheck.run(["specs", "--format", "json", "--jobs", "1"], in: folder.url)
        #expect(one.status == 1, "\(one.stderr)")
        #expect(one.stdout.hasSuffix("\"passed\": 27000, \"failed\": 3000, \"errors\": 0, \"skipped\": 0}\n"))
        for jobs in ["2", "8"] {
            let many = try Rulecheck.run(["specs", "--format", "json", "--jobs", jobs], in: folder.url)
            #expect(many.status == 1, "\(many.stderr)")
            #expect(many.stdout == one.stdout, "--jobs \(jobs)")
        }
    }
}
