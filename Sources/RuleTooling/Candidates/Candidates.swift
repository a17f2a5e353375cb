import Foundation
public import RuleCore

/// The values a diff tries on a type: fixed samples of every value type, the samples of every
/// check's boundaries on either side (``CheckBoundary/samples(in:)``: lengths in every unit,
/// numbers, dates, `oneOf` values, pattern strings, and the witnesses of format 1.3's checks: texts
/// with and without a prefix, `notOneOf` values and near ones, fraction digits, host names, IPs,
/// control characters), and runs of sample characters of every length up to 24, which bounded
/// patterns notice; and for each normalizer, texts it changes.
///
/// `diff` searches OLD against NEW with it, `suggest` the rules against a mutant: one search for
/// both, which validates each candidate with both rule sets.
public struct CandidateSearch: Sendable {
    /// The rule sets compared: OLD and NEW, or the rules and a mutant.
    public let old: RuleSet
    public let new: RuleSet
    /// The clock date checks use.
    public let context: ValidationContext
    /// What searches against the same OLD and today share, or `nil`.
    public let memo: Memo?
    /// The types NEW declares exactly as OLD does, when there is a memo.
    let unchangedTypes: Set<String>

    /// The table of checks (``CheckConsumer``) of the candidates `suggest` and `diff` try: the
    /// checks whose boundaries give samples of their own (``CheckBoundary/samples(in:)``), and
    /// those whose edges the fixed samples, the suite's values or varied records find.
    public static let checkConsumer = CheckConsumer(
        "candidate values (suggest, diff)",
        handles: CheckConsumer.everyCheck.filter { $0.boundariesGiveSamples }.map { $0.name },
        optingOutBy: { basis in
            switch basis {
            case .presence: "empty and blank values are candidates for every type"
            case .language, .refusedValues, .places:
                "no parameter names a value: fixed samples, and the suite's own values varied scalar by scalar, find "
                    + "its edges"
            case .text:
                "its text is no bound: fixed samples, and the suite's own values varied scalar by scalar, find its edges"
            case .fields: "records are varied: each field left out, varied, and fields given equal values"
            case .implementation:
                "its verdict is its implementation's, which rule files do not hold: suggest and diff search no "
                    + "candidates for it and claim no witness of it"
            case .bounds: nil
            }
        })

    /// A search over `old` and `new` for `context`'s today; with a `memo`, one of several that
    /// share OLD and today (`suggest`'s, one per mutant), which keep their results in it.
    public init(old: RuleSet, new: RuleSet, context: ValidationContext, memo: Memo? = nil) {
        self.old = old
        self.new = new
        self.context = context
        self.memo = memo
        unchangedTypes =
            memo == nil
            ? [] : Set(old.types.filter { type in new.types.first { $0.name == type.name } == type }.map(\.name))
    }

    /// What searches against the same OLD and today share: each type's candidate texts, and its
    /// results on the inputs tried, OLD's and NEW's. NEW's are kept for a type NEW declares as
    /// OLD does (a mutant that leaves it alone): the same declaration, compiled the same way for
    /// every mutant, gives the same results. Inputs are told apart by their scalars (``exactKey(_:after:)``).
    public final class Memo: @unchecked Sendable {
        // NB: the lock is never held while a value is computed, which may ask the memo again.
        private let lock = NSLock()
        private var texts: [String: [String?]] = [:]
        private var results: [ExactKey: ValidationResult] = [:]

        public init() {}

        func texts(of name: String, _ make: () -> [String?]) -> [String?] {
            if let known = lock.withLock({ texts[name] }) { return known }
            let made = make()
            lock.withLock { texts[name] = made }
            return made
        }

        func result(_ key: ExactKey, _ make: () -> ValidationResult?) -> ValidationResult? {
            if let known = lock.withLock({ results[key] }) { return known }
            guard let made = make() else { return nil }
            lock.withLock { results[key] = made }
            return made
        }
    }

    /// `value` validated by the type `typeName` of OLD (`onOld`) or NEW, through the memo where
    /// there is one; `nil` when the side declares no such type or model.
    package func result(of value: ValidationInput, as typeName: String, onOld: Bool) -> ValidationResult? {
        let rules = onOld ? old : new
        guard let memo, onOld || unchangedTypes.contains(typeName),
            let key = Self.exactKey(value, after: [onOld ? 0 : 1] + Array(typeName.utf8) + [0xFF])
        else {
            return rules.validator(named: typeName)?.validate(value, context: context)
        }
        return memo.result(key) { rules.validator(named: typeName)?.validate(value, context: context) }
    }

