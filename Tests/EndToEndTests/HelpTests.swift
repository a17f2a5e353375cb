import Foundation
import RuleTestSupport
import Testing

/// Every subcommand's `--help`, against a golden file, and read as a user reads it: no stray
/// spaces, no paragraph broken mid-sentence.
@Suite struct HelpTests {
    static let commands: [[String]] = [
        [], ["test"], ["mutate"], ["suggest"], ["lint"], ["check"], ["generate"], ["generate", "swift"], ["diff"],
        ["audit"],
        ["export"], ["export", "jsonschema"], ["export", "openapi"], ["export", "openapi-config"],
        ["export", "messages"], ["schema"], ["lsp"],
    ]

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/help")

    @Test(arguments: commands)
    func helpMatchesItsGoldenFile(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        let run = try Rulecheck.run(command + ["--help"], in: folder.url, environment: ["COLUMNS": "80"])
        #expect(run.status == 0)
        let name = (["rulecheck"] + command).joined(separator: "-")
        try assertGolden(run.stdout, at: Self.golden.appendingPathComponent("\(name).txt"))
    }

    @Test(arguments: commands)
    func helpHasNoStraySpacesOrBrokenSentences(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        let run = try Rulecheck.run(command + ["--help"], in: folder.url, environment: ["COLUMNS": "80"])
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count > 5)
        var inProse = true
        for (index, line) in lines.enumerated() {
            #expect(line.last != " ", "trailing space: '\(line)'")
            if line.hasPrefix("USAGE:") { inProse = false }
            // NB: past the name column (26 wide) of an argument or option, text is prose; so is
            // every line of the overview except the indented examples.
            let prose =
                line.hasPrefix("  ")
                ? (inProse ? "" : String(line.dropFirst(min(26, line.count))))
                : line
            #expect(!prose.trimmingCharacters(in: .whitespaces).contains("  "), "stray spaces: '\(line)'")
            // NB: argument parser wraps prose at 80 columns; a short line inside a paragraph was broken by hand.
            let next = index + 1 < lines.count ? lines[index + 1] : ""
            if inProse, !line.hasPrefix(" "), !line.isEmpty, !next.isEmpty, !next.hasPrefix(" ") {
                #expect(
                    line.count >= 60 || line.hasSuffix(":") || line.hasSuffix("."),
                    "a paragraph broken mid-sentence: '\(line)'")
            }
        }
    }
}
