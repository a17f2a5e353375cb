import Foundation
import RuleTestSupport
import Testing

/// `rulecheck --update` fills in the expectations of cases that have only `in:` and leaves every
/// other byte as it was: each fixture `X.yaml` becomes exactly `X.expected`.
@Suite struct UpdateTests {
    static let fixtures = Fixture.all(in: "Fixtures/update", ext: "yaml").filter { $0.description != "rules.yaml" }

    func project(_ fixture: Fixture) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let rules = fixture.url.deletingLastPathComponent().appendingPathComponent("rules.yaml")
        try FileManager.default.copyItem(at: rules, to: folder.url.appendingPathComponent("rules.yaml"))
        try FileManager.default.copyItem(at: fixture.url, to: folder.url.appendingPathComponent(fixture.description))
        return folder
    }

    @Test("the filled-in file is byte for byte the expected one", arguments: fixtures)
    func fillsIn(_ fixture: Fixture) throws {
        let folder = try project(fixture)
        let run = try Rulecheck.run([fixture.description, "--update"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let updated = try Data(contentsOf: folder.url.appendingPathComponent(fixture.description))
        try assertGolden(updated, at: fixture.sibling(ext: "expected"))
        #expect(run.stderr.hasPrefix("filled in "))

        let again = try Rulecheck.run([fixture.description, "--update"], in: folder.url)
        #expect(again.status == 0 && again.stderr == "filled in 0 expectations\n")
        #expect(try Data(contentsOf: folder.url.appendingPathComponent(fixture.description)) == updated)
    }

    @Test func theRewrittenFileKeepsItsPermissions() throws {
        let folder = try project(try #require(Self.fixtures.first { $0.description == "flow.yaml" }))
        let file = folder.url.appendingPathComponent("flow.yaml").path
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file)
        #expect(try Rulecheck.run(["flow.yaml", "--update"], in: folder.url).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o640)
    }

    @Test func withoutUpdateACaseWithoutExpectationIsAMistake() throws {
        let folder = try project(try #require(Self.fixtures.first { $0.description == "flow.yaml" }))
        let before = try Data(contentsOf: folder.url.appendingPathComponent("flow.yaml"))
        let run = try Rulecheck.run(["flow.yaml"], in: folder.url)
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "flow.yaml:6:7: error: a case needs one of 'out', 'valid' or 'errors'; run with '--update' to fill in the current result"
            ))
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("flow.yaml")) == before)
    }

    @Test func aFileWithAMistakeIsLeftAsItIs() throws {
        let folder = try project(try #require(Self.fixtures.first { $0.description == "flow.yaml" }))
        let file = folder.url.appendingPathComponent("flow.yaml")
        let broken = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
            of: "name: tight", with: "nmae: tight")
        try broken.write(to: file, atomically: true, encoding: .utf8)
        let run = try Rulecheck.run(["flow.yaml", "--update"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown key 'nmae' in a case; did you mean 'name'?"))
        #expect(try String(contentsOf: file, encoding: .utf8) == broken)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
                "flow.yaml", "rules.yaml",
            ])
    }
}
