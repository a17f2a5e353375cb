import Foundation
import RuleTestSupport
import Testing

/// `rulecheck lint` finds every independent mistake the first time (issue 37): 38 of some 30 kinds
/// across three rule files (one of them no YAML) and three spec files, each at its place, with no
/// follow-on finding (no "unknown type" for a name the unreadable file may declare, no case of a type
/// that did not load reported again, no "message never shown" beside a check that did not load), and
/// a type with a check that does not apply still checked for rules no value can pass.
@Suite struct LintOneRunTests {
    static let expected = [
        "rules/broken.yaml:5:7: error: did not find expected ',' or ']' while parsing a flow sequence",
        "rules/order.yaml:8:20: error: expected 'today', 'today ± N days/weeks/months/years' or a date as YYYY-MM-DD, found '2026-13-01'",
        "rules/order.yaml:14:15: error: unknown type 'Coupn'",
        "rules/order.yaml:15:28: error: 'minItems' (5) is greater than 'maxItems' (2); no list could pass",
        "rules/order.yaml:17:9: error: 'requiredIf' names unknown field 'giftNote'",
        "rules/order.yaml:18:9: error: 'equal' names unknown field 'titel'; did you mean 'title'?",
        "rules/order.yaml:24:7: error: model 'Basket' reports no code 'tooSmal', so this message is never shown; it reports 'invalidFormat', 'required'",
        "rules/shop.yaml:4:5: error: unknown key 'descripton' in type 'Title'; did you mean 'description'?",
        "rules/shop.yaml:8:7: error: type 'Title' reports no code 'titleLenght', so this message is never shown; did you mean 'titleLength'?",
        "rules/shop.yaml:12:9: error: 'length' does not apply to an integer value; it applies to string",
        "rules/shop.yaml:16:11: error: type 'Loop1' is based on itself: 'Loop1' → 'Loop2' → 'Loop1'",
        "rules/shop.yaml:18:11: error: unknown type 'Strng'; did you mean 'string'?",
        "rules/shop.yaml:21:9: error: 'length' and 'range' apply to no value type together, whatever the base type is",
        "rules/shop.yaml:23:23: error: unknown placeholder '{mn}' in message; did you mean 'min'?",
        "rules/shop.yaml:25:17: error: unknown normalizer 'trimm'; did you mean 'trim'?",
        "rules/shop.yaml:27:24: error: invalid pattern: '{' must start a repetition like '{2}', '{2,}' or '{2,5}'; write '\\{' for a literal brace",
        "rules/shop.yaml:28:3: error: 'Colour' is declared twice",
        "rules/shop.yaml:30:9: error: unknown check 'lenght'; did you mean 'length'?",
        "rules/shop.yaml:33:24: error: 'min' (5) is greater than 'max' (2); no value could pass",
        "rules/shop.yaml:37:9: error: no value can pass 'oneOf': each value it allows fails another rule of type 'Country'",
        "rules/shop.yaml:41:9: error: 'required' contradicts 'optional: true'; remove one of them",
        "rules/shop.yaml:42:3: error: 'Result' would hide Swift's 'Result' wherever the generated code is used; rename it",
        "rules/shop.yaml:42:3: warning: 'Result' is a name each generated TypeScript module imports from the runtime, so the module would not compile; rename it, such as to 'ResultValue'",
        "rules/shop.yaml:49:23: error: unknown placeholder '{maxx}' in message; did you mean 'max'?",
        "rules/shop.yaml:51:11: error: unknown type 'Nothing'",
        "rules/shop.yaml:54:9: error: 'required' contradicts 'optional: true'; remove one of them",
        "rules/shop.yaml:55:9: error: 'equal' compares fields of a model; a type has none",
        "rules/shop.yaml:59:9: error: 'length' does not apply to an integer value; it applies to string",
        "rules/shop.yaml:61:9: error: no value can pass: one 'range' needs at least 10, the other at most 5",
        "specs/bad.yaml:2:8: error: expected a date as YYYY-MM-DD for 'today', found '2026-02-30'",
        "specs/bad.yaml:5:26: error: a case has exactly one expectation; found 'out' and 'valid'",
        "specs/bad.yaml:6:27: error: 'errors' lists no code; to expect a valid value, write 'valid: true'",
        "specs/missing.yaml:2:8: error: no rule file or folder at 'nothere'",
        "specs/shop.yaml:5:9: error: unknown key 'inn' in a case; did you mean 'in'?",
        "specs/shop.yaml:6:7: error: 'out: five' is no decimal value, so type 'Price' never gives it",
        "specs/shop.yaml:7:7: error: type 'Price' never reports 'tooLarg'; it can report 'invalidFormat', 'required', 'tooLarge', 'tooSmall'; did you mean 'tooLarge'?",
        "specs/shop.yaml:8:3: error: unknown type 'Prise'; did you mean 'Price'?",
        "specs/shop.yaml:11:7: error: model 'Basket' has no field 'labl'; did you mean 'label'?",
    ]

    @Test func everyMistakeIsFoundInTheFirstRun() throws {
        let folder = try TemporaryFolder()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/lint-one-run")
        for part in ["rules", "specs"] {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(part), to: folder.url.appendingPathComponent(part))
        }
        let run = try Rulecheck.run(["lint"], in: folder.url)
        let found = run.stderr.split(separator: "\n").map(String.init).filter {
            $0.contains(": error: ") || $0.contains(": warning: ")
        }
        #expect(found == Self.expected, "\(run.stderr)")
        #expect(Set(found.map { $0.split(separator: ":")[0] }).count == 6)
        #expect(run.stdout == "3 rule files, 16 types, 2 models, 3 spec files: 37 errors, 1 warning\n")
        #expect(run.status == 2)
    }
}
