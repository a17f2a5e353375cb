import Foundation
import RuleCore
import RuleYAML
import Testing

@testable import RuleSpec

/// Generated rule and spec files just past each limit, or shaped to make a naive loader blow up:
/// each gets its diagnostic (or loads) in bounded time. The time taken is printed, as a measurement
/// to read in the log; it is asserted only where a quadratic loader took 100 times the limit.
@Suite struct HostileFileTests {
    struct Case: Sendable, CustomTestStringConvertible {
        enum Kind: Sendable { case rules, spec }
        var why: String
        var kind = Kind.rules
        var text: @Sendable () -> String
        /// The first diagnostic, or `nil` when the file must load without one.
        var expected: String?
        /// How many diagnostics carry a "did you mean", when that matters.
        var suggestions: Int?
        /// The longest the load may take, far above a linear loader's time on a loaded machine.
        var limit: Duration?
        var testDescription: String { why }
    }

    static let laughs = (1...10).map { level in
        let items = level == 1 ? Array(repeating: "\"lol\"", count: 10) : Array(repeating: "*l\(level - 1)", count: 10)
        return "l\(level): &l\(level) [\(items.joined(separator: ", "))]"
    }.joined(separator: "\n")

    static func lines(_ count: Int, _ line: (Int) -> String) -> String {
        (0..<count).map(line).joined(separator: "\n") + "\n"
    }

