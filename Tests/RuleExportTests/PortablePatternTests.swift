import Foundation
import RuleCore
import RuleTestSupport
import Testing

@testable import RuleExport

/// Another engine that reads rulecheck's pattern subset.
struct PatternEngine: CustomTestStringConvertible, Sendable {
    var name: String
    var program: String
    /// The script in `Scripts/` and its arguments after it.
    var script: String
    var arguments: [String]
    /// Whether the engine reads patterns as a schema exports them, or as rule files write them.
    var readsExported: Bool
    var testDescription: String { name }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts")
    static let node = PatternEngine(
        name: "ECMAScript (node, u flag) on the exported pattern", program: "node", script: "pattern_verdicts.js",
        arguments: [],
        readsExported: true)
    static let python = PatternEngine(
        name: "the Python runtime", program: "python3", script: "pattern_verdicts.py",
        arguments: [RepositoryRules.root.appendingPathComponent("runtimes/python/src").path], readsExported: false)

    var isAvailable: Bool {
        program == "node" ? Subprocess.program("node") != nil : Subprocess.python != nil
    }
}

/// The pattern subset means the same in Swift, in ECMAScript (as exported schemas anchor it) and
/// in the Python reference implementation, so that a schema and a backend agree with the rules.
@Suite struct PortablePatternTests {
    /// Patterns of every construct of the subset, with inputs on both sides of each.
    static let cases: [(pattern: String, inputs: [String])] = [
        ("abc", ["abc", "abcd", "xabc", ""]),
        (#"\\\.\*\+\?\(\)\[\]\{\}\|\^\$\/"#, [#"\.*+?()[]{}|^$/"#, "x"]),
        (#"\t\n\r\f\v\0"#, ["\t\n\r\u{0C}\u{0B}\0", "\t"]),
        (#"\x41\u0042\u{43}\u{1F600}\uD83D\uDE01"#, ["ABC😀😁", "ABC"]),
        (".", ["a", "\n", "\r", "\u{2028}", "\u{2029}", "\u{85}", "😀", "e\u{301}"]),
        (#"\d+"#, ["0123456789", "١٢٣", "１"]),
        (#"\D\W\S"#, ["a!x", "1!x", "a x"]),
        (#"\w+"#, ["a_Z9", "é", "ａ"]),
        (#"[\s\d]+|\S\s"#, [" 1", "a\u{85}", "\u{FEFF}\u{3000}"]),
        (#"[^\S]"#, [" ", "a", "\u{FEFF}"]),
        (
            #"\s+"#,
            [
                " \t\n\u{0B}\u{0C}\r\u{85}\u{A0}\u{1680}\u{2000}\u{200A}\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}",
                "\u{FEFF}", "\u{200B}", "\u{1C}",
            ]
        ),
        (#"[a-c\d_\-]+"#, ["abc-_1", "d"]),
        (#"[^a-c\s]"#, ["d", "a", " "]),
        (#"[\u{1F600}-\u{1F64F}]"#, ["😀", "😐", "🙏", "🚀"]),
        (#"\p{L}+"#, ["abcαβγ漢字", "a1"]),
        (#"\p{Lu}\p{Ll}"#, ["Aa", "aA"]),
        (#"\P{L}"#, ["1", "a"]),
        (#"[\P{L}x]+"#, ["1x!", "a"]),
        (#"\p{Nd}\p{digit}\p{gc=Nd}\p{General_Category=Decimal_Number}"#, ["1١２3", "1a23"]),
        (#"\p{Letter}\p{LC}\p{Cased_Letter}"#, ["漢Aa", "漢漢a"]),
        (#"\p{P}\p{punct}\p{S}\p{Z}\p{M}"#, ["!,$ \u{301}", "!,$  "]),
        (#"\p{Script=Han}+"#, ["漢字", "かな"]),
        (#"\p{sc=Hira}\p{Script=Katakana}"#, ["かカ", "カか"]),
        (#"\p{scx=Hani}"#, ["漢", "\u{3001}", "a"]),
        (#"(?:ab)+|c"#, ["abab", "c", "abc", ""]),
        (#"(?<year>\d{4})-(?<month>\d{2})"#, ["2026-11", "26-11"]),
        (#"a{2}b{1,}c{0,2}d*?e+?f??"#, ["aabcef", "aabbbccdef", "abef", "aabcccef"]),
        (#"^a$|^b"#, ["a", "b", "ab"]),
        (#"a$"#, ["a", "a\n"]),
        (#"(a|ab)(c|bcd)"#, ["abcd", "abc", "acd"]),
    ]

    @Test(arguments: [PatternEngine.node, PatternEngine.python])
    func anotherEngineAgreesWithPattern(_ engine: PatternEngine) throws {
        try #require(engine.isAvailable, "\(engine.program) is not installed")
        var lines = ""
        var expected: [(String, String, Bool)] = []
        for (source, inputs) in Self.cases {
            let pattern = try RulePattern(source)
            for input in inputs {
                let sent = engine.readsExported ? SchemaPatterns.wholeValue(source) : source
                let data = try JSONSerialization.data(
                    withJSONObject: ["pattern": sent, "input": input], options: [.sortedKeys])
                lines += String(decoding: data, as: UTF8.self) + "\n"
                expected.append((source, input, pattern.matches(input)))
            }
        }
        let run = try Subprocess.run(
            try #require(Subprocess.program(engine.program)),
            [PatternEngine.folder.appendingPathComponent(engine.script).path] + engine.arguments, stdin: lines)
        #expect(run.status == 0, "\(run.stderr)")
        let verdicts = run.stdout.split(separator: "\n").map(String.init)
        try #require(verdicts.count == expected.count, "\(run.stdout)")
        for ((source, input, matches), verdict) in zip(expected, verdicts) where verdict != String(matches) {
            Issue.record(
                "/\(source)/ on \(input.debugDescription): RulePattern says \(matches), \(engine.name) says \(verdict)")
        }
    }

    @Test(
        "the exported email pattern is the email check",
        arguments: [
            "a@b", "a.b@c.d", "a..b@c", ".a@b", "!#$%&'*+/=?^_`{|}~-@x", "a@b.", "a@.b", "a@b..c", "a@-b", "a@b-",
            "a@b-c.d",
            "a@" + String(repeating: "x", count: 63), "a@" + String(repeating: "x", count: 64),
            "a@b.c" + String(repeating: "x", count: 63),
            "@b", "a@", "a", "a b@c", "a@b c", "ä@b", "a@bä", "a@b@c", "a@b_c", "\"a\"@b", "a@[1.2.3.4]", "",
        ])
    func emailPattern(_ text: String) throws {
        #expect(try RulePattern(SchemaPatterns.email).matches(text) == EmailCheck.isValid(text[...]))
    }

    @Test(
        "the exported decimal pattern reads what DecimalNumber reads",
        arguments: ["0", "-1", "+1.50", "007.0", "1.", ".5", "1e3", "１", "1.2.3", "-", "", " 1", "1_000", "-0.000"])
    func decimalPattern(_ text: String) throws {
        #expect(try RulePattern(SchemaPatterns.decimal).matches(text) == (DecimalNumber(text) != nil))
    }
}
