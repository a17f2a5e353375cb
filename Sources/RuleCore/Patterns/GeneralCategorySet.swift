/// A set of Unicode general categories, tested through the standard library's
/// `Unicode.Scalar.Properties.generalCategory`.
///
/// General categories partition the scalars, so a set of them is closed under complement:
/// `\P{L}` is the set of every category but the letters.
struct GeneralCategorySet: OptionSet, Hashable, Sendable {
    let rawValue: UInt32

    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The set holding `categories`.
    init(_ categories: some Sequence<Unicode.GeneralCategory>) {
        self.init(rawValue: categories.reduce(0) { $0 | 1 << Self.bit($1) })
    }

    /// Every one of the 30 general categories.
    static let all = GeneralCategorySet(rawValue: (1 << 30) - 1)

    /// Whether the general category of `scalar` is in this set.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        rawValue & (1 << Self.bit(scalar.properties.generalCategory)) != 0
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
    private static let table: [(names: [String], categories: [Unicode.GeneralCategory])] = [
        (["C", "Other"], [.control, .format, .unassigned, .privateUse, .surrogate]),
        (["Cc", "Control", "cntrl"], [.control]),
        (["Cf", "Format"], [.format]),
        (["Cn", "Unassigned"], [.unassigned]),
        (["Co", "Private_Use"], [.privateUse]),
        (["Cs", "Surrogate"], [.surrogate]),
        (["L", "Letter"], [.lowercaseLetter, .modifierLetter, .otherLetter, .titlecaseLetter, .uppercaseLetter]),
        (["LC", "Cased_Letter"], [.lowercaseLetter, .titlecaseLetter, .uppercaseLetter]),
        (["Ll", "Lowercase_Letter"], [.lowercaseLetter]),
        (["Lm", "Modifier_Letter"], [.modifierLetter]),
        (["Lo", "Other_Letter"], [.otherLetter]),
        (["Lt", "Titlecase_Letter"], [.titlecaseLetter]),
        (["Lu", "Uppercase_Letter"], [.uppercaseLetter]),
        (["M", "Mark", "Combining_Mark"], [.spacingMark, .enclosingMark, .nonspacingMark]),
        (["Mc", "Spacing_Mark"], [.spacingMark]),
        (["Me", "Enclosing_Mark"], [.enclosingMark]),
        (["Mn", "Nonspacing_Mark"], [.nonspacingMark]),
        (["N", "Number"], [.decimalNumber, .letterNumber, .otherNumber]),
        (["Nd", "Decimal_Number", "digit"], [.decimalNumber]),
        (["Nl", "Letter_Number"], [.letterNumber]),
        (["No", "Other_Number"], [.otherNumber]),
        (
            ["P", "Punctuation", "punct"],
            [
                .connectorPunctuation, .dashPunctuation, .closePunctuation, .finalPunctuation,
                .initialPunctuation, .otherPunctuation, .openPunctuation,
            ]
        ),
        (["Pc", "Connector_Punctuation"], [.connectorPunctuation]),
        (["Pd", "Dash_Punctuation"], [.dashPunctuation]),
        (["Pe", "Close_Punctuation"], [.closePunctuation]),
        (["Pf", "Final_Punctuation"], [.finalPunctuation]),
        (["Pi", "Initial_Punctuation"], [.initialPunctuation]),
        (["Po", "Other_Punctuation"], [.otherPunctuation]),
        (["Ps", "Open_Punctuation"], [.openPunctuation]),
        (["S", "Symbol"], [.currencySymbol, .modifierSymbol, .mathSymbol, .otherSymbol]),
        (["Sc", "Currency_Symbol"], [.currencySymbol]),
        (["Sk", "Modifier_Symbol"], [.modifierSymbol]),
        (["Sm", "Math_Symbol"], [.mathSymbol]),
        (["So", "Other_Symbol"], [.otherSymbol]),
        (["Z", "Separator"], [.lineSeparator, .paragraphSeparator, .spaceSeparator]),
        (["Zl", "Line_Separator"], [.lineSeparator]),
        (["Zp", "Paragraph_Separator"], [.paragraphSeparator]),
        (["Zs", "Space_Separator"], [.spaceSeparator]),
    ]

    /// The bit that stands for `category`.
    private static func bit(_ category: Unicode.GeneralCategory) -> UInt32 {
        switch category {
        case .uppercaseLetter: 0
        case .lowercaseLetter: 1
        case .titlecaseLetter: 2
        case .modifierLetter: 3
        case .otherLetter: 4
        case .nonspacingMark: 5
        case .spacingMark: 6
        case .enclosingMark: 7
        case .decimalNumber: 8
        case .letterNumber: 9
        case .otherNumber: 10
        case .connectorPunctuation: 11
        case .dashPunctuation: 12
        case .openPunctuation: 13
        case .closePunctuation: 14
        case .initialPunctuation: 15
        case .finalPunctuation: 16
        case .otherPunctuation: 17
        case .mathSymbol: 18
        case .currencySymbol: 19
        case .modifierSymbol: 20
        case .otherSymbol: 21
        case .spaceSeparator: 22
        case .lineSeparator: 23
        case .paragraphSeparator: 24
        case .control: 25
        case .format: 26
        case .surrogate: 27
        case .privateUse: 28
        case .unassigned: 29
        // NB: Unicode's stability policy fixes the set of General_Category values, so this never
        // runs; it reads a value the standard library might add as unassigned.
        @unknown default: 29
        }
    }
}