    @Test(
        "each hostile file is rejected with its diagnostic, or loads, in bounded time",
        arguments: [
            Case(
                why: "a billion laughs: 10 levels of 10 aliases",
                text: { "rulecheck: 1\n" + laughs + "\n" },
                expected: "fuzz.yaml:5:45: error: alias expansion exceeds the limit of 10000 nodes"),
            Case(
                why: "sequences nested 65 deep",
                text: {
                    "rulecheck: 1\ntypes: " + String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
                },
                expected: "fuzz.yaml:2:71: error: nesting depth exceeds the limit of 64 levels"),
            Case(
                why: "10,001 types in one mapping",
                text: { "rulecheck: 1\ntypes:\n" + lines(10_001) { "  T\($0): {}" } },
                expected: "fuzz.yaml:10003:3: error: mapping exceeds the limit of 10000 keys"),
            Case(
                why: "a description of 64 KiB and 1 byte",
                text: {
                    "rulecheck: 1\ntypes:\n  T:\n    description: " + String(repeating: "x", count: 65_537) + "\n"
                },
                expected: "fuzz.yaml:4:18: error: scalar exceeds the limit of 65536 bytes"),
            Case(
                why: "a file of 16 MiB and 1 byte",
                text: { "rulecheck: 1\n" + String(repeating: "#", count: (16 << 20) - 13) + "\n" },
                expected: "fuzz.yaml:1:1: error: file is 16777217 bytes, larger than the limit of 16777216 bytes"),
            Case(
                why: "a chain of 40 diamonds of models: 2^40 paths, 80 fields",
                text: {
                    "rulecheck: 1\ntypes:\n  T: {}\nmodels:\n"
                        + lines(40) {
                            "  M\($0): { fields: { a: \($0 == 39 ? "T" : "M\($0 + 1)"), b: \($0 == 39 ? "T" : "M\($0 + 1)") } }"
                        }
                },
                expected: nil),
            Case(
                why: "2,000 models in a chain",
                text: {
                    "rulecheck: 1\ntypes:\n  T: {}\nmodels:\n"
                        + lines(2000) { "  M\($0): { fields: { a: \($0 == 0 ? "T" : "M\($0 - 1)") } }" }
                },
                expected:
                    "fuzz.yaml:69:3: error: model 'M64' nests models 65 deep, more than the limit of 64; flatten it"),
            Case(
                why: "2,000 types in a chain, root last",
                text: {
                    "rulecheck: 1\ntypes:\n"
                        + lines(2000) { "  T\(1999 - $0): { type: \($0 == 1999 ? "string" : "T\(1998 - $0)") }" }
                },
                expected:
                    "fuzz.yaml:3:18: error: type 'T1999' has more than 64 types in its chain of bases; base it on a type nearer the value type"
            ),
            Case(
                why: "2,000 misspelled field types among 2,000 types: suggestions stop after 50",
                text: {
                    "rulecheck: 1\ntypes:\n" + lines(2000) { "  Type\($0 + 1000): {}" }
                        + "models:\n  M:\n    fields:\n" + lines(2000) { "      f\($0): Tipe\($0 + 1000)" }
                },
                expected: "fuzz.yaml:2006:11: error: unknown type 'Tipe1000'; did you mean 'Type1000'?",
                suggestions: Suggestion.lookUpLimit),
            Case(
                why: "600 patterns of 2,000 states each",
                text: {
                    "rulecheck: 1\ntypes:\n" + lines(600) { "  T\($0): { checks: [ { pattern: 'a{1000}b{1000}' } ] }" }
                },
                expected:
                    "fuzz.yaml:502:32: error: the patterns of this file compile to more than 1000000 states in all; use smaller counts or fewer patterns"
            ),
            Case(
                why:
                    "a class of 15,000 scalars (found by FuzzRuleFile: classes joined part by part were quadratic, 25 s)",
                text: {
                    let scalars = String(
                        String.UnicodeScalarView((0..<15_000).map { Unicode.Scalar(0x4E00 + 2 * $0)! }))
                    return "rulecheck: 1\ntypes:\n  T: { checks: [ { pattern: '[\(scalars)]' } ] }\n"
                },
                expected: nil, limit: .seconds(5)),
            Case(
                why: "a ReDoS pattern",
                text: { "rulecheck: 1\ntypes:\n  T: { checks: [ { pattern: '^(\\w+\\s?)*$' } ] }\n" },
                expected:
                    "fuzz.yaml:3:31: error: invalid pattern: nested unbounded repetition '(\\w+\\s?)*' takes exponential time on backtracking engines (ECMAScript, Java, PCRE, Python); repeat the inner part alone, or give each round a required character such as a separator"
            ),
            Case(
                why: "a spec input of 1 MiB, within the spec files' limit",
                kind: .spec,
                text: {
                    "rulecheck: 1\ncases:\n  T:\n    - { in: " + String(repeating: "x", count: 1 << 20)
                        + ", valid: true }\n"
                },
                expected: nil),
            Case(
                why: "a spec input of 1 MiB and 1 byte",
                kind: .spec,
                text: {
                    "rulecheck: 1\ncases:\n  T:\n    - { in: " + String(repeating: "x", count: (1 << 20) + 1)
                        + ", valid: true }\n"
                },
                expected: "fuzz.yaml:4:13: error: scalar exceeds the limit of 1048576 bytes"),
            Case(
                why: "a billion laughs in a spec case",
                kind: .spec,
                text: {
                    "rulecheck: 1\ncases:\n  T:\n    - in: x\n      valid: true\n      lol:\n"
                        + laughs.split(separator: "\n").map { "        \($0)" }.joined(separator: "\n") + "\n"
                },
                expected: "fuzz.yaml:10:53: error: alias expansion exceeds the limit of 10000 nodes"),
        ])
    func rejected(_ c: Case) {
        let bytes = Array(c.text().utf8)
        let clock = ContinuousClock()
        var diagnostics: [Diagnostic] = []
        let elapsed = clock.measure { diagnostics = Self.load(bytes, as: c.kind) }
        print(
            "measured: \(c.why): \(diagnostics.isEmpty ? "loaded" : "rejected") in \(elapsed.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1))))"
        )
        let first = diagnostics.first.map { DiagnosticRenderer.plain.render([$0]).split(separator: "\n")[0] }.map(
            String.init)
        #expect(first == c.expected)
        if let limit = c.limit { #expect(elapsed < limit) }
        if let suggestions = c.suggestions {
            #expect(diagnostics.count { $0.message.contains("did you mean") } == suggestions)
        }
    }

    static func load(_ bytes: [UInt8], as kind: Case.Kind) -> [Diagnostic] {
        switch kind {
        case .rules:
            return RuleFileLoader().load(bytes: bytes, file: "fuzz.yaml").diagnostics
        case .spec:
            do {
                let reader = try SpecFileReader(file: "fuzz.yaml", bytes: bytes)
                _ = try reader.readHeader()
                do {
                    while try reader.nextCase() != nil {}
                    return reader.diagnostics
                } catch {
                    return reader.diagnostics + [error]
                }
            } catch {
                return [error]
            }
        }
    }
}
