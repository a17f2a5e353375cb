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
}
