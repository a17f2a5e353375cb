import Foundation
import Testing

/// Unicode facts come from the pinned tables, never from the platform: no `lowercased()`, no
/// `Character` properties, no Foundation normalization or character sets, no `scalar.properties`,
/// and no `String` hashing, `hasPrefix`, `replacing` or `components(separatedBy:)`, which follow
/// canonical equivalence of the standard library's Unicode. Text is compared by its scalars
/// (`hasScalarPrefix`, `replacingScalars`, `containsScalars`), and names and keywords that are
/// ASCII by the format's or the protocol's definition are cased and classed in ASCII (`ASCIICase`).
///
/// This test searches every source of the package and the generated Swift (the goldens), lists
/// each remaining use with why no verdict, generated artifact or runtime depends on it, and fails
/// on a new one. It sees names, not types: `==` on values and `String.count` are the reviewers'.
@Suite struct PlatformUnicodeUseTests {
    /// What is searched for: a name and its regular expression.
    static let patterns: [(name: String, expression: String)] =
        [
            "lowercased(", "uppercased(", "capitalized", ".properties.", "precomposedString", "decomposedString",
            "folding(", "applyingTransform", "Set<String>", "hashValue", "hasPrefix(", "hasSuffix(", ".replacing(",
            "replacingOccurrences", "components(separatedBy", "trimmingCharacters", "rangeOfCharacter", "CharacterSet",
            "caseInsensitive", "localizedCompare", "localizedStandardCompare", "NSRegularExpression", ".isLetter",
            ".isNumber", ".isWhitespace", ".isNewline", ".isUppercase", ".isLowercase", ".isPunctuation", ".isSymbol",
        ].map { ($0, NSRegularExpression.escapedPattern(for: $0)) } + [("Character", "\\bCharacter\\b")]

    /// Every source of the package, and the Swift the generators write.
    static let folders = ["Sources", "Tests/GeneratedCodeTests/Golden"]

    /// Each allowed use: a file, or a folder (ending in `/`) for the uses of its files no entry of
    /// their own lists; the pattern; how many times; and why.
    static let allowed: [(scope: String, pattern: String, count: Int, why: String)] = [
        (
            "Sources/RuleCore/", "Set<String>", 14,
            "names of types, fields, groups and custom checks, ISO 639-1 codes: never values"
        ),
        ("Sources/RuleYAML/", "Set<String>", 7, "names of types, models and custom checks and the keys of a rule file"),
        ("Sources/RuleSpec/", "Set<String>", 12, "names of types and codes, and coverage's own labels"),
        ("Sources/RuleTooling/", "Set<String>", 4, "names of types, fields and codes"),
        ("Sources/RuleExport/", "Set<String>", 5, "names of checks, types and keywords"),
        ("Sources/RuleGen/", "Set<String>", 18, "reserved words and generated names, which are ASCII or unique"),
        ("Sources/RuleDiff/", "Set<String>", 2, "field names, and inputs as written, invisible scalars escaped"),
        ("Sources/RuleAudit/", "Set<String>", 2, "codes and field paths of violations, counted for a report"),
        ("Sources/rulecheck/", "Set<String>", 1, "paths of files already linted"),
        ("Sources/RuleLSP/", "Set<String>", 2, "paths of open documents and codes already listed"),
        ("Sources/RuleGen/SwiftNameChecker.swift", "Character", 1, "Swift's type, a name generated code must not take"),
        ("Sources/RuleGen/ValueObjectGenerator.swift", "hashValue", 2, "a member generated code must not name"),
        ("Sources/RuleGen/OutputNaming.swift", "hasSuffix(", 1, "a file's .yaml; the plugin's copy has no RuleCore"),
        ("Sources/RuleCore/Unicode/PinnedUnicode.swift", "Character", 1, "a comment naming the UCD"),
        ("Sources/RuleCore/Patterns/UnicodeScripts.swift", "Character", 1, "the generated file's comment"),
        ("Sources/RuleSpec/Runner/SpecRunner.swift", "Character", 1, "a comment on what the runner no longer does"),
        ("Sources/RuleSpec/Reporters/JUnitReporter.swift", "trimmingCharacters", 1, "a report's text, never compared"),
        ("Sources/RuleDiff/RuleSource.swift", "trimmingCharacters", 1, "git's error message, shown as it is"),
        (
            "Sources/RuleVapor/RuleVapor.swift", "caseInsensitive", 17,
            "Vapor's own routing option, read from Routes and given to its TrieRouter, matched as Vapor does"
        ),
    ]

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every use found: file (from the repository's top) and pattern, and how many times.
    static func found() throws -> [String: Int] {
        var result: [String: Int] = [:]
        let expressions = try patterns.map { ($0.name, try NSRegularExpression(pattern: $0.expression)) }
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
                for (name, expression) in expressions {
                    let count = expression.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
                    if count > 0 { result[file + " " + name] = count }
                }
            }
        }
        return result
    }

    /// `found` tallied by the entries of `allowed`: each file's uses under its own entry, else its
    /// nearest folder's; those no entry covers under their file.
    static func tally(_ found: [String: Int]) -> [String: Int] {
        var result: [String: Int] = [:]
        for (key, count) in found {
            let (file, pattern) = (String(key.prefix { $0 != " " }), String(key.drop { $0 != " " }.dropFirst()))
            let scope =
                allowed.filter { entry in
                    entry.pattern == pattern
                        && (entry.scope == file
                            || entry.scope.utf8.last == UInt8(ascii: "/")
                                && file.utf8.starts(with: entry.scope.utf8))
                }
                .max { $0.scope.utf8.count < $1.scope.utf8.count }?.scope ?? file
            result[scope + " " + pattern, default: 0] += count
        }
        return result
    }

    @Test("nothing asks the platform a Unicode question or compares text by String, but the listed uses")
    func onlyTheListedUsesRemain() throws {
        let found = try Self.found()
        let tallied = Self.tally(found)
        let expected = Dictionary(uniqueKeysWithValues: Self.allowed.map { ($0.scope + " " + $0.pattern, $0.count) })
        // NB: the search finds something, and in more than one folder, so the comparison compares something.
        #expect(found.count > 20)
        #expect(found.keys.contains { $0.utf8.starts(with: "Sources/rulecheck/".utf8) })
        for key in Set(tallied.keys).union(expected.keys).sorted() {
            #expect(tallied[key] == expected[key], "\(key): found \(tallied[key] ?? 0), allowed \(expected[key] ?? 0)")
        }
    }

    @Test(
        "a new use in a file or folder is found, listed or not",
        arguments: [
            ("Sources/RuleGen/SwiftLiteral.swift Set<String>", "Sources/RuleGen/ Set<String>"),
            ("Sources/RuleGen/SwiftLiteral.swift lowercased(", "Sources/RuleGen/SwiftLiteral.swift lowercased("),
            (
                "Sources/RuleSpec/Runner/SpecRunner.swift Character",
                "Sources/RuleSpec/Runner/SpecRunner.swift Character"
            ),
            (
                "Tests/GeneratedCodeTests/Golden/task.rules.swift hasPrefix(",
                "Tests/GeneratedCodeTests/Golden/task.rules.swift hasPrefix("
            ),
        ])
    func aNewUseIsCounted(use: String, counted: String) throws {
        var found = try Self.found()
        let before = Self.tally(found)[counted] ?? 0
        found[use, default: 0] += 1
        #expect(Self.tally(found)[counted] == before + 1)
    }
}
