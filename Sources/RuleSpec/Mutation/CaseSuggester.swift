import Foundation
package import RuleCore
import RuleTooling

/// A spec case that kills a mutant: an input on which the rules and the mutant disagree, with
/// the rules' own result as its expectation.
public struct SuggestedCase: Sendable {
    /// The type or model the case is for.
    public var typeName: String
    /// The input and expectation in a spec file's flow style: `in: "abc", errors: [tooShort]`.
    public var body: String
    /// The changes it kills.
    public var changes: [String]

    /// The case as one line of a spec file: `- { name: "kills: …", in: "abc", errors: [tooShort] }`.
    public var yaml: String {
        "- { name: \(JSONString.quoted("kills: " + changes.joined(separator: "; "))), \(body) }"
    }
}

/// Finds, for a surviving mutant, an input on which it and the rules disagree: first among the
/// suite's own inputs, padded, cased (ASCII), cut, repeated and varied scalar by scalar, each
/// check's boundary samples (``CheckBoundary/samples(in:)``: lengths in every unit built of
/// combining marks, ZWJ sequences, flags, astral and full-width characters; numbers, dates and
/// `oneOf` values around each bound; pattern strings), each normalizer's samples, and the suite's
/// records with each field left out or varied; then by the search `diff` makes
/// (``CandidateSearch``), the rules against the mutant: for a model, records built from its fields'
/// own valid values (nested models' too), each field left out or varied, lists at each count.
package struct CaseSuggester: Sendable {
    let rules: RuleSet
    let context: ValidationContext
    /// The suite's inputs by type or model name.
    let inputs: [String: [ValidationInput]]
    /// The rules' results and candidates, kept from one mutant's search to the next: the rules
    /// stay the same, and the searches of one type's or model's mutants try many of the same inputs.
    let memo = CandidateSearch.Memo()

    static let spaces = ["\u{3000}", "\u{A0}", " ", "\u{2003}"]

    func suggest(for mutant: RuleSet, subject: String, change: String) -> SuggestedCase? {
        guard let original = rules.validator(named: subject), let changed = mutant.validator(named: subject) else {
            return nil
        }
        let search = CandidateSearch(old: rules, new: mutant, context: context, memo: memo)
        func kills(_ input: ValidationInput) -> SuggestedCase? {
            let before =
                search.result(of: input, as: subject, onOld: true) ?? original.validate(input, context: context)
            let after = changed.validate(input, context: context)
            // NB: compared scalar by scalar: "é" and "e\u{301}" are other values, which String's == calls equal.
            let (was, now) = (CaseEvaluator.describe(before), CaseEvaluator.describe(after))
            guard !was.unicodeScalars.elementsEqual(now.unicodeScalars) else { return nil }
            let expectation =
                switch before {
                case .valid(let value?): "out: \(Self.yaml(value))"
                case .valid(nil): "valid: true"
                case .invalid(let violations):
                    "errors: \(CaseEvaluator.describe(CaseEvaluator.codesByPath(violations)))"
                }
            return SuggestedCase(typeName: subject, body: "in: \(Self.yaml(input)), \(expectation)", changes: [change])
        }
        // NB: the suite's own variations first, which read best; then the search diff makes.
        for input in candidates(for: subject) {
            if let found = kills(input) { return found }
        }
        if let (before, after) = search.models(named: subject) {
            for input in search.records(before, after, varying: [], limit: 5_000) {
                if let found = kills(input) { return found }
            }
            return nil
        }
        let types = [rules, mutant].compactMap { $0.types.first { $0.name == subject } }
        for text in search.texts(for: types) {
            if let found = kills(text.map(ValidationInput.text) ?? .absent) { return found }
        }
        return nil
    }

    private func candidates(for name: String) -> [ValidationInput] {
        if let model = rules.models.first(where: { $0.name == name }) { return recordCandidates(model) }
        return textCandidates(for: name).map { $0.map(ValidationInput.text) ?? .absent }
    }

    private func textCandidates(for name: String) -> [String?] {
        guard let type = rules.types.first(where: { $0.name == name }) else { return [] }
        var texts: [String?] = [nil, "", " ", "a", "A"]
        // NB: a type's inputs include what models' cases give its fields and list items.
        var given = inputs[name] ?? []
        for model in rules.models {
            for field in model.fields where field.typeName == name {
                for case .record(let fields) in inputs[model.name] ?? [] {
                    if case .list(let items)? = fields[field.name] {
                        given += items
                    } else {
                        given += [fields[field.name] ?? .absent]
                    }
                }
            }
        }
        let own = given.compactMap { input -> String? in
            if case .text(let text) = input { text } else { nil }
        }
        for text in own {
            let scalars = Array(text.unicodeScalars)
            func string(_ part: some Sequence<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(part)) }
            texts += [
                text, " \(text) ", "\u{3000}\(text)\u{3000}", "\u{A0}\(text)", ASCIICase.upper(text),
                ASCIICase.lower(text),
            ]
            if let first = scalars.first, let last = scalars.last {
                let (head, tail) = (string([first]), string([last]))
                texts += [head + text, text + tail, text + tail + tail]
                texts += [string(scalars.dropLast()), string(scalars.dropFirst()), "+" + text, "++" + text, "x" + text]
                // NB: cut to each shorter prefix, and the last scalar repeated up to ten times, which
                // bounded repetitions notice.
                for count in 1..<Swift.max(scalars.count, 1) { texts.append(string(scalars.prefix(count))) }
                for count in 1...10 { texts.append(text + String(repeating: tail, count: count)) }
            }
            // NB: each scalar doubled or left out in turn, which widened quantifiers notice.
            let first32 = Array(scalars.prefix(32))
            for index in first32.indices {
                var doubled = first32
                doubled.insert(first32[index], at: index)
                var cut = first32
                cut.remove(at: index)
                texts += [string(doubled), string(cut)]
            }
        }
        // NB: each check's boundaries, the set that coverage and diff use too, and each normalizer's samples.
        for check in type.checks {
            for boundary in check.descriptor.boundaries { texts += boundary.samples(in: context) }
        }
        for normalizer in type.normalizers { texts += normalizer.samples }
        texts += ["a@Example.COM", "A@B.C", "true", "false", " true ", "TRUE", "2024-02-29", "2023-02-29", "0", " 1"]
        texts += Self.spaces.map { "\($0)a\($0)" }
        var seen: Set<String?> = []
        // NB: the shortest input that kills reads best; the sort is stable, so ties keep their order.
        return texts.filter { seen.insert($0).inserted }.enumerated()
            .sorted { ($0.element?.utf8.count ?? -1, $0.offset) < ($1.element?.utf8.count ?? -1, $1.offset) }
            .map(\.element)
    }

    private func recordCandidates(_ model: ModelRule) -> [ValidationInput] {
        var records: [ValidationInput] = []
        for base in inputs[model.name] ?? [] {
            guard case .record(let fields) = base else { continue }
            records.append(base)
            for field in model.fields {
                var without = fields
                without[field.name] = nil
                records.append(.record(without))
                if let list = field.list {
                    let items = textCandidates(for: field.typeName).compactMap { $0 }.filter { text in
                        rules.validator(named: field.typeName)?.validate(.text(text), context: context).isValid == true
                    }
                    let counts = [list.minItems, list.maxItems].compactMap { $0 }.flatMap { [$0 - 1, $0, $0 + 1] }
                    for count in Set(counts + [0, 1, 2]).sorted() where count >= 0 && count <= items.count {
                        var with = fields
                        with[field.name] = .list(items.prefix(count).map(ValidationInput.text))
                        records.append(.record(with))
                    }
                    if let first = items.first {
                        var with = fields
                        with[field.name] = .list([.text(first), .text(first)])
                        records.append(.record(with))
                    }
                    continue
                }
                for text in textCandidates(for: field.typeName) {
                    var with = fields
                    with[field.name] = text.map(ValidationInput.text) ?? .absent
                    records.append(.record(with))
                }
            }
        }
        return records
    }

    /// An input as a spec file writes it in flow style.
    package static func yaml(_ input: ValidationInput) -> String {
        switch input {
        case .absent: "~"
        case .text(let text), .string(let text): SpecCase.visiblyQuoted(text)
        case .number(let number): number.description
        case .boolean(let flag): flag ? "true" : "false"
        case .list(let items): "[" + items.map(yaml).joined(separator: ", ") + "]"
        case .record(let fields):
            "{" + fields.sorted { $0.key < $1.key }.map { "\($0.key): \(yaml($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// A validated value as an `out:` expectation.
    package static func yaml(_ value: ValidatedValue) -> String {
        switch value {
        case .string(let text): SpecCase.visiblyQuoted(text)
        case .record(let fields):
            "{" + fields.sorted { $0.key < $1.key }.map { "\($0.key): \(yaml($0.value))" }.joined(separator: ", ") + "}"
        case .list(let items): "[" + items.map(yaml).joined(separator: ", ") + "]"
        default: value.description
        }
    }
}
