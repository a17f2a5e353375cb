import Foundation
import RuleCore
import Testing

@testable import RuleYAML

/// A file read into a ``YAMLInput`` is mapped, and the pages handed back behind the parser read
/// the same bytes again when something quotes them.
@Suite struct YAMLInputTests {
    /// A file of `size` bytes of YAML-ish text, with non-ASCII characters across page boundaries.
    static func contents(size: Int) -> [UInt8] {
        let line = Array("- { in: \"漢字 👨‍👩‍👧 é\", valid: true }\n".utf8)
        return (0..<size).map { line[$0 % line.count] }
    }

    @Test(arguments: [0, 1, 4095, 4097, 3 << 20])
    func releasedPagesReadTheSameBytes(size: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("yaml-input-\(UUID()).yaml").path
        let bytes = Self.contents(size: size)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let input = try YAMLInput.read(path, limits: .specFile)
        #expect(Array(input.bytes) == bytes)
        input.release(0..<size)
        #expect(input.count == size)
        #expect(Array(input.bytes) == bytes)
    }

    @Test(arguments: [0, 2 << 20])
    func aCopyIsNeverReleased(size: Int) {
        let bytes = Self.contents(size: size)
        let input = YAMLInput(copying: bytes)
        input.release(0..<size)
        #expect(Array(input.bytes) == bytes)
    }

    /// With or without byte offsets (the parser then releases pages behind what libyaml has taken
    /// into its own buffer, not behind the last mark converted), the file reads the same.
    @Test(arguments: [true, false])
    func aMappedFileReadsAsBefore(byteOffsets: Bool) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("yaml-input-\(UUID()).yaml").path
        let yaml = "rulecheck: 1\ncases:\n" + String(repeating: "  - { in: \"漢字 é\", valid: true }\n", count: 100_000)
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try YAMLEventReader(
            file: path, source: YAMLInput.read(path, limits: .specFile), limits: .specFile, byteOffsets: byteOffsets)
        var scalars = 0
        var last = YAMLMark(line: 0, column: 0, offset: 0)
        while true {
            let event = try reader.next()
            if event.kind == .streamEnd { break }
            if event.kind == .scalar {
                scalars += 1
                last = event.start
            }
        }
        #expect(scalars == 3 + 4 * 100_000)  // rulecheck, 1, cases, then in, its value, valid, true
        // NB: the last scalar, `true`, starts 7 bytes before the end: `true }\n`.
        #expect(last.line == 100_002 && last.column == 26)
        #expect(last.offset == (byteOffsets ? yaml.utf8.count - 7 : YAMLMark.noOffset))
    }
}
