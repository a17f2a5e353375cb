import Foundation
import RuleTestSupport
import Testing

/// `rulecheck specs/ --coverage` on the thin suite of ``MutateCommandTests``.
@Suite struct CoverageTests {
    struct Gap: CustomTestStringConvertible, Sendable {
        let line: String
        var testDescription: String { line }
    }

    /// What the thin suite leaves uncovered, each at its check or type.
    static let gaps: [Gap] = [
        Gap(line: "rules/task.yaml:6:9: not covered: Title: boundary length max 20: 20 and 21 characters"),
        Gap(line: "rules/task.yaml:6:9: not covered: Title: boundary length min 1: 1 and 0 characters"),
        Gap(line: "rules/task.yaml:10:9: not covered: Priority: boundary range min 1: 1 and 0"),
        Gap(line: "rules/task.yaml:10:9: not covered: Priority: code tooLarge"),
        Gap(line: "rules/task.yaml:7:3: not covered: Priority: code invalidFormat"),
        Gap(line: "rules/task.yaml:13:9: not covered: Color: boundary oneOf value 'green'"),
    ]

    func thinProject() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(MutateCommandTests.rules, to: "rules/task.yaml")
        try folder.write(MutateCommandTests.thinSpec, to: "specs/task.yaml")
        return folder
    }

    @Test(arguments: gaps)
    func reportsTheGapAtItsPlace(_ gap: Gap) throws {
        let folder = try thinProject()
        let run = try Rulecheck.run(["specs", "--coverage"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").contains { $0 == gap.line }, "\(run.stdout)")
    }

    /// An integer type's bound with a fraction is pinned by the whole numbers around it, which are
    /// the values an integer type can take: `greaterThan: 0.5` by 0 (refused) and 1 (allowed),
    /// `max: 9.5` by 9 and 10. Coverage asks for those, a suite with them covers both, and `suggest`
    /// proposes them.
    @Test func anIntegerTypesBoundWithAFractionIsPinnedByWholeNumbers() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            rulecheck: 1.3
            types:
              Seats:
                type: integer
                checks:
                  - range: { greaterThan: 0.5, max: 9.5 }
            """, to: "rules/seats.yaml")
        try folder.write("rulecheck: 1.3\ncases:\n  Seats:\n    - { in: \"5\", out: 5 }\n", to: "specs/seats.yaml")
        let thin = try Rulecheck.run(["specs", "--coverage"], in: folder.url)
        let lines = thin.stdout.split(separator: "\n")
        #expect(lines.contains("rules/seats.yaml:6:9: not covered: Seats: boundary range greaterThan 0.5: 0 and 1"))
        #expect(lines.contains("rules/seats.yaml:6:9: not covered: Seats: boundary range max 9.5: 9 and 10"))
        let suggest = try Rulecheck.run(["suggest", "specs"], in: folder.url)
        for value in ["0", "1", "10"] {
            #expect(suggest.stdout.contains("in: \"\(value)\""), "\(suggest.stdout)")
        }
        try folder.write(
            "rulecheck: 1.3\ncases:\n  Seats:\n"
                + ["1", "9"].map { "    - { in: \"\($0)\", out: \($0) }\n" }.joined()
                + "    - { in: \"0\", errors: [notGreaterThan] }\n    - { in: \"10\", errors: [tooLarge] }\n",
            to: "specs/seats.yaml")
        let full = try Rulecheck.run(["specs", "--coverage"], in: folder.url)
        #expect(full.status == 0, "\(full.stdout)\(full.stderr)")
        #expect(!full.stdout.contains("boundary range"), "\(full.stdout)")
    }

    /// A decimal bound written `50.00` is `50.00` in messages, in the export, in coverage's ask
    /// (50.00 and 50.01), and in the mutants of `suggest`.
    @Test func aDecimalBoundKeepsTheScaleItIsWrittenWith() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            rulecheck: 1.1
            types:
              Price:
                type: decimal
                checks:
                  - range: { min: 0.50, max: 50.00 }
            """, to: "rules/price.yaml")
        try folder.write(
            """
            rulecheck: 1
            cases:
              Price:
                - { in: "12", out: 12 }
            """, to: "specs/price.yaml")
        let check = try Rulecheck.run(["check", "Price", "50.001", "0.4"], in: folder.url)
        #expect(
            check.stdout
                == "\"50.001\": tooLarge (Must be at most 50.00.)\n\"0.4\": tooSmall (Must be at least 0.50.)\n")
        let export = try Rulecheck.run(["export", "jsonschema"], in: folder.url)
        #expect(export.stdout.contains(#""minimum": 0.50,"#) && export.stdout.contains(#""maximum": 50.00"#))
        let coverage = try Rulecheck.run(["specs", "--coverage"], in: folder.url)
        #expect(coverage.stdout.contains("boundary range max 50.00: 50.00 and 50.01"), "\(coverage.stdout)")
        #expect(coverage.stdout.contains("boundary range min 0.50: 0.50 and 0.49"), "\(coverage.stdout)")
        let suggest = try Rulecheck.run(["suggest", "specs"], in: folder.url)
        #expect(suggest.stdout.contains(#"range: max 50.00 → 50.01", in: "50.01""#), "\(suggest.stdout)")
    }

    /// One answer to "can tooShort happen?": for an optional type with `length: {min: 1}` (a value
    /// that is not empty is at least 1 long) coverage does not ask for it, the generated enum has no
    /// case for it, and lint says the bound never fails; without `optional`, an empty value is tooShort.
    @Test(arguments: [true, false])
    func aCodeThatCannotHappenIsAskedForNowhere(optional: Bool) throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            rulecheck: 1
            types:
              Nickname:
                optional: \(optional)
                checks:
                  - length: { min: 1, max: 10 }
            """, to: "rules/nickname.yaml")
        try folder.write(
            """
            rulecheck: 1
            cases:
              Nickname:
                - { in: "Ann", out: "Ann" }
            """, to: "specs/nickname.yaml")
        let coverage = try Rulecheck.run(["specs", "--coverage"], in: folder.url)
        #expect(coverage.stdout.contains("code tooShort") == !optional, "\(coverage.stdout)")
        #expect(coverage.stdout.contains("length min 1") == !optional, "\(coverage.stdout)")
        #expect(coverage.stdout.contains("code tooLong"), "\(coverage.stdout)")
        let generate = try Rulecheck.run(["generate", "swift", "rules", "--output", "Generated"], in: folder.url)
        #expect(generate.status == 0, "\(generate.stderr)")
        let swift = try String(
            contentsOf: folder.url.appendingPathComponent("Generated/nickname.rules.swift"), encoding: .utf8)
        #expect(swift.contains("case tooShort") == !optional)
        #expect(swift.contains("case tooLong"))
        let lint = try Rulecheck.run(["lint", "rules"], in: folder.url)
        #expect(
            lint.stderr.contains(
                "rules/nickname.yaml:6:9: warning: 'length' min 1 never fails, so 'tooShort' never happens: an empty value is no value for an optional type, and any other is at least 1 character; drop 'min'"
            ) == optional, "\(lint.stderr)")
    }

    @Test func minCoverageFailsTheRunAndJSONParses() throws {
        let folder = try thinProject()
        let run = try Rulecheck.run(
            ["specs", "--min-coverage", "100", "--coverage-output", "coverage.json"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("is below --min-coverage 100"))
        let data = try Data(contentsOf: folder.url.appendingPathComponent("coverage.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.count == object["total"] as? Int)
        #expect(items.count { $0["covered"] as? Bool == true } == object["covered"] as? Int)
        #expect(items.count { $0["covered"] as? Bool == false } >= Self.gaps.count)
    }

    @Test func suggestedCasesCoverTheBoundariesTheyKill() throws {
        let folder = try thinProject()
        #expect(try Rulecheck.run(["suggest", "--write", "specs/suggested.yaml"], in: folder.url).status == 0)
        let run = try Rulecheck.run(["specs", "--coverage"], in: folder.url)
        for gap in Self.gaps where gap.line.contains("boundary") {
            #expect(!run.stdout.contains(gap.line), "\(run.stdout)")
        }
    }
}
