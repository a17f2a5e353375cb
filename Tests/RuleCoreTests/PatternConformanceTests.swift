import Foundation
import Testing

@testable import RuleCore

/// Checks patterns against JSON-Schema-Test-Suite's expectations for ECMAScript regexes.
@Suite struct PatternConformanceTests {
    struct Case: Sendable, CustomTestStringConvertible, Decodable {
        struct Rule: Sendable, Decodable { var pattern: String }
        var file = ""
        var line = 0
        var suite: String
        var rule: Rule
        var input: String
        var valid: Bool
        var note: String

        enum CodingKeys: CodingKey { case suite, rule, input, valid, note }

        /// JSON Schema's `pattern` is a search; the converted data says so in the suite's name.
        var isUnanchored: Bool { suite.contains("UNANCHORED") }
        var testDescription: String { "\(file):\(line): \(note)" }
    }

    static let files = ["jsts-pattern.jsonl", "jsts-ecmascript-regex.jsonl"]

    static func cases() throws -> [Case] {
        try files.flatMap { file in
            let text = try ConformanceFolder.text(file)
            return try text.split(separator: "\n").enumerated().map { index, line in
                var c = try JSONDecoder().decode(Case.self, from: Data(line.utf8))
                (c.file, c.line) = (file, index + 1)
                return c
            }
        }
    }

    /// Patterns of the data that are outside the portable subset, so `RulePattern` must refuse them.
    static let refused: [String: String] = [
        #"^\cC$"#: #"control escapes: RE2 has no '\c'; write '\x03'"#,
        #"^\cc$"#: #"control escapes: RE2 has no '\c'; write '\x03'"#,
    ]

    /// Lines where docs/format.md's meaning differs from ECMAScript's on purpose: (pattern, input) → expected.
    static let differences: [String: (valid: Bool, reason: String)] = [
        "^\\s$ U+FEFF": (false, #"docs/format.md: '\s' is White_Space, which U+FEFF is not (ECMAScript adds it)"#),
        "^\\S$ U+FEFF": (true, #"docs/format.md: '\S' is the complement of White_Space, which U+FEFF is not in"#),
    ]

    static func key(_ c: Case) -> String {
        c.rule.pattern + " "
            + c.input.unicodeScalars.map {
                $0.isASCII ? String($0) : "U+" + String($0.value, radix: 16, uppercase: true)
            }.joined()
    }

    @Test(
        "every line of the data agrees with RulePattern, or is a listed refusal or difference", arguments: try cases())
    func agrees(_ c: Case) throws {
        if let reason = Self.refused[c.rule.pattern] {
            #expect(throws: PatternSyntaxError.self, "refused on purpose: \(reason)") {
                try RulePattern(c.rule.pattern)
            }
            return
        }
        let source = c.isUnanchored ? #"[\s\S]*(?:"# + c.rule.pattern + #")[\s\S]*"# : c.rule.pattern
        let difference = Self.differences[Self.key(c)]
        let expected = difference?.valid ?? c.valid
        #expect(
            try RulePattern(source).matches(c.input) == expected,
            "\(difference.map { "differs from the data on purpose: \($0.reason)" } ?? "as the data says")")
    }

    @Test func theDataIsAllThereAndEveryListedExceptionOccursInIt() throws {
        let cases = try Self.cases()
        #expect(cases.count == 65)
        let patterns = Set(cases.map(\.rule.pattern))
        #expect(Set(Self.refused.keys).isSubset(of: patterns))
        #expect(Set(Self.differences.keys).isSubset(of: Set(cases.map(Self.key))))
        #expect(cases.contains { $0.isUnanchored })
    }
}
