import Foundation
import RuleCore

/// Compares the result of a case, from this library or another implementation, with its expectation.
struct CaseEvaluator: Sendable {
    /// The language of expected messages.
    let language: String
    /// Whether results carry their values; an endpoint's do not, so `out` then compares validity.
    var comparesValues = true

    /// Why `result` does not meet the case's expectation, or `nil` when it does; an unrecorded
    /// case has no expectation to miss.
    func evaluate(_ specCase: SpecCase, result: ValidationResult) -> SpecFailure? {
        let met: Bool
        switch specCase.expectation {
        case .unrecorded: return nil
        case .out(let expected):
            guard case .valid(let value) = result else {
                met = false
                break
            }
            met = !comparesValues || Self.matches(value, expected)
        case .valid: met = result.isValid
        case .errors(let expected): met = Self.codesMatch(result.violations, expected)
        }
        if !met, let expectation = Self.expectation(of: specCase) {
            return SpecFailure(
                expected: expectation.text, actual: Self.describe(result), expectedJSON: expectation.json,
                actualJSON: ReportJSON.result(result))
        }
        // NB: most cases expect no message, and sorting even an empty dictionary costs an array.
        guard !specCase.messages.isEmpty else { return nil }
        for (path, expected) in specCase.messages.sorted(by: { $0.key < $1.key }) {
            let actual = result.violations.first { $0.isAt(path) }?.message(language: language)
            if actual != expected {
                let at = path.isEmpty ? "" : "\(path): "
                return SpecFailure(
                    expected: "message \(at)\(SpecCase.quoted(expected))",
                    actual: actual.map { "message \(at)\(SpecCase.quoted($0))" }
                        ?? "no message for \(path.isEmpty ? "the value" : path)",
                    expectedJSON: ReportJSON.message(path: path, text: expected),
                    actualJSON: ReportJSON.message(path: path, text: actual), isMessage: true)
            }
        }
        return nil
    }

    /// A case's expectation as a report shows it (`errors [tooShort]`) and as JSON data; `nil`
    /// for a case with none yet.
    static func expectation(of specCase: SpecCase) -> (text: String, json: String)? {
        switch specCase.expectation {
        case .unrecorded: nil
        case .out(let expected): ("out \(expected)", "{\"out\": \(ReportJSON.value(expected))}")
        case .valid: ("valid", "{\"valid\": true}")
        case .errors(let expected):
            (
                "errors \(describe(expected))",
                "{\"errors\": \(ReportJSON.codes(expected.filter { !$0.value.isEmpty }))}"
            )
        }
    }

    /// Whether a validated value is what a case expects; numbers and dates compare by value,
    /// so `out: 1.50` matches `1.5`, and an optional field left empty matches `null` or no entry.
    static func matches(_ value: ValidatedValue?, _ expected: ExpectedValue) -> Bool {
        switch (value, expected) {
        case (nil, .absent): return true
        case (.record(let fields)?, .record(let expectedFields)):
            let names = Set(fields.keys).union(expectedFields.keys)
            return names.allSatisfy { matches(fields[$0], expectedFields[$0] ?? .absent) }
        case (.list(let items)?, .list(let expectedItems)):
            return items.count == expectedItems.count && zip(items, expectedItems).allSatisfy { matches($0, $1) }
        case (let value?, .scalar(let text)):
            switch value {
            case .string(let string): return sameScalars(string, text)
            case .integer(let integer): return Int(text) == integer
            case .decimal(let decimal): return DecimalNumber(text) == decimal
            case .date(let date): return LocalDate(text) == date
            case .boolean(let flag): return text == (flag ? "true" : "false")
            case .record, .list: return false
            }
        default: return false
        }
    }

    /// Whether two texts hold the same scalars: byte for byte, as String's `==` does not (it calls
    /// "é" and "e\u{301}" equal).
    // NB: compared in place with memcmp where both are contiguous UTF-8, as a case's texts always
    // are: `utf8.elementsEqual` went byte by byte through the views' iterators (550 instructions a case).
    static func sameScalars(_ left: String, _ right: String) -> Bool {
        let compared = left.utf8.withContiguousStorageIfAvailable { left in
            right.utf8.withContiguousStorageIfAvailable { right in
                left.count == right.count
                    && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
        }
        return (compared ?? nil) ?? left.utf8.elementsEqual(right.utf8)
    }

    /// Whether `violations` have exactly the `expected` codes at each path, in any order, an
    /// empty list expecting none; by counting, so that a case allocates nothing to be compared.
    static func codesMatch(_ violations: some Collection<Violation>, _ expected: [String: [String]]) -> Bool {
        var count = 0
        for (path, codes) in expected {
            count += codes.count
            for (index, code) in codes.enumerated() where !codes[..<index].contains(code) {
                let wanted = codes.count { $0 == code }
                let found = violations.count { $0.code == code && $0.isAt(path) }
                guard wanted == found else { return false }
            }
        }
        // NB: every expected code was found as many times as expected, so equal totals leave no other.
        return count == violations.count
    }

    static func codesByPath(_ violations: some Sequence<Violation>) -> [String: [String]] {
        Dictionary(grouping: violations, by: { $0.path.joined(separator: ".") }).mapValues { $0.map(\.code) }
    }

    /// `valid "Buy milk"`, `valid null`, `errors [tooLong]`, `errors {dueDate: [tooEarly]}`.
    static func describe(_ result: ValidationResult) -> String {
        switch result {
        case .valid(let value): "valid \(value.map(describe) ?? "null")"
        case .invalid(let violations): "errors \(describe(codesByPath(violations)))"
        }
    }

    static func describe(_ value: ValidatedValue) -> String {
        switch value {
        case .string(let text): SpecCase.quoted(text)
        case .record(let fields):
            "{" + fields.sorted { $0.key < $1.key }.map { "\($0.key): \(describe($0.value))" }.joined(separator: ", ")
                + "}"
        case .list(let items): "[" + items.map(describe).joined(separator: ", ") + "]"
        default: value.description
        }
    }

    static func describe(_ codes: [String: [String]]) -> String {
        if codes.count == 1, let own = codes[""] { return "[\(own.joined(separator: ", "))]" }
        return "{"
            + codes.sorted { $0.key < $1.key }.map { "\($0.key): [\($0.value.joined(separator: ", "))]" }.joined(
                separator: ", ") + "}"
    }
}

extension Violation {
    /// Whether the violation is at `path` as a spec file writes it: `""` for the value itself, `items.1.name`.
    fileprivate func isAt(_ path: String) -> Bool {
        // NB: the value's own violations, most of them, are told without joining anything.
        self.path.isEmpty ? path.isEmpty : self.path.joined(separator: ".") == path
    }
}
