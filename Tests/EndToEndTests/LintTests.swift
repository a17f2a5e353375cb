import Foundation
import RuleTestSupport
import Testing

/// `rulecheck lint` on one wrong rule file each: every mistake of issue 12's list with its
/// diagnostic and place, written to `X.expected` as standard error, standard output and the exit code.
@Suite struct LintTests {
    @Test("each mistake is reported at its place", arguments: Fixture.all(in: "Fixtures/lint", ext: "yaml"))
    func reports(_ fixture: Fixture) throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: fixture.url, to: folder.url.appendingPathComponent("rules/\(fixture.description)"))
        let run = try Rulecheck.run(["lint"], in: folder.url)
        try assertGolden(run.stderr + run.stdout + "exit \(run.status)\n", at: fixture.sibling(ext: "expected"))
        let hasErrors = run.stderr.contains(": error: ")
        #expect(run.status == (hasErrors ? 2 : 0))
        #expect(run.stderr.contains(": error: ") || run.stderr.contains(": warning: "))
    }

    @Test func aTwoMegabyteLineIsQuotedAsOneScreenLineAroundTheColumn() throws {
        let folder = try TemporaryFolder()
        let line = "    normalize: [" + String(repeating: "trim, ", count: 350_000) + "trimm]"
        try folder.write("rulecheck: 1\ntypes:\n  A:\n\(line)\n", to: "rules/long.yaml")
        let run = try Rulecheck.run(["lint"], in: folder.url)
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.first == "rules/long.yaml:4:2100017: error: unknown normalizer 'trimm'; did you mean 'trim'?")
        #expect(lines.count == 3 && lines.allSatisfy { $0.unicodeScalars.count <= 130 })
        #expect(lines[1].hasPrefix("   4 | …trim, ") && lines[1].hasSuffix("trim, trimm]"))
        #expect(lines[2].hasSuffix(" ^~~~~"))
    }
}
