/// `printable`: no scalar of the value is invisible or a control (format 1.3): none of general
/// category Cc (controls), Cf (format: bidirectional overrides, zero-width space; but ZWNJ U+200C
/// and ZWJ U+200D, which scripts and emoji need), Cs (surrogates), Co (private use) or Cn
/// (unassigned), and neither U+2028 nor U+2029, the line and paragraph separators. Categories are
/// the pinned Unicode version's ([Unicode](docs/format.md#unicode)).
public struct PrintableCheck: PredicateCheck, ValueCheck {
    public static let name = "printable"
    public static let boundariesGiveSamples = true
    public static let since = "1.3"
    public static let codes = [
        CheckCode(
            "unprintable", summary: "holding a control, format, private-use or unassigned code point",
            en: "Remove invisible and control characters.", ja: "制御文字や見えない文字を取り除いてください。")
    ]

    /// The general categories refused, by short name.
    public static let refusedCategories = ["Cc", "Cf", "Cs", "Co", "Cn"]
    /// Scalars of a refused category that pass: ZWNJ and ZWJ.
    public static let allowedScalars: [UInt32] = [0x200C, 0x200D]
    /// Scalars of another category that fail: the line and paragraph separators.
    public static let refusedScalars: [UInt32] = [0x2028, 0x2029]

    /// Whether the pinned general category table's value `index` is refused.
    private static let refusedIndices = PinnedUnicode.generalCategoryNames.map(refusedCategories.contains)

    /// Creates the check.
    public init() {}

    /// A scalar of each refused category and each exception: a control (NUL, tab, DEL, NEL), a
    /// format character (zero-width space, a bidirectional override, BOM), ZWNJ and ZWJ (allowed),
    /// the line separator, private use and an unassigned code point.
    public var boundaries: [CheckBoundary] {
        [
            .witnesses([
                "a", "a\u{0}", "a\u{9}b", "a\u{7F}", "a\u{85}", "a\u{200B}b", "\u{202E}a", "\u{FEFF}a",
                "a\u{200C}b", "a\u{200D}b", "a\u{2028}b", "a\u{E000}", "a\u{378}", "a\u{A0}b",
            ])
        ]
    }

    /// Whether every scalar of `text` is printable.
    public static func isValid(_ text: Substring) -> Bool {
        let refused = refusedIndices  // NB: read once, not once a scalar
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x7F {
                guard value >= 0x20 else { return false }
                continue
            }
            if refusedScalars.contains(value) { return false }
            if refused[Int(PinnedUnicode.generalCategory[value])] && !allowedScalars.contains(value) { return false }
        }
        return true
    }
}
