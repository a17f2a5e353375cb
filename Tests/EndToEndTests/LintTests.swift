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

    /// `lint` reads the spec files beside the rules (or given as paths) and reports, without running a
    /// case, what would make a case wrong or say less than it seems to.
    @Test(arguments: [[], ["rules", "specs"], ["specs/task.yaml"]])
    func specFilesAreCheckedAgainstTheirRules(_ paths: [String]) throws {
        let folder = try TemporaryFolder()
        try folder.write(TestCommandTests.rules, to: "rules/task.yaml")
        try folder.write(
            """
            rulecheck: 1
            today: 2026-11-22
            cases:
              TaskTitel:
                - { in: "a", out: "a" }
              TaskTitle:
                - { in: "", errors: [titleTooShrt] }
              TaskDueDate:
                - { in: "2026-11-23", out: "tomorrow" }
              ToDoTask:
                - { in: { title: "a", titel: "b" }, valid: true }
                - { in: { title: "" }, errors: { title: [titleTooShort], dueDate: [tooLong] } }
            """, to: "specs/task.yaml")
        let run = try Rulecheck.run(["lint"] + paths, in: folder.url)
        #expect(run.status == 2)
        let found = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        #expect(
            found == [
                "specs/task.yaml:4:3: error: unknown type 'TaskTitel'; did you mean 'TaskTitle'?",
                "specs/task.yaml:7:7: error: type 'TaskTitle' never reports 'titleTooShrt'; it can report 'invalidFormat', 'required', 'titleTooLong', 'titleTooShort'; did you mean 'titleTooShort'?",
                "specs/task.yaml:9:7: error: 'out: tomorrow' is no date value, so type 'TaskDueDate' never gives it",
                "specs/task.yaml:11:7: error: model 'ToDoTask' has no field 'titel'; did you mean 'title'?",
                "specs/task.yaml:12:7: error: 'dueDate' of model 'ToDoTask' never reports 'tooLong'; it can report 'invalidFormat', 'required', 'tooEarly'",
            ], "\(run.stderr)")
        #expect(run.stdout.contains("1 spec file: 5 errors"), "\(run.stdout)")
    }

    /// A server code (`serverCodes:`) is declared so that apps know it, but validation never gives
    /// it: a spec case that expects one can never pass, and `lint` says why, not "never reports".
    @Test func aSpecCaseCannotExpectAServerCode() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            rulecheck: 1.2
            types:
              NewEmail:
                checks: [email]
                serverCodes: [emailTaken]
                messages:
                  emailTaken: { en: "Already registered.", ja: "登録済みです。" }
            models:
              SignUp:
                fields:
                  email: NewEmail
                serverCodes: [signUpClosed]
                messages:
                  signUpClosed: "Closed."
            """, to: "rules/signup.yaml")
        try folder.write(
            """
            rulecheck: 1.2
            cases:
              NewEmail:
                - { in: "taken@example.org", errors: [emailTaken] }
              SignUp:
                - { in: { email: "taken@example.org" }, errors: { email: [emailTaken], "": [signUpClosed] } }
            """, to: "specs/signup.yaml")
        let run = try Rulecheck.run(["lint"], in: folder.url)
        #expect(run.status == 2)
        let found = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        let server = "which only a server reports: validation never gives it, so no spec case can expect it"
        #expect(
            found == [
                "specs/signup.yaml:4:7: error: 'emailTaken' is a server code of type 'NewEmail', \(server)",
                "specs/signup.yaml:6:7: error: 'signUpClosed' is a server code of model 'SignUp', \(server)",
                "specs/signup.yaml:6:7: error: 'emailTaken' is a server code of 'email' of model 'SignUp', \(server)",
            ], "\(run.stderr)")
    }
}
