import Foundation
import RuleSpec
import RuleTestSupport
import Testing

@Suite struct ReportOutputTests {
    static let host: String = {
        var name = [CChar](repeating: 0, count: 256)
        _ = gethostname(&name, name.count - 1)
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// The id of a process that has ended.
    static let endedProcess: Int32 = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try! process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }()

    struct LeftOver: Sendable, CustomTestStringConvertible {
        var name: String
        var removed: Bool
        var why: String
        var testDescription: String { why }
    }

    @Test(
        "opening a report removes the temporary files of ended runs on this host, and nothing else",
        arguments: [
            LeftOver(name: ".report.xml.\(host).\(endedProcess).tmp", removed: true, why: "a killed run's file"),
            LeftOver(name: ".report.xml.\(host).1.tmp", removed: false, why: "a running process's file"),
            LeftOver(name: ".report.xml.elsewhere.\(endedProcess).tmp", removed: false, why: "another host's file"),
            LeftOver(name: ".other.xml.\(host).\(endedProcess).tmp", removed: false, why: "another report's file"),
            LeftOver(name: ".report.xml.\(host).x.tmp", removed: false, why: "a file named otherwise"),
        ])
    func removesStaleTemporaries(_ c: LeftOver) throws {
        let folder = try TemporaryFolder()
        try folder.write("half a report", to: c.name)
        let output = try ReportOutput.file(folder.url.appendingPathComponent("report.xml").path)
        output.write("<testsuites/>\n")
        try output.close()
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(c.name).path) == !c.removed)
        #expect(try folder.read("report.xml") == "<testsuites/>\n")
    }
}
