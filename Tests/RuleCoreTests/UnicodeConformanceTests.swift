import Foundation
import Testing

@testable import RuleCore

/// The pinned Unicode version's own test files, in `conformance/unicode/` at the top of the
/// repository, which the JavaScript and Python tests read too: every line, no expected failure.
@Suite struct UnicodeConformanceTests {
    /// `conformance/unicode/`, found from this file, so the tests read the repository's copy.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("conformance/unicode")

    static func lines(of name: String) throws -> [(number: Int, text: Substring)] {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let content = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            return content.isEmpty ? nil : (index + 1, Substring(content))
        }
    }

    static func text(_ hex: some StringProtocol) -> String {
        var view = String.UnicodeScalarView()
        for part in hex.split(separator: " ") { view.append(Unicode.Scalar(UInt32(part, radix: 16)!)!) }
        return String(view)
    }

    static func scalars(_ text: some StringProtocol) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test("the pinned tables are Unicode 17.0.0")
    func version() {
        #expect(PinnedUnicode.version == "17.0.0")
    }

    @Test("every line of GraphemeBreakTest.txt counts as many clusters as it has")
    func graphemeBreakTest() throws {
        let lines = try Self.lines(of: "GraphemeBreakTest.txt")
        #expect(lines.count > 700)
        for (number, line) in lines {
            let expected = line.split(separator: " ").filter { $0 == "÷" }.count - 1
            let text = Self.text(line.split(separator: " ").filter { $0 != "÷" && $0 != "×" }.joined(separator: " "))
            #expect(PinnedUnicode.graphemeCount(text[...]) == expected, "line \(number): \(line)")
            #expect(LengthCheck.count(text[...], in: .characters) == expected, "line \(number): \(line)")
        }
    }

    @Test("every line of NormalizationTest.txt: c2 is NFC of c1 to c3, c4 of c4 and c5; c4 is NFKC of all five")
    func normalizationTest() throws {
        let lines = try Self.lines(of: "NormalizationTest.txt").filter { !$0.text.hasPrefix("@") }
        #expect(lines.count > 19_000)
        for (number, line) in lines {
            let columns = line.split(separator: ";", omittingEmptySubsequences: false).prefix(5).map(Self.text)
            let nfc = { Self.scalars(PinnedUnicode.nfc(columns[$0][...])) }
            let nfkc = { Self.scalars(PinnedUnicode.nfkc(columns[$0][...])) }
            for column in 0..<3 { #expect(nfc(column) == Self.scalars(columns[1]), "line \(number), c\(column + 1)") }
            for column in 3..<5 { #expect(nfc(column) == Self.scalars(columns[3]), "line \(number), c\(column + 1)") }
            for column in 0..<5 {
                #expect(nfkc(column) == Self.scalars(columns[3]), "line \(number), NFKC c\(column + 1)")
            }
        }
    }

    struct CaseLine: Decodable {
        // NB: the first line names the generator and has no case.
        var `in`: String?
        var lower: String?
        var upper: String?
    }

    @Test("every line of case-mapping.jsonl: full lower and upper case mapping, with Final_Sigma")
    func caseMapping() throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("case-mapping.jsonl"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count > 1_000)
        var cases = 0
        for (index, line) in lines.enumerated() {
            let found = try JSONDecoder().decode(CaseLine.self, from: Data(line.utf8))
            guard let input = found.in, let lower = found.lower, let upper = found.upper else { continue }
            cases += 1
            #expect(Self.scalars(PinnedUnicode.lowercase(input[...])) == Self.scalars(lower), "line \(index + 1)")
            #expect(Self.scalars(PinnedUnicode.uppercase(input[...])) == Self.scalars(upper), "line \(index + 1)")
        }
        #expect(cases == lines.count - 1)
    }
}
