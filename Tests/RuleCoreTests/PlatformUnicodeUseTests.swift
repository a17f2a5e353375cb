import Foundation
import Testing

/// Unicode facts in a verdict path come from the pinned tables, never from the platform: no
/// `lowercased()`, no `Character` counting, no Foundation normalization, no `scalar.properties`,
/// and no `String` equality, hashing or `hasPrefix` on values, which follow the standard
/// library's canonical equivalence. This test lists each remaining use in the runtime's sources
/// with why it is not a verdict's, and fails on a new one.
@Suite struct PlatformUnicodeUseTests {
    /// What is searched for: a name and its regular expression.
    static let patterns: [(name: String, expression: String)] =
        [
            "lowercased()", "uppercased()", "capitalized", ".properties.", "precomposedString", "decomposedString",
            "Set<String>", "hashValue", "hasPrefix(", "hasSuffix(", "caseInsensitiveCompare", "localizedCompare",
            "trimmingCharacters", ".isLetter", ".isNumber", ".isWhitespace",
        ].map { ($0, NSRegularExpression.escapedPattern(for: $0)) } + [("Character", "\\bCharacter\\b")]

    /// The sources that run when a value is validated.
    static let folders = ["Sources/RuleCore", "Sources/RuleVapor", "Sources/RuleHummingbird"]

    /// Each allowed use: file (from the repository's top), pattern, how many times, and why.
    static let allowed: [(file: String, pattern: String, count: Int, why: String)] = [
        ("Sources/RuleCore/Checks/AscendingCheck.swift", "Set<String>", 1, "field names"),
        ("Sources/RuleCore/Checks/CheckBoundary.swift", "Character", 1, "a tool's candidate of one ASCII scalar"),
        ("Sources/RuleCore/Checks/CheckBoundary.swift", "capitalized", 2, "a tool's ASCII case change (ASCIICase)"),
        ("Sources/RuleCore/Checks/CheckFamilies.swift", "Set<String>", 1, "field names"),
        ("Sources/RuleCore/Checks/CompiledCheck.swift", "Set<String>", 1, "field names"),
        ("Sources/RuleCore/Checks/RequiredIfCheck.swift", "Set<String>", 1, "field names"),
        ("Sources/RuleCore/Checks/URLCheck.swift", "lowercased()", 2, "a rule's ASCII scheme name"),
        ("Sources/RuleCore/Diagnostics/Suggestion.swift", "lowercased()", 2, "did-you-mean over rule keywords"),
        ("Sources/RuleCore/Messages/AcceptLanguage.swift", "lowercased()", 3, "language tags (ASCII)"),
        ("Sources/RuleCore/Messages/AcceptLanguage.swift", "hasPrefix(", 2, "an Accept-Language q parameter"),
        ("Sources/RuleCore/Messages/LanguageTag.swift", "lowercased()", 2, "language tags (ASCII)"),
        ("Sources/RuleCore/Messages/LanguageTag.swift", "hasPrefix(", 1, "language tags (ASCII)"),
        ("Sources/RuleCore/Messages/LanguageTag.swift", "Set<String>", 1, "ISO 639-1 codes"),
        ("Sources/RuleCore/Messages/LanguageTag.swift", ".isLetter", 2, "an ASCII-only language subtag"),
        ("Sources/RuleCore/Messages/LanguageTag.swift", ".isNumber", 1, "an ASCII-only language subtag"),
        ("Sources/RuleCore/Messages/MessageBundle.swift", "hasPrefix(", 1, "a message key"),
        ("Sources/RuleCore/Messages/MessageFormat.swift", "hasPrefix(", 4, "a message template's specifiers"),
        ("Sources/RuleCore/Model/DateBound+Parsing.swift", "hasPrefix(", 1, "a rule's date expression keyword"),
        ("Sources/RuleCore/Model/DateBound+Parsing.swift", "lowercased()", 1, "a rule's date expression keyword"),
        ("Sources/RuleCore/Model/DateBound+Parsing.swift", "hasSuffix(", 1, "a rule's date unit keyword"),
        ("Sources/RuleCore/Model/RuleSet+Compilation.swift", "Set<String>", 4, "type and field names"),
        ("Sources/RuleCore/Patterns/PatternParser.swift", ".properties.", 4, "ASCII-only pattern syntax letters"),
        ("Sources/RuleCore/Patterns/PatternParser.swift", "Set<String>", 1, "pattern syntax names"),
        ("Sources/RuleCore/Patterns/PatternParser.swift", "hasPrefix(", 1, "pattern syntax"),
        ("Sources/RuleCore/Patterns/PatternSamples.swift", "Character", 2, "a tool's sample of chosen scalars"),
        ("Sources/RuleCore/Patterns/UnicodeScripts.swift", "Character", 1, "the generated file's comment"),
        ("Sources/RuleCore/Unicode/PinnedUnicode.swift", "Character", 1, "a comment naming the UCD"),
        ("Sources/RuleCore/Messages/MessageFormat.swift", ".isNumber", 1, "a message template's ASCII digits"),
        ("Sources/RuleCore/Validation/ModelValidator.swift", "Set<String>", 2, "field names"),
        ("Sources/RuleCore/Validation/ProblemDetails+HTTP.swift", "lowercased()", 1, "an HTTP media type (ASCII)"),
        ("Sources/RuleCore/Validation/ProblemDetails+HTTP.swift", "hasPrefix(", 1, "an HTTP media type (ASCII)"),
        ("Sources/RuleCore/Validation/ProblemDetails+HTTP.swift", "hasSuffix(", 1, "an HTTP media type (ASCII)"),
        ("Sources/RuleCore/Validation/ProblemDetails+HTTP.swift", "Character", 1, "HTTP's ASCII spaces"),
        ("Sources/RuleCore/Validation/Violation+Codable.swift", "hasPrefix(", 1, "a JSON pointer's slash"),
    ]

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every use found: file, pattern, count.
    static func found() throws -> [String: Int] {
        var result: [String: Int] = [:]
        for folder in folders {
            let root = repository.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in files where url.pathExtension == "swift" {
                // NB: the generated tables are data, not calls.
                guard url.lastPathComponent != "UnicodeTables.swift" else { continue }
                let text = try String(contentsOf: url, encoding: .utf8)
                let file = folder + url.path.dropFirst(root.path.count)
                for (name, expression) in patterns {
                    let count = try NSRegularExpression(pattern: expression)
                        .numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
                    if count > 0 { result[file + " " + name] = count }
                }
            }
        }
        return result
    }

    @Test("no verdict path asks the platform a Unicode question or compares values by String")
    func onlyTheListedUsesRemain() throws {
        let found = try Self.found()
        let expected = Dictionary(uniqueKeysWithValues: Self.allowed.map { ($0.file + " " + $0.pattern, $0.count) })
        // NB: the search finds something, so the comparison compares something.
        #expect(found.count > 10)
        for key in Set(found.keys).union(expected.keys).sorted() {
            #expect(found[key] == expected[key], "\(key): found \(found[key] ?? 0), allowed \(expected[key] ?? 0)")
        }
    }
}
