/// A set of Unicode general categories, tested through the pinned general category table
/// (``PinnedUnicode``), never the platform's.
///
/// General categories partition the scalars, so a set of them is closed under complement:
/// `\P{L}` is the set of every category but the letters.
struct GeneralCategorySet: OptionSet, Hashable, Sendable {
    let rawValue: UInt32

    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The set holding the categories of short names `names` (`Lu`), each one of the pinned table's.
    init(_ names: some Sequence<String>) {
        self.init(rawValue: names.reduce(0) { $0 | 1 << Self.bit(of: $1) })
    }

    /// Every one of the 30 general categories.
    static let all = GeneralCategorySet(rawValue: (1 << UInt32(PinnedUnicode.generalCategoryNames.count)) - 1)

    /// Whether the general category of `scalar` is in this set.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        rawValue & (1 << UInt32(PinnedUnicode.generalCategory[scalar.value])) != 0
    }

    /// The categories that `name` selects: a short name (`Lu`), a long name (`Uppercase_Letter`)
    /// or another alias from PropertyValueAliases.txt (`digit`), matched exactly as ECMAScript does.
    static func named(_ name: String) -> GeneralCategorySet? {
        byName[name]
    }

    /// Every name that `named(_:)` accepts, for "did you mean".
    static var names: [String] { table.flatMap(\.names) }

    private static let byName: [String: GeneralCategorySet] = Dictionary(
        uniqueKeysWithValues: table.flatMap { entry in entry.names.map { ($0, GeneralCategorySet(entry.categories)) } }
    )

    /// PropertyValueAliases.txt's `gc` lines: short name, long name, other aliases.
    private static let table: [(names: [String], categories: [String])] = [
        (["C", "Other"], ["Cc", "Cf", "Cn", "Co", "Cs"]),
        (["Cc", "Control", "cntrl"], ["Cc"]),
        (["Cf", "Format"], ["Cf"]),
        (["Cn", "Unassigned"], ["Cn"]),
        (["Co", "Private_Use"], ["Co"]),
        (["Cs", "Surrogate"], ["Cs"]),
        (["L", "Letter"], ["Ll", "Lm", "Lo", "Lt", "Lu"]),
        (["LC", "Cased_Letter"], ["Ll", "Lt", "Lu"]),
        (["Ll", "Lowercase_Letter"], ["Ll"]),
        (["Lm", "Modifier_Letter"], ["Lm"]),
        (["Lo", "Other_Letter"], ["Lo"]),
        (["Lt", "Titlecase_Letter"], ["Lt"]),
        (["Lu", "Uppercase_Letter"], ["Lu"]),
        (["M", "Mark", "Combining_Mark"], ["Mc", "Me", "Mn"]),
        (["Mc", "Spacing_Mark"], ["Mc"]),
        (["Me", "Enclosing_Mark"], ["Me"]),
        (["Mn", "Nonspacing_Mark"], ["Mn"]),
        (["N", "Number"], ["Nd", "Nl", "No"]),
        (["Nd", "Decimal_Number", "digit"], ["Nd"]),
        (["Nl", "Letter_Number"], ["Nl"]),
        (["No", "Other_Number"], ["No"]),
        (
            ["P", "Punctuation", "punct"],
            [
                "Pc", "Pd", "Pe", "Pf",
                "Pi", "Po", "Ps",
            ]
        ),
        (["Pc", "Connector_Punctuation"], ["Pc"]),
        (["Pd", "Dash_Punctuation"], ["Pd"]),
        (["Pe", "Close_Punctuation"], ["Pe"]),
        (["Pf", "Final_Punctuation"], ["Pf"]),
        (["Pi", "Initial_Punctuation"], ["Pi"]),
        (["Po", "Other_Punctuation"], ["Po"]),
        (["Ps", "Open_Punctuation"], ["Ps"]),
        (["S", "Symbol"], ["Sc", "Sk", "Sm", "So"]),
        (["Sc", "Currency_Symbol"], ["Sc"]),
        (["Sk", "Modifier_Symbol"], ["Sk"]),
        (["Sm", "Math_Symbol"], ["Sm"]),
        (["So", "Other_Symbol"], ["So"]),
        (["Z", "Separator"], ["Zl", "Zp", "Zs"]),
        (["Zl", "Line_Separator"], ["Zl"]),
        (["Zp", "Paragraph_Separator"], ["Zp"]),
        (["Zs", "Space_Separator"], ["Zs"]),
    ]

    /// The bit that stands for the category of short name `name`: its value in the pinned table.
    private static func bit(of name: String) -> UInt32 {
        guard let index = PinnedUnicode.generalCategoryNames.firstIndex(of: name) else {
            preconditionFailure("\(name) is no general category of the pinned tables")
        }
        return UInt32(index)
    }
}
