import RuleCore
import Testing

@testable import RuleSpec

/// `errors:` compares codes by path in any order, each as many times as written, an empty list
/// expecting none: counted without building a dictionary per case, as the runner does for
/// every invalid case.
@Suite struct CaseEvaluatorTests {
    struct Codes: Sendable, CustomTestStringConvertible {
        var actual: [(path: [String], code: String)]
        var expected: [String: [String]]
        var matches: Bool
        var testDescription: String {
            "\(actual.map { "\($0.path.joined(separator: ".")):\($0.code)" }) vs \(expected)"
        }
    }

    static let table: [Codes] = [
        Codes(actual: [([], "tooLong")], expected: ["": ["tooLong"]], matches: true),
        Codes(actual: [([], "tooLong")], expected: ["": ["tooShort"]], matches: false),
        Codes(actual: [([], "a"), ([], "b")], expected: ["": ["b", "a"]], matches: true),
        Codes(actual: [([], "a"), ([], "a")], expected: ["": ["a"]], matches: false),
        Codes(actual: [([], "a")], expected: ["": ["a", "a"]], matches: false),
        Codes(actual: [([], "a"), ([], "a"), ([], "b")], expected: ["": ["a", "b", "a"]], matches: true),
        Codes(actual: [([], "a"), ([], "b")], expected: ["": ["a", "a"]], matches: false),
        Codes(actual: [], expected: ["": []], matches: true),
        Codes(actual: [], expected: [:], matches: true),
        Codes(actual: [([], "a")], expected: ["": ["a"], "title": []], matches: true),
        Codes(actual: [([], "a"), (["title"], "b")], expected: ["": ["a"], "title": []], matches: false),
        Codes(actual: [(["title"], "a")], expected: ["": ["a"]], matches: false),
        Codes(actual: [(["title"], "a")], expected: ["title": ["a"]], matches: true),
        Codes(
            actual: [(["tags", "1"], "tooLong"), (["title"], "empty"), (["tags", "1"], "invalid")],
            expected: ["title": ["empty"], "tags.1": ["invalid", "tooLong"]], matches: true),
        Codes(actual: [(["tags", "1"], "tooLong")], expected: ["tags": ["tooLong"]], matches: false),
        Codes(actual: [(["a", "b"], "x")], expected: ["a.b": ["x"], "": []], matches: true),
    ]

    @Test(arguments: table)
    func codesCompareByPathInAnyOrder(_ c: Codes) {
        let violations = c.actual.map { Violation(code: $0.code, path: $0.path) }
        #expect(CaseEvaluator.codesMatch(violations, c.expected) == c.matches)
        // NB: the comparison as it was written first, by grouping and sorting.
        let grouped = CaseEvaluator.codesByPath(violations).mapValues { $0.sorted() }
        #expect((grouped == c.expected.mapValues { $0.sorted() }.filter { !$0.value.isEmpty }) == c.matches)
    }
}
