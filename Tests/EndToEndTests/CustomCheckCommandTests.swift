import Foundation
import RuleTestSupport
import Testing

/// Custom checks (format 1.3) through the built `rulecheck`: what each command says of them, never
/// a verdict it cannot give.
@Suite struct CustomCheckCommandTests {
    static func rules(code: String = "invalidChecksum", uses: String = "[luhn]", extra: String = "") -> String {
        """
        rulecheck: 1.3
        custom:
          luhn: { applies: string, code: \(code), description: "the Luhn check digit" }\(extra)
        types:
          CardNumber:
            checks: \(uses)
            messages:
              \(code): { en: "Check the card number." }

        """
    }

    @Test func specCasesOfATypeUsingOneExit2NamingTheCheck() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.rules(), to: "rules/cards.yaml")
        try folder.write(
            "rulecheck: 1.3\ncases:\n  CardNumber:\n    - { in: \"18\", valid: true }\n", to: "specs/cards.yaml")
        let run = try Rulecheck.run(["specs"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("need custom check 'luhn'"), "\(run.stderr)")
        #expect(run.stdout.contains("0 passed, 0 failed"), "\(run.stdout)")
    }

    @Test func lintWarnsOfAnUnusedDeclaration() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            Self.rules(extra: "\n  iban: { applies: string, code: invalidIBAN, description: \"an IBAN\" }"),
            to: "rules/cards.yaml")
        let run = try Rulecheck.run(["lint", "rules"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let all = run.stdout + run.stderr
        #expect(all.contains("warning: custom check 'iban' is declared but no type uses it"), "\(all)")
        #expect(!all.contains("'luhn' is declared"))
    }

    @Test func theExportCarriesTheDeclarationsAndEachUse() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.rules(), to: "rules/cards.yaml")
        let run = try Rulecheck.run(["export", "jsonschema", "rules"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let custom = try #require(document["x-rulecheck-custom"] as? [String: [String: String]])
        #expect(
            custom == ["luhn": ["applies": "string", "code": "invalidChecksum", "description": "the Luhn check digit"]])
        let card = try #require((document["$defs"] as? [String: Any])?["CardNumber"] as? [String: Any])
        let check = try #require((card["x-rulecheck-checks"] as? [[String: Any]])?.first)
        #expect(check["check"] as? String == "custom" && check["name"] as? String == "luhn")
        #expect(card["x-rulecheck-approximate"] as? Bool == true)
        #expect(run.stderr.contains("'luhn' is a custom check"), "\(run.stderr)")
    }

    @Test(
        "diff reports a custom check added, removed or changed as such, with no witness",
        arguments: [
            (old: rules(uses: "[]"), new: rules(), expected: "custom check 'luhn' added"),
            (old: rules(), new: rules(uses: "[]"), expected: "custom check 'luhn' removed"),
            (old: rules(), new: rules(code: "badChecksum"), expected: "code: invalidChecksum → badChecksum"),
        ])
    func diffReportsCustomChecks(old: String, new: String, expected: String) throws {
        let folder = try TemporaryFolder()
        try folder.write(old, to: "old/rules.yaml")
        try folder.write(new, to: "new/rules.yaml")
        let run = try Rulecheck.run(["diff", "old", "new", "--today", "2026-11-22"], in: folder.url)
        #expect(run.stdout.contains(expected), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("no witness"), "\(run.stdout)")
    }

    /// The commands that give verdicts on one type, and their exit status on rules where another type
    /// needs a custom check.
    static let verdictCommands: [(command: [String], status: Int32)] = [
        (["check", "Code", "ab", "--rules", "rules"], 0),
        (["check", "CardNumber", "18", "--rules", "rules"], 2),
        (["audit", "data.jsonl", "--rules", "rules", "--type", "Code"], 0),
        (["audit", "data.jsonl", "--rules", "rules", "--type", "CardNumber"], 2),
        (["diff", "rules", "rules", "--data", "data.jsonl", "--type", "Code"], 0),
        (["diff", "rules", "rules", "--data", "data.jsonl", "--type", "CardNumber"], 2),
    ]

    /// A type that uses no custom check gets its verdicts whatever else the rules declare; the one that
    /// uses one is refused by name, never validated as though the check passed every value.
    @Test(
        "check, audit and diff --data refuse only the type that needs the custom check",
        arguments: verdictCommands)
    func verdictsNeedTheImplementationOnlyWhereUsed(command: [String], status: Int32) throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.rules() + "  Code:\n    checks:\n      - length: { max: 3 }\n", to: "rules/cards.yaml")
        try folder.write("\"ab\"\n\"18\"\n", to: "data.jsonl")
        let run = try Rulecheck.run(command, in: folder.url)
        #expect(run.status == status, "\(run.stdout)\(run.stderr)")
        #expect(!run.stderr.contains("has no implementation; register"), "\(run.stderr)")
        if status == 2 {
            #expect(run.stderr.contains("'CardNumber' needs custom check 'luhn'"), "\(run.stderr)")
        }
    }

    /// Generated Swift calls the app's implementation, which an extension of the generated enum
    /// gives: compiled with one, it type-checks; without, the compiler names the missing check.
    @Test func generatedSwiftDoesNotCompileWithoutTheAppsImplementation() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.rules(), to: "rules/cards.yaml")
        let run = try Rulecheck.run(["generate", "swift", "rules", "--output", "generated"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let generated = folder.url.appendingPathComponent("generated/cards.rules.swift").path
        let implementation = try folder.write(
            "extension CardsCustomChecks {\n    static func luhn(_ value: String) -> Bool { value.hasSuffix(\"0\") }\n}\n",
            to: "app/Luhn.swift")
        // NB: RuleCore's module, which `swift build` put beside the binary.
        let modules = Rulecheck.binary.deletingLastPathComponent().appendingPathComponent("Modules").path
        func typecheck(_ files: [String]) throws -> RunResult {
            try Subprocess.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["swiftc", "-typecheck", "-parse-as-library", "-I", modules] + files, in: folder.url)
        }
        let with = try typecheck([generated, implementation.path])
        #expect(with.status == 0, "\(with.stderr)")
        let without = try typecheck([generated])
        #expect(without.status != 0)
        #expect(
            without.stderr.contains("type 'CardsCustomChecks' does not conform to protocol 'CardsCustomChecking'"),
            "\(without.stderr)")
    }
}
