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

/// Finds, for a surviving mutant, an input on which it and the rules disagree, among inputs
/// chosen per unit and kind: lengths at and around every bound in every unit, built of
/// combining marks, ZWJ sequences, flags, astral and full-width characters; full-width and NBSP
/// white space; mixed-case email domains; dates around every bound and leap days; each `oneOf`
/// value; and the suite's own inputs, padded, cut and repeated.
extension CaseSuggester {
    /// Suggestions' table of checks (``CheckConsumer``): the checks whose parameters add candidate
    /// values of their own (``textCandidates(for:)``, one `case` each), and those whose candidates
    /// come from the suite's own values, varied scalar by scalar, and from fixed samples.
    static let checkConsumer = CheckConsumer(
        "suggested cases",
        handles: [LengthCheck.name, OneOfCheck.name, RangeCheck.name, NotBeforeCheck.name, NotAfterCheck.name],
        optsOut: [
            RequiredCheck.name: "empty and blank values are candidates for every type",
            EmailCheck.name: variedReason, UUIDCheck.name: variedReason, URLCheck.name: variedReason,
            PatternCheck.name: variedReason,
            EqualCheck.name: recordsReason, NotEqualCheck.name: recordsReason, AscendingCheck.name: recordsReason,
            RequiredIfCheck.name: recordsReason,
        ])

    private static let variedReason =
        "no parameter names a value: the suite's own values, varied scalar by scalar, and fixed samples find its edges"
    private static let recordsReason = "records are the suite's own, each field varied and left out in turn"
}

package struct CaseSuggester {
    let rules: RuleSet
    let context: ValidationContext
    /// The suite's inputs by type or model name.
    let inputs: [String: [ValidationInput]]

    /// Atoms whose lengths differ by unit: 1, 2, 5 and 2 scalars; 1, 3, 8, 4, 2 UTF-16 units.
    static let atoms = ["a", "e\u{301}", "👨‍👩‍👧", "🇯🇵", "𠮷", "あ", "Ａ"]
    static let spaces = ["\u{3000}", "\u{A0}", " ", "\u{2003}"]

    func suggest(for mutant: RuleSet, subject: String, change: String) -> SuggestedCase? {
        guard let original = rules.validator(named: subject), let changed = mutant.validator(named: subject) else {
            return nil
        }
        for input in candidates(for: subject) {
            let before = original.validate(input, context: context)
            let after = changed.validate(input, context: context)
            guard CaseEvaluator.describe(before) != CaseEvaluator.describe(after) else { continue }
            let expectation =
                switch before {
                case .valid(let value?): "out: \(Self.yaml(value))"
                case .valid(nil): "valid: true"
                case .invalid(let violations):
                    "errors: \(CaseEvaluator.describe(CaseEvaluator.codesByPath(violations)))"
                }
            return SuggestedCase(typeName: subject, body: "in: \(Self.yaml(input)), \(expectation)", changes: [change])
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
            texts += [
                text, " \(text) ", "\u{3000}\(text)\u{3000}", "\u{A0}\(text)", text.uppercased(), text.lowercased(),
            ]
            if let first = text.first, let last = text.last {
                texts += [String(first) + text, text + String(last), text + String(last) + String(last)]
                texts += [String(text.dropLast()), String(text.dropFirst()), "+" + text, "++" + text, "x" + text]
            }
            // NB: cut to each shorter prefix, and the last character repeated up to ten times, which
            // bounded repetitions notice.
            for count in 1..<Swift.max(text.count, 1) { texts.append(String(text.prefix(count))) }
            if let last = text.last {
                for count in 1...10 { texts.append(text + String(repeating: last, count: count)) }
            }
            // NB: each character doubled or left out in turn, which widened quantifiers notice.
            let characters = Array(text.prefix(32))
            for index in characters.indices {
                var doubled = characters
                doubled.insert(characters[index], at: index)
                var cut = characters
                cut.remove(at: index)
                texts += [String(doubled), String(cut)]
            }
        }
        for check in type.checks {
            switch check.descriptor {
            case let length as LengthCheck:
                for bound in [length.min, length.max].compactMap({ $0 }) {
                    for count in [bound - 1, bound, bound + 1] where count >= 0 {
                        for atom in Self.atoms {
                            let size = LengthCheck.count(atom[...], in: length.unit)
                            texts.append(
                                String(repeating: atom, count: count / size)
                                    + String(repeating: "a", count: count % size))
                        }
                    }
                }
            case let oneOf as OneOfCheck:
                for value in oneOf.values { texts += [value, value.uppercased(), " \(value) ", value.capitalized] }
            case let range as RangeCheck:
                for bound in [range.min, range.max].compactMap({ $0 }) {
                    let text = bound.description
                    texts += [text, " \(text)"]
                    if let value = Decimal(string: text) {
                        let places = text.split(separator: ".").dropFirst().first?.count ?? 0
                        let unit = Decimal(sign: .plus, exponent: -places, significand: 1)
                        texts += ["\(value - unit)", "\(value + unit)"]
                    }
                }
            case let bound as NotBeforeCheck:
                texts += dates(around: bound.date)
            case let bound as NotAfterCheck:
                texts += dates(around: bound.date)
            default:
                break
            }
        }
        texts += ["a@Example.COM", "A@B.C", "true", "false", " true ", "TRUE", "2024-02-29", "2023-02-29", "0", " 1"]
        texts += Self.spaces.map { "\($0)a\($0)" }
        var seen: Set<String?> = []
        // NB: the shortest input that kills reads best; the sort is stable, so ties keep their order.
        return texts.filter { seen.insert($0).inserted }.enumerated()
            .sorted { ($0.element?.utf8.count ?? -1, $0.offset) < ($1.element?.utf8.count ?? -1, $1.offset) }
            .map(\.element)
    }

    private func dates(around bound: DateBound) -> [String] {
        let day = bound.resolve(in: context)
        return [-1, 0, 1].map { DateOffset($0, .day).applied(to: day).description } + [" \(day)"]
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
