import Foundation
import RuleCore
import RuleYAML
import Testing

@testable import RuleSpec

/// A spec file is read through a read-only mapping, so that a million cases are never copied
/// into memory whole. Another program may truncate the file meanwhile: touching a page past its
/// new end raises SIGBUS, which killed `rulecheck`. Now the file is reported as changed, with the
/// cases read before the change kept, and nothing read after it used.
@Suite struct ShrinkingFileTests {
    static let caseCount = 20_000

    /// A spec file of `caseCount` cases, about 1 MB: far more than libyaml reads ahead.
    static func specFile() throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("shrinking-\(UUID().uuidString).yaml").path
        var text = "rulecheck: 1\nrules: rules\ncases:\n  Username:\n"
        for number in 0..<caseCount {
            text += "    - { in: \"name\(number % 1000)\", valid: true, name: case \(number) }\n"
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Reads every case, truncating the file to `size` bytes after `after` cases.
    static func read(_ path: String, truncatingTo size: Int, after: Int, pipeline: EventPipeline.Size? = nil) throws
        -> (cases: Int, error: Diagnostic?)
    {
        let reader = try SpecFileReader(
            file: path, source: try YAMLInput.read(path, limits: .specFile), pipeline: pipeline)
        _ = try reader.readHeader()
        var cases = 0
        do {
            while try reader.nextCase() != nil {
                cases += 1
                if cases == after { #expect(truncate(path, off_t(size)) == 0) }
            }
        } catch {
            return (cases, error)
        }
        return (cases, nil)
    }

    /// Read on the calling thread, and with libyaml on a thread of its own, a few chunks ahead.
    static let pipelines: [EventPipeline.Size?] = [
        nil, .standard, EventPipeline.Size(events: 64, bytes: 512, chunks: 2),
    ]

    @Test(arguments: [0, 4096, 100_000, 600_000], pipelines)
    func aFileTruncatedWhileReadIsReportedAsChanged(size: Int, pipeline: EventPipeline.Size?) throws {
        let path = try Self.specFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (cases, error) = try Self.read(path, truncatingTo: size, after: 100, pipeline: pipeline)
        let diagnostic = try #require(error, "read \(cases) cases of a file truncated to \(size) bytes, with no error")
        #expect(diagnostic.message == "cannot read '\(path)': it changed while it was read")
        #expect(diagnostic.severity == .error)
        #expect(cases >= 100 && cases < Self.caseCount)
    }

    @Test(arguments: pipelines)
    func anUntouchedFileReadsWhole(pipeline: EventPipeline.Size?) throws {
        let path = try Self.specFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (cases, error) = try Self.read(path, truncatingTo: 0, after: -1, pipeline: pipeline)
        #expect(error == nil)
        #expect(cases == Self.caseCount)
    }
}
