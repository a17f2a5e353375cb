import Foundation
import RuleCore
import RuleTestSupport
import RuleYAML
import Testing

/// A mapped file's pages are given back as they are passed: the UTF-8 check in blocks (of 64 KiB here)
/// finds the byte the check of the whole finds, and the parser reads the pages again.
@Suite struct MappedInputTests {
    /// A huge file: a sequence of short items, with a bad byte at `badOffset` if any.
    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        var badOffset: Int?
        var testDescription: String { label }
    }

    static let block = 64 << 10

    @Test(
        arguments: [
            Case(label: "valid", badOffset: nil),
            Case(label: "a bad byte where a block would end", badOffset: block - 1),
            Case(label: "a bad byte in a later block", badOffset: 3 * block + 7),
            Case(label: "a bad byte at the end", badOffset: 4 * block + 100),
        ])
    func aHugeFileReadsAsInMemory(_ c: Case) throws {
        let item = Array("- é\n".utf8)  // 5 bytes: the third block starts inside an 'é'
        var bytes = Array(String(repeating: "- é\n", count: (4 * Self.block + 105) / item.count).utf8)
        if let bad = c.badOffset { bytes[bad] = 0xFF }
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("huge.yaml")
        try Data(bytes).write(to: url)
        let mapped = try YAMLInput.read(url.path, limits: .specFile, mappingFrom: 0)
        mapped.checkBlock = Self.block
        if let bad = c.badOffset {
            #expect(throws: Diagnostic.self) {
                _ = try YAMLEventReader(file: "huge.yaml", source: mapped, limits: .specFile)
            }
            do {
                _ = try YAMLEventReader(file: "huge.yaml", source: mapped, limits: .specFile)
            } catch {
                let inMemory = Result { () throws(Diagnostic) in
                    try YAMLEventReader(file: "huge.yaml", bytes: bytes, limits: .specFile)
                }
                guard case .failure(let expected) = inMemory else { throw error }
                #expect(error == expected, "at \(bad)")
            }
        } else {
            let reader = try YAMLEventReader(file: "huge.yaml", source: mapped, limits: .specFile)
            // NB: the UTF-8 check gave the pages back; the parser reads them again.
            var scalars: [String] = []
            while scalars.count < 1_000 {
                let event = try reader.next()
                if event.kind == .scalar { scalars.append(String(decoding: event.value, as: UTF8.self)) }
            }
            #expect(scalars.allSatisfy { $0 == "é" })
        }
    }
}
