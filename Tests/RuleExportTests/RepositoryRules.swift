import Foundation
import RuleCore
import RuleYAML
import Testing

/// The repository's `rules/` and `specs/`, which the exports are tested on.
enum RepositoryRules {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardizedFileURL

    /// `rules/` compiled; a test fails when they do not compile.
    static func load() throws -> RuleSet {
        try #require(RuleFileLoader().load([root.appendingPathComponent("rules").path]).ruleSet)
    }

    /// `text` with the repository's absolute path taken out of every location.
    static func relative(_ text: String) -> String {
        text.replacingOccurrences(of: root.path + "/", with: "")
    }
}
