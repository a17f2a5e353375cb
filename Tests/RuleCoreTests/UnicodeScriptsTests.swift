import Testing

@testable import RuleCore

@Suite struct UnicodeScriptsTests {
    @Test("every script's ranges are sorted and merged", arguments: UnicodeScripts.entries.map(\.names[0]))
    func rangesAreSortedAndMerged(_ name: String) throws {
        let entry = try #require(UnicodeScripts.entry(named: name))
        for slice in [entry.script, entry.extensions] {
            let ranges = UnicodeScripts.bounds[slice]
            #expect(ranges.allSatisfy { $0.0 <= $0.1 })
            #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.1 + 1 < $1.0 })
        }
    }

    @Test func scriptsPartitionTheCodeSpace() {
        let ranges = UnicodeScripts.entries.flatMap { UnicodeScripts.bounds[$0.script] }.sorted { $0.0 < $1.0 }
        #expect(ranges.first?.0 == 0 && ranges.last?.1 == 0x10FFFF)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.1 + 1 == $1.0 })
    }

    @Test func everyAliasSelectsItsScript() throws {
        #expect(UnicodeScripts.entry(named: "Hani")?.names.first == "Han")
        #expect(UnicodeScripts.entry(named: "Qaai")?.names.first == "Inherited")
        #expect(UnicodeScripts.entry(named: "han") == nil)
    }
}