    /// `input` as bytes that tell every two inputs of other scalars apart (`ValidationInput`'s
    /// hashing, `String`'s, calls canonically equivalent text equal): text as its UTF-8, which never
    /// holds the bytes 0xFE and 0xFF that end a text, a list and a record, and a record's fields
    /// sorted by their bytes; `nil` for a number.
    package static func exactKey(_ input: ValidationInput, after prefix: [UInt8] = []) -> ExactKey? {
        var bytes = prefix
        // NB: text, most of what is kept, in one allocation of its own size.
        if case .text(let text) = input {
            bytes.reserveCapacity(prefix.count + text.utf8.count + 2)
            bytes.append(1)
            bytes.append(contentsOf: text.utf8)
            bytes.append(0xFF)
            return ExactKey(bytes: bytes)
        }
        func append(_ input: ValidationInput) -> Bool {
            switch input {
            case .absent: bytes.append(0)
            case .text(let text):
                bytes.append(1)
                bytes.append(contentsOf: text.utf8)
                bytes.append(0xFF)
            case .string(let text):
                bytes.append(2)
                bytes.append(contentsOf: text.utf8)
                bytes.append(0xFF)
            case .boolean(let flag): bytes.append(flag ? 4 : 3)
            case .number: return false
            case .list(let items):
                bytes.append(5)
                for item in items { guard append(item) else { return false } }
                bytes.append(0xFE)
            case .record(let fields):
                bytes.append(6)
                for (name, value) in fields.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                    bytes.append(contentsOf: name.utf8)
                    bytes.append(0xFF)
                    guard append(value) else { return false }
                }
                bytes.append(0xFE)
            }
            return true
        }
        // NB: copied to its own size: the memo keeps many keys, and appending left spare capacity.
        return append(input) ? ExactKey(bytes: Array(bytes[...])) : nil
    }

    /// Bytes as a dictionary key, hashed in one call.
    package struct ExactKey: Hashable {
        let bytes: [UInt8]

        package func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

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
    public func texts(for types: [ResolvedType]) -> [String?] {
        var texts: [String?] = [nil, "", " "]
        texts += Self.samples
        for run in Self.runs {
            for count in 1...24 { texts.append(String(repeating: run, count: count)) }
        }
        for count in [30, 32, 40, 50, 64, 65, 100, 128, 255, 256] {
            texts.append(String(repeating: "a", count: count))
        }
        texts.append(context.today().description)
        // NB: every check's boundaries, the set that coverage and `suggest` use too.
        for type in types {
            for check in type.checks {
                for boundary in check.descriptor.boundaries { texts += boundary.samples(in: context) }
            }
            for normalizer in type.normalizers { texts += normalizer.samples }
        }
        // NB: every sample padded, cased and spaced, so that normalizers show; cased in ASCII only,
        // the normalizers' own case mapping being what a verdict uses.
        let base = texts.compactMap { $0 }.prefix(200)
        for text in base.prefix(120) where !text.isEmpty && text.unicodeScalars.count < 30 {
            let scalars = text.unicodeScalars
            let first = String(String.UnicodeScalarView(scalars.prefix(1)))
            let last = String(String.UnicodeScalarView(scalars.suffix(1)))
            texts += [
                " \(text) ", "\u{3000}\(text)", ASCIICase.upper(text), ASCIICase.lower(text), "Ａ" + text,
                Self.fullWidth(text), Self.fullWidth(first) + String(String.UnicodeScalarView(scalars.dropFirst())),
                String(String.UnicodeScalarView(scalars.dropLast())) + Self.fullWidth(last),
            ]
        }
        var seen: Set<String?> = []
        // NB: the shortest witness reads best; the sort is stable, so ties keep their order.
        return texts.filter { seen.insert($0).inserted }.enumerated()
            .sorted { ($0.element?.utf8.count ?? -1, $0.offset) < ($1.element?.utf8.count ?? -1, $1.offset) }
            .map(\.element)
    }

    /// `text` with each printable ASCII character in its full-width form (`a` → `ａ`), which `nfkc` undoes.
    package static func fullWidth(_ text: String) -> String {
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
}
