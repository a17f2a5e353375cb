/// A valid value after normalization and parsing.
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
