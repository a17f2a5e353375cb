import Foundation
import RuleCore

/// The values a diff tries on a type: fixed samples of every value type, lengths at and around
/// every length bound of either side in every unit, numbers at and around every range bound,
/// dates at and around every date bound (for the given today), each `oneOf` value in several
/// spellings, and runs of sample characters of every length up to 24, which bounded patterns notice.
struct Candidates {
    let today: LocalDate
    let context: ValidationContext

    /// Atoms whose lengths differ by unit: 1, 2, 5 and 2 scalars; 1, 3, 8, 4, 2 UTF-16 units.
    static let atoms = ["a", "e\u{301}", "👨‍👩‍👧", "🇯🇵", "𠮷", "あ", "Ａ"]
    static let runs = ["a", "A", "0", "9", "z", "Z", "_", "-", ".", " ", "あ", "a1", "aA", "a-", "a ", "1-", "a.", "@"]
    static let samples: [String] = [
        "a", "A", "z", "Z", "ab", "abc", "ABC", "aB", "0", "1", "-1", "+1", "01", "7", "10", "100", "1000", "-100",
        "0.5", "1.5", "-0.5", "0.1", "1.0", "99.99", "1e3", "true", "false", "TRUE", "yes", " true ",
        "a@example.com", "A@Example.COM", "a@b", "a.b@c.d", "a@b.c", "@example.com", "a@", "a b@c.d",
        "123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000",
        "123e4567e89b12d3a456426614174000",
        "http://example.com", "https://example.com/a?b#c", "ftp://example.com", "http:foo", "mailto:a@b.c",
        "urn:isbn:0451450523", "HTTP://EXAMPLE.COM", "example.com",
        "2024-02-29", "2023-02-28", "2026-01-01", "1970-01-01", "0001-01-01", "9999-12-31", "2026-13-01",
        "123-4567", "1234567", "+81312345678", "0312345678", "+1", "abc123", "abc_def", "abc-def", "Abc", "a1b2",
        "\u{3000}a\u{3000}", "\u{A0}a\u{A0}", " a ", "\ta", "a\n", "a  b", "a\u{3000}b", "Ａ１", "ｱ", "ß", "ẞ", "İ",
        "e\u{301}", "\u{E9}", "ﬁ", "①", "😀", "漢字", "カタカナ", "ひらがな",
    ]

    /// Candidate texts for a type known by its resolved form on each side; `nil` is absent.
    func texts(for types: [ResolvedType]) -> [String?] {
        var texts: [String?] = [nil, "", " "]
        texts += Self.samples
        for run in Self.runs {
            for count in 1...24 { texts.append(String(repeating: run, count: count)) }
        }
        for count in [30, 32, 40, 50, 64, 65, 100, 128, 255, 256] {
            texts.append(String(repeating: "a", count: count))
        }
        texts.append(today.description)
        for type in types {
            for check in type.checks {
                texts += around(check.descriptor)
            }
        }
        // NB: every sample padded, cased and spaced, so that normalizers show.
        let base = texts.compactMap { $0 }.prefix(200)
        for text in base.prefix(120) where !text.isEmpty && text.count < 30 {
            texts += [
                " \(text) ", "\u{3000}\(text)", text.uppercased(), text.lowercased(), "Ａ" + text, Self.fullWidth(text),
                Self.fullWidth(String(text.prefix(1))) + text.dropFirst(),
                String(text.dropLast()) + Self.fullWidth(String(text.suffix(1))),
            ]
        }
        var seen: Set<String?> = []
        // NB: the shortest witness reads best; the sort is stable, so ties keep their order.
        return texts.filter { seen.insert($0).inserted }.enumerated()
            .sorted { ($0.element?.utf8.count ?? -1, $0.offset) < ($1.element?.utf8.count ?? -1, $1.offset) }
            .map(\.element)
    }

    private func around(_ descriptor: any CheckDescriptor) -> [String?] {
        var texts: [String?] = []
        switch descriptor {
        case let length as LengthCheck:
            for bound in [length.min, length.max].compactMap({ $0 }) {
                for count in [bound - 1, bound, bound + 1] where count >= 0 {
                    for atom in Self.atoms {
                        let size = LengthCheck.count(atom[...], in: length.unit)
                        texts.append(
                            String(repeating: atom, count: count / size) + String(repeating: "a", count: count % size))
                    }
                    for run in ["A", "0", " a"] {
                        texts.append(String(String(repeating: run, count: count).prefix(count)))
                    }
                }
            }
        case let oneOf as OneOfCheck:
            for value in oneOf.values {
                texts += [value, value.uppercased(), value.lowercased(), " \(value) ", value.capitalized, "0" + value]
            }
        case let range as RangeCheck:
            for bound in [range.min, range.max].compactMap({ $0 }) {
                let text = bound.description
                texts += [text, " \(text)", text + "0"]
                if let value = Decimal(string: text) {
                    let places = text.split(separator: ".").dropFirst().first?.count ?? 0
                    for exponent in Set([-places, -places - 1, 0]) {
                        let unit = Decimal(sign: .plus, exponent: exponent, significand: 1)
                        texts += ["\(value - unit)", "\(value + unit)"]
                    }
                }
            }
        case let pattern as PatternCheck:
            texts += PatternSamples.strings(for: pattern.regex.source)
        case let bound as NotBeforeCheck:
            texts += dates(around: bound.date)
        case let bound as NotAfterCheck:
            texts += dates(around: bound.date)
        default:
            break
        }
        return texts
    }

    /// `text` with each printable ASCII character in its full-width form (`a` → `ａ`), which `nfkc` undoes.
    static func fullWidth(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if (0x21...0x7E).contains(scalar.value), let wide = Unicode.Scalar(scalar.value + 0xFEE0) {
                out.unicodeScalars.append(wide)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private func dates(around bound: DateBound) -> [String] {
        let day = bound.resolve(in: context)
        return [-2, -1, 0, 1, 2].map { DateOffset($0, .day).applied(to: day).description }
    }
}
