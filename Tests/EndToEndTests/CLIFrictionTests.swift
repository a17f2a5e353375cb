import Foundation
import RuleTestSupport
import Testing

/// What a new user trips over on the command line, each run on the built binary.
@Suite struct CLIFrictionTests {
    static let rules = """
        rulecheck: 1
        types:
          Quantity: { type: integer }
          Price: { type: decimal }
          Due: { type: date }
          Code:
            normalize: [trim]
            checks:
              - required: { code: noCode }
              - length: { min: 2 }
          MaybeCode: { type: Code, optional: true }
        models:
          Form:
            fields:
              code: { type: Code, optional: true }
              maybe: { type: MaybeCode }

        """

    func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(Self.rules, to: "rules/rules.yaml")
        return folder
    }

    @Test func checkTakesAValueThatLooksLikeANegativeNumber() throws {
        let folder = try project()
        let run = try Rulecheck.run(["check", "Quantity", "-0", "5", "-12"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "\"-0\": ok \"0\"\n\"5\": ok \"5\"\n\"-12\": ok \"-12\"\n")
        let decimal = try Rulecheck.run(["check", "Price", "-1.5", "--language", "en"], in: folder.url)
        #expect(decimal.status == 0, "\(decimal.stderr)")
        // NB: a misspelled option is still a mistake, not a value.
        let option = try Rulecheck.run(["check", "Quantity", "--langauge", "ja"], in: folder.url)
        #expect(option.status == 2)
        #expect(option.stderr.contains("Unknown option '--langauge'"))
        #expect(!option.stderr.contains("'--':"))
    }

    /// A value that starts with '-' and is not a number is taken for an option; the error says how to pass it.
    @Test func aValueThatLooksLikeAnOptionGetsTheCommandWithDoubleDash() throws {
        let folder = try project()
        let run = try Rulecheck.run(["check", "Code", "ab", "-x", "--language", "ja"], in: folder.url)
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        try #require(lines.count >= 2, "\(run.stderr)")
        #expect(lines[0] == "rulecheck: error: Unknown option '-x'")
        #expect(lines[1] == "A value that starts with '-' goes after '--': rulecheck check Code ab --language ja -- -x")
        let fixed = try Rulecheck.run(["check", "Code", "ab", "--language", "ja", "--", "-x"], in: folder.url)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.stdout == "\"ab\": ok \"ab\"\n\"-x\": ok \"-x\"\n")
    }

    /// `optional: true` on a type based on a `required` type, and on a field of that type, mean one thing.
    @Test(arguments: ["\"\"", "\"   \"", "null", "\"a\"", "\"ab\""])
    func anOptionalTypeAndAnOptionalFieldFollowOneRule(_ value: String) throws {
        let folder = try project()
        let lint = try Rulecheck.run(["lint"], in: folder.url)
        #expect(lint.status == 0, "\(lint.stderr)")
        let type = try Rulecheck.run(["check", "MaybeCode"], in: folder.url, stdin: value + "\n")
        let fields = try Rulecheck.run(
            ["check", "Form"], in: folder.url, stdin: "{\"code\": \(value)}\n{\"maybe\": \(value)}\n")
        let answers = fields.stdout.split(separator: "\n").map(String.init)
        try #require(answers.count == 2)
        #expect(answers[0] == answers[1].replacingOccurrences(of: "maybe", with: "code"))
        // NB: the field's verdict is the type's, at the field's path.
        let asType = type.stdout.trimmingCharacters(in: .newlines)
        let valid = asType.hasPrefix("{\"valid\":true")
        #expect(answers[0].hasPrefix("{\"valid\":\(valid)"), "\(asType) vs \(answers[0])")
        #expect(asType.contains("\"tooShort\"") == answers[0].contains("\"tooShort\""))
    }

    @Test func requiredAndOptionalOnOneTypeStillContradict() throws {
        let folder = try project()
        try folder.write(
            "rulecheck: 1\ntypes:\n  Note:\n    optional: true\n    checks:\n      - required\n", to: "rules/note.yaml")
        let lint = try Rulecheck.run(["lint"], in: folder.url)
        #expect(lint.status == 2)
        #expect(lint.stderr.contains("rules/note.yaml:6:9: error: 'required' contradicts 'optional: true'"))
    }

    /// `out:` compares the type's value, not the text: as the README documents.
    @Test func outComparesTypedValues() throws {
        let folder = try project()
        try folder.write(
            """
            rulecheck: 1
            cases:
              Quantity:
                - { in: "007", out: 7 }
                - { in: "7", out: "7" }
              Price:
                - { in: "1.50", out: 1.5 }
                - { in: "1.5", out: "1.50" }
              Due:
                - { in: "2026-11-22", out: 2026-11-22 }
              Code:
                - { in: " ab ", out: "ab" }

            """, to: "specs/typed.yaml")
        let run = try Rulecheck.run(["specs"], in: folder.url)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("6 passed, 0 failed\n"))
        try folder.write(
            "rulecheck: 1\ncases:\n  Code:\n    - { in: \" ab \", out: \" ab \" }\n", to: "specs/text.yaml")
        let text = try Rulecheck.run(["specs/text.yaml"], in: folder.url)
        #expect(text.status == 1)
    }

    /// A suggested input that holds invisible or combining characters shows them as escapes.
    @Test func suggestWritesInvisibleAndCombiningCharactersAsEscapes() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "rulecheck: 1\ntypes:\n  Handle:\n    checks:\n      - length: { min: 2, max: 3 }\n", to: "rules/h.yaml")
        try folder.write(
            "rulecheck: 1\ncases:\n  Handle:\n    - { in: ab, out: ab }\n    - { in: abcd, errors: [tooLong] }\n"
                + "    - { in: a, errors: [tooShort] }\n", to: "specs/h.yaml")
        let run = try Rulecheck.run(["suggest"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let unit = try #require(run.stdout.split(separator: "\n").first { $0.contains("unit characters") })
        #expect(unit.contains("in: \"e\\u0301\""), "\(unit)")
        #expect(unit.unicodeScalars.allSatisfy { $0.isASCII || $0 == "→" })
        // NB: the escapes read back as the same input: the written cases pass and kill their mutants.
        #expect(try Rulecheck.run(["suggest", "--write", "specs/suggested.yaml"], in: folder.url).status == 0)
        let test = try Rulecheck.run(["specs"], in: folder.url)
        #expect(test.status == 0, "\(test.stdout)")
        try folder.write("rulecheck: 1\ncases:\n  Handle:\n    - { in: \"a\\u200Bb\" }\n", to: "specs/new.yaml")
        let update = try Rulecheck.run(["specs/new.yaml", "--update"], in: folder.url)
        #expect(update.status == 0, "\(update.stderr)")
        let updated = try String(contentsOf: folder.url.appendingPathComponent("specs/new.yaml"), encoding: .utf8)
        #expect(updated.contains("out: \"a\\u200Bb\""), "\(updated)")
    }
}
