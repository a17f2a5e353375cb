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

    /// PropertyValueAliases.txt's `gc` names, long names, aliases and groups, each with the
    /// two-letter categories it selects, from the pinned tables (`GENERAL_CATEGORY_ALIASES`).
    private static let table: [(names: [String], categories: [String])] = {
        let text = UnicodeTables.generalCategoryAliases.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        return text.split(separator: ";").map { entry in
            let parts = entry.split(separator: ":")
            return ([String(parts[0])], parts[1].split(separator: ",").map(String.init))
        }
    }()

    /// The bit that stands for the category of short name `name`: its value in the pinned table.
    private static func bit(of name: String) -> UInt32 {
        guard let index = PinnedUnicode.generalCategoryNames.firstIndex(of: name) else {
            preconditionFailure("\(name) is no general category of the pinned tables")
        }
        return UInt32(index)
    }
}
