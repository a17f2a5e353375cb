import Foundation
import FoundationXML
import RuleTestSupport
import Testing

/// `rulecheck mutate` and `rulecheck suggest` on a deliberately thin suite, in a temporary folder.
@Suite struct MutateCommandTests {
    static let rules = """
        rulecheck: 1
        types:
          Title:
            normalize: [trim]
            checks:
              - length: { min: 1, max: 20 }
          Priority:
            type: integer
            checks:
              - range: { min: 1, max: 5 }
          Color:
            checks:
              - oneOf: [red, green]
          Code:
            checks:
              - pattern: '[0-9]{3}'

        """

    static let thinSpec = """
        rulecheck: 1
        cases:
          Title:
            - { in: " Buy milk ", out: "Buy milk" }
            - { in: "", errors: [tooShort] }
          Priority:
            - { in: "3", out: 3 }
          Color:
            - { in: "red", out: "red" }
          Code:
            - { in: "123", out: "123" }
            - { in: "12", errors: [patternMismatch] }

        """

    struct Survivor: CustomTestStringConvertible, Sendable {
        let line: String
        var testDescription: String { line }
    }

    /// Survivors the thin suite must let through, each at the place of the check it changes.
    static let survivors: [Survivor] = [
        Survivor(line: "rules/task.yaml:6:9: survived: Title: length: max 20 → 21"),
        Survivor(line: "rules/task.yaml:6:9: survived: Title: length: unit characters → bytes"),
        Survivor(line: "rules/task.yaml:7:3: survived: Priority: optional false → true"),
        Survivor(line: "rules/task.yaml:10:9: survived: Priority: range: max 5 → 6"),
        Survivor(line: "rules/task.yaml:10:9: survived: Priority: range: min 1 dropped"),
        Survivor(line: "rules/task.yaml:13:9: survived: Color: oneOf: value 'green' dropped"),
        Survivor(
            line: "rules/task.yaml:16:9: survived: Code: pattern: quantifier '{3}' widened: '[0-9]{3}' → '[0-9]{3,4}'"),
    ]

