import Foundation
import RuleCore
import Testing

/// docs/format.md, the reference of the rule and spec formats, and the DocC catalog say what the
/// engine's own lists say: a check, key, value type or normalizer added to the code and not to the
/// docs fails here.
@Suite struct FormatReferenceTests {
    static let repository = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: repository.appending(path: path), encoding: .utf8)
    }

    /// The rows of the table after the line `marker`, each split into its cells.
    static func table(after marker: String, in text: String) throws -> [[String]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix(marker) }, "no '\(marker)' in docs/format.md")
        let rows = lines[(start + 1)...].prefix { $0.hasPrefix("|") }.dropFirst(2)
        return rows.map { row in
            row.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// `` `min` `` → `min`; the first name in backticks of a cell.
    static func name(_ cell: String) -> String? {
        guard let open = cell.firstIndex(of: "`") else { return nil }
        let rest = cell[cell.index(after: open)...]
        return rest.firstIndex(of: "`").map { String(rest[..<$0]) }
    }

    /// A cell's items, each starting with a name in backticks after a comma, or none for `—`.
    static func items(_ cell: String) -> [String] {
        guard cell != "—" else { return [] }
        let parts = cell.components(separatedBy: ", `")
        return [parts[0]] + parts.dropFirst().map { "`" + $0 }
    }

    static func written(_ value: ParameterValue) -> String {
        switch value {
        case .text(let text): text
        case .texts(let texts): "[" + texts.joined(separator: ", ") + "]"
        case .boolean(let flag): String(flag)
        case .integer(let number): String(number)
        default: "\(value)"
        }
    }

    /// How the table writes a parameter: `` `unit` = `characters` ``, `` `regex` (required) ``, `` `min` ``,
    /// and `` `greaterThan` (1.3) `` for one added after its check.
    static func written(_ parameter: ParameterSpec) -> String {
        let since = parameter.since == "1" ? "" : " (\(parameter.since))"
        if parameter.isRequired { return "`\(parameter.name)` (required)" + since }
        if let value = parameter.defaultValue { return "`\(parameter.name)` = `\(written(value))`" + since }
        return "`\(parameter.name)`" + since
    }

    /// How the table writes what a check applies to.
    static func written(_ scope: CheckScope) -> String {
        switch scope {
        case .model: return "model"
        case .values(let types) where types == Set(ValueType.allCases): return "all"
        case .values(let types):
            return ValueType.allCases.filter(types.contains).map(\.rawValue).joined(separator: ", ")
        }
    }

    /// How the table writes a code: `` `tooShort` (`{min}`) ``.
    static func written(_ code: CheckCode) -> String {
        "`\(code.name)`" + (code.placeholder.map { " (`{\($0)}`)" } ?? "")
    }

    @Test func theTableOfChecksIsTheDescriptors() throws {
        let rows = try Self.table(after: "<!-- checks:", in: Self.read("docs/format.md"))
        #expect(rows.map { Self.name($0[0]) } == CheckDescriptors.all.map { $0.name })
        for (row, check) in zip(rows, CheckDescriptors.all) {
            try #require(row.count == 5, "\(row)")
            #expect(row[1] == Self.written(check.appliesTo), "\(check.name): applies to")
            #expect(Self.items(row[2]) == check.parameters.map(Self.written), "\(check.name): parameters")
            #expect(row[3] == (check.shorthand.map { "`\($0)`" } ?? "—"), "\(check.name): short form")
            #expect(Self.items(row[4]) == check.codes.map(Self.written), "\(check.name): codes")
        }
    }

    @Test(
        "each table of keys lists the keys the readers know, in order",
        arguments: [
            ("ruleFileKeys", FileFormat.ruleFileKeys), ("typeKeys", FileFormat.typeKeys),
            ("modelKeys", FileFormat.modelKeys), ("fieldKeys", FileFormat.fieldKeys),
            ("specFileKeys", FileFormat.specFileKeys), ("caseKeys", FileFormat.caseKeys),
            ("valueTypes", ValueType.allCases.map(\.rawValue)), ("normalizers", Normalizer.allNames),
        ])
    func keys(_ table: String, _ keys: [String]) throws {
        let rows = try Self.table(after: "<!-- keys: \(table) -->", in: Self.read("docs/format.md"))
        #expect(rows.map { Self.name($0[0]) } == keys)
    }

    /// The README is a tour that a newcomer walks in minutes; the reference lives in docs/.
    @Test func theReadmeStaysShort() throws {
        let lines = try Self.read("README.md").split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 151, "README.md has \(lines - 1) lines; move reference content to docs/")
    }

    @Test func theDocCCatalogListsEveryCheck() throws {
        let catalog = try Self.read("Sources/RuleCore/RuleCore.docc/RuleCore.md")
        for check in CheckDescriptors.all {
            #expect(catalog.contains("- ``\(check)``"), "RuleCore.md's topics lack \(check)")
        }
    }
}
