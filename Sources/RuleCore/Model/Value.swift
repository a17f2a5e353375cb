/// A valid value after normalization and parsing.
///
/// Two strings are equal when they hold the same Unicode scalars, as in JavaScript and Python:
/// no canonical equivalence (`"e\u{301}"` is not `"\u{E9}"`; a rule that wants them equal
/// normalizes with `nfc`). So `oneOf`, `equal`, `notEqual` and `unique` mean the same in every
/// runtime and on every OS release.
public enum ValidatedValue: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    case integer(Int)
    case decimal(DecimalNumber)
    case date(LocalDate)
    case boolean(Bool)
    /// A model's fields that have a value; optional fields left empty are absent.
    case record([String: ValidatedValue])
    /// A list field's items, each valid, in order.
    case list([ValidatedValue])

    public static func == (lhs: ValidatedValue, rhs: ValidatedValue) -> Bool {
        switch (lhs, rhs) {
        // NB: String's == follows canonical equivalence; its UTF-8 bytes are its scalars.
        case (.string(let left), .string(let right)): left.utf8.elementsEqual(right.utf8)
        case (.integer(let left), .integer(let right)): left == right
        case (.decimal(let left), .decimal(let right)): left == right
        case (.date(let left), .date(let right)): left == right
        case (.boolean(let left), .boolean(let right)): left == right
        case (.record(let left), .record(let right)):
            // NB: the keys are a model's field names, not values.
            left.count == right.count && left.allSatisfy { field, value in right[field].map { $0 == value } ?? false }
        case (.list(let left), .list(let right)): left.elementsEqual(right)
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let text):
            hasher.combine(0)
            hasher.combine(text.utf8.count)
            if text.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil
            {
                for byte in text.utf8 { hasher.combine(byte) }
            }
        case .integer(let number):
            hasher.combine(1)
            hasher.combine(number)
        case .decimal(let number):
            hasher.combine(2)
            hasher.combine(number)
        case .date(let date):
            hasher.combine(3)
            hasher.combine(date)
        case .boolean(let flag):
            hasher.combine(4)
            hasher.combine(flag)
        case .record(let fields):
            hasher.combine(5)
            // NB: the order of a dictionary's fields is not its value's: their hashes combine in any order.
            hasher.combine(fields.reduce(0) { sum, field in sum &+ Self.hash(of: field) })
        case .list(let items):
            hasher.combine(6)
            hasher.combine(items)
        }
    }

    private static func hash(of field: (key: String, value: ValidatedValue)) -> Int {
        var hasher = Hasher()
        hasher.combine(field.key)
        hasher.combine(field.value)
        return hasher.finalize()
    }

    /// The canonical text: what a string type holds, `42`, `1.5`, `2026-11-22`, `true`;
    /// a record as `{a: 1, b: x}` with its fields in name order, a list as `[a, b]`.
    public var description: String {
        switch self {
        case .string(let text): text
        case .integer(let number): String(number)
        case .decimal(let number): number.description
        case .date(let date): date.description
        case .boolean(let flag): flag ? "true" : "false"
        case .record(let fields):
            "{" + fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        case .list(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        }
    }
}
