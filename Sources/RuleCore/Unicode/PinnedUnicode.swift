/// Every Unicode fact a verdict depends on, read from the pinned tables (`UnicodeTables`,
/// generated from the Unicode Character Database of ``version``), never from the platform:
/// the same answer on every OS release, and in the JavaScript and Python runtimes, which decode
/// the same tables.
public enum PinnedUnicode {
    /// The Unicode version of the tables, `17.0.0`.
    public static let version = UnicodeTables.version

    static let grapheme = PropertyTable(UnicodeTables.grapheme)
    static let combiningClass = PropertyTable(UnicodeTables.ccc)
    static let canonicalDecomposition = MappingTable(UnicodeTables.nfd)
    static let compatibilityDecomposition = MappingTable(UnicodeTables.nfkd)
    static let composition = MappingTable(UnicodeTables.compose)
    static let lowercaseMapping = MappingTable(UnicodeTables.lower)
    static let uppercaseMapping = MappingTable(UnicodeTables.upper)
    static let cased = PropertyTable(UnicodeTables.cased)
    static let caseIgnorable = PropertyTable(UnicodeTables.caseIgnorable)
    static let whiteSpace = PropertyTable(UnicodeTables.whiteSpace)
    static let generalCategory = PropertyTable(UnicodeTables.generalCategory)
    static let nfcQuickCheck = PropertyTable(UnicodeTables.nfcQC)
    static let nfkcQuickCheck = PropertyTable(UnicodeTables.nfkcQC)

    /// The short names of the general categories, in the order of the general category table's
    /// values; the first is `Cn`.
    static let generalCategoryNames = UnicodeTables.generalCategoryNames

    /// Whether `scalar` has the `White_Space` property.
    @inline(__always)
    public static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        isWhiteSpace(scalar.value)
    }

    /// Whether code point `value` has the `White_Space` property.
    @inline(__always)
    static func isWhiteSpace(_ value: UInt32) -> Bool {
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        return whiteSpace[value] != 0
    }

    /// The short name of the general category of `scalar` (`Lu`, `Mn`, `Cn`).
    public static func generalCategoryName(of scalar: Unicode.Scalar) -> String {
        generalCategoryNames[Int(generalCategory[scalar.value])]
    }
}