    func thinProject() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(Self.rules, to: "rules/task.yaml")
        try folder.write(Self.thinSpec, to: "specs/task.yaml")
        return folder
    }

    @Test(arguments: survivors)
    func findsTheSurvivorAtItsCheck(_ survivor: Survivor) throws {
        let folder = try thinProject()
        let run = try Rulecheck.run(["mutate", "specs"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout.split(separator: "\n").contains { $0 == survivor.line }, "\(run.stdout)")
    }

    @Test func junitReportParsesWithOneFailurePerSurvivor() throws {
        let folder = try thinProject()
        let run = try Rulecheck.run(
            ["mutate", "specs", "--format", "junit", "--output", "mutants.xml"], in: folder.url)
        #expect(run.status == 1)
        let document = try XMLDocument(contentsOf: folder.url.appendingPathComponent("mutants.xml"))
        let failures = try document.nodes(forXPath: "//testcase/failure")
        let cases = try document.nodes(forXPath: "//testcase")
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        #expect(failures.count >= Self.survivors.count)
        #expect(suite.attribute(forName: "failures")?.stringValue == "\(failures.count)")
        #expect(suite.attribute(forName: "tests")?.stringValue == "\(cases.count)")
        let texts = failures.compactMap(\.stringValue)
        for survivor in Self.survivors { #expect(texts.contains(survivor.line)) }
    }

    @Test func jsonReportParses() throws {
        let folder = try thinProject()
        let run = try Rulecheck.run(["mutate", "specs", "--format", "json"], in: folder.url)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let mutants = try #require(object["mutants"] as? [[String: Any]])
        #expect(mutants.count { $0["status"] as? String == "survived" } == object["survived"] as? Int)
        #expect((object["survived"] as? Int ?? 0) >= Self.survivors.count)
    }

    @Test func suggestedCasesKillEverySurvivor() throws {
        let folder = try thinProject()
        let suggest = try Rulecheck.run(["suggest", "--write", "specs/suggested.yaml"], in: folder.url)
        #expect(suggest.status == 0, "\(suggest.stderr)")
        let written = try String(contentsOf: folder.url.appendingPathComponent("specs/suggested.yaml"), encoding: .utf8)
        #expect(!written.contains("# no input found"))
        let test = try Rulecheck.run(["specs"], in: folder.url)
        #expect(test.status == 0, "\(test.stdout)")
        let mutate = try Rulecheck.run(["mutate", "specs"], in: folder.url)
        #expect(mutate.status == 0, "\(mutate.stdout)")
        #expect(mutate.stdout.hasPrefix("mutation score 100.0%"))
    }

    /// Mutants of normalizers, of a field's `optional` and of list counts, on a model with no case
    /// at all: the search `diff` makes finds an input for each (`nfc` dropped: `"e\u0301"`;
    /// `optional` flipped: a valid record without the field, built from the fields' own values).
    @Test func suggestFindsNormalizerOptionalityAndModelMutants() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            rulecheck: 1.1
            types:
              Name:
                normalize: [nfc]
                checks:
                  - length: { max: 10 }
              Tag:
                checks:
                  - length: { min: 1, max: 5 }
              Note:
                optional: true
            models:
              Address:
                fields: { street: Name }
              Person:
                fields:
                  name: Name
                  note: Note
                  tags: { list: Tag, minItems: 1, maxItems: 3, unique: true }
                  home: { type: Address, optional: true }

            """, to: "rules/person.yaml")
        try folder.write(
            "rulecheck: 1.1\ncases:\n  Name:\n    - { in: \"ab\", out: \"ab\" }\n  Tag:\n    - { in: \"a\", out: \"a\" }\n",
            to: "specs/person.yaml")
        let suggest = try Rulecheck.run(["suggest", "--write", "specs/suggested.yaml"], in: folder.url)
        #expect(suggest.status == 0, "\(suggest.stderr)")
        let written = try folder.read("specs/suggested.yaml")
        #expect(!written.contains("# no input found"), "\(written)")
        for change in [
            "normalizer 'nfc' dropped", "field 'note': optional true → false", "field 'home': optional true → false",
            "field 'tags': list minItems 1 → 2", "field 'tags': list maxItems 3 → 4",
        ] {
            #expect(written.contains(change), "\(change): \(written)")
        }
        let test = try Rulecheck.run(["specs"], in: folder.url)
        #expect(test.status == 0, "\(test.stdout)")
        let mutate = try Rulecheck.run(["mutate", "specs"], in: folder.url)
        #expect(mutate.stdout.hasPrefix("mutation score 100.0%"), "\(mutate.stdout)")
    }

    @Test func suggestAppendsToTheSpecFileKeepingItsCases() throws {
        let folder = try thinProject()
        let run = try Rulecheck.run(["suggest", "--write", "specs/task.yaml"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let written = try String(contentsOf: folder.url.appendingPathComponent("specs/task.yaml"), encoding: .utf8)
        #expect(
            written.hasPrefix(
                Self.thinSpec.trimmingCharacters(in: .newlines).components(separatedBy: "\n  Priority:")[0]))
        #expect(written.components(separatedBy: "\n  Title:\n").count == 2)
        let mutate = try Rulecheck.run(["mutate", "specs"], in: folder.url)
        #expect(mutate.status == 0, "\(mutate.stdout)")
    }

    @Test func suggestLeavesAFileItCannotAppendToAsItWas() throws {
        let folder = try thinProject()
        let flow = "rulecheck: 1\ncases: { Color: [ { in: \"red\", out: \"red\" } ] }\n"
        try folder.write(flow, to: "specs/flow.yaml")
        let run = try Rulecheck.run(["suggest", "--write", "specs/flow.yaml"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: cannot append the cases to 'specs/flow.yaml'"))
        #expect(try String(contentsOf: folder.url.appendingPathComponent("specs/flow.yaml"), encoding: .utf8) == flow)
    }

    @Test func suggestOfOneTypePrintsItsCasesOnly() throws {
        let folder = try thinProject()
        let run = try Rulecheck.run(["suggest", "--type", "Color"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("  Color:\n"))
        #expect(run.stdout.contains("in: \"green\", out: \"green\""))
        #expect(!run.stdout.contains("Title"))
    }

    /// `suggest` takes spec files or folders as `test` and `mutate` do; a name where a path goes
    /// says how to give it.
    @Test func suggestTakesPathsAsTestAndMutateDo() throws {
        let folder = try thinProject()
        let spec = try String(contentsOf: folder.url.appendingPathComponent("specs/task.yaml"), encoding: .utf8)
        try folder.write(spec, to: "elsewhere/task.yaml")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("specs"))
        try folder.write("", to: "specs/.keep")
        let byPath = try Rulecheck.run(["suggest", "elsewhere/task.yaml", "--type", "Color"], in: folder.url)
        #expect(byPath.status == 0, "\(byPath.stderr)")
        #expect(byPath.stdout.hasPrefix("  Color:\n"))
        let byFolder = try Rulecheck.run(["suggest", "elsewhere"], in: folder.url)
        #expect(byFolder.status == 0, "\(byFolder.stderr)")
        #expect(byFolder.stdout.contains("  Color:\n"))
        let name = try Rulecheck.run(["suggest", "Color"], in: folder.url)
        #expect(name.status == 2)
        #expect(
            name.stderr.contains(
                "no spec file or folder 'Color'; to suggest the cases of a type or model, use --type Color"))
    }

    @Test func aFailingSuiteCannotBeMutated() throws {
        let folder = try thinProject()
        try folder.write("rulecheck: 1\ncases:\n  Title:\n    - { in: \"\", out: \"\" }\n", to: "specs/wrong.yaml")
        let run = try Rulecheck.run(["mutate", "specs"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("specs/wrong.yaml:4:7: error: the case fails before any mutation"))
    }

    /// `[a-z]+` → `[a-z]*` adds only the empty string: on an optional type, whose empty value never
    /// reaches the pattern, the mutant is equivalent (proven on the automata) and never survives; on a
    /// type where an empty value reaches it, the suite must notice it.
    @Test(arguments: [true, false])
    func aPatternMutantThatOnlyChangesTheEmptyValueIsEquivalentWhereEmptyNeverReachesIt(optional: Bool) throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            rulecheck: 1
            types:
              Handle:
                optional: \(optional)
                checks:
                  - pattern: '[a-z]+'
            """, to: "rules/handle.yaml")
        try folder.write(
            """
            rulecheck: 1
            cases:
              Handle:
                - { in: "abc", out: "abc" }
                - { in: "Ab", errors: [patternMismatch] }
                - { in: " a", errors: [patternMismatch] }
                - { in: ~, \(optional ? "out: ~" : "errors: [required]") }
            """, to: "specs/handle.yaml")
        let run = try Rulecheck.run(["mutate", "specs"], in: folder.url)
        let widened = "pattern: quantifier '+' widened to '*': '[a-z]+' → '[a-z]*'"
        #expect(run.stdout.contains("survived: Handle: \(widened)") == !optional, "\(run.stdout)")
        #expect(run.stdout.contains(optional ? "1 equivalent" : "0 equivalent"), "\(run.stdout)")
    }

    /// The checkout trial (`Fixtures/trials/checkout`: contact, postal code, coupon, delivery date,
    /// items as a list of a model) reaches 100 % mutation and coverage with a suite written from
    /// `suggest` and by hand, and lint finds nothing: every survivor there was a real gap.
    @Test func theCheckoutTrialReachesAHundredPercent() throws {
        let folder = try TemporaryFolder()
        let trial = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/trials/checkout")
        for part in ["rules", "specs"] {
            try FileManager.default.copyItem(
                at: trial.appendingPathComponent(part), to: folder.url.appendingPathComponent(part))
        }
        let mutate = try Rulecheck.run(["mutate", "specs"], in: folder.url)
        #expect(mutate.status == 0, "\(mutate.stdout)")
        #expect(
            mutate.stdout.contains("mutation score 100.0%: 58 killed, 0 survived, 1 equivalent"), "\(mutate.stdout)")
        let coverage = try Rulecheck.run(["specs", "--min-coverage", "100"], in: folder.url)
        #expect(coverage.status == 0, "\(coverage.stdout)")
        let lint = try Rulecheck.run(["lint"], in: folder.url)
        #expect(lint.status == 0 && lint.stdout.contains("2 spec files: no problems"), "\(lint.stdout)\(lint.stderr)")
    }
}
