public import RuleCore

/// One row of a spec file: an input for a type or model and what must come of it.
public struct SpecCase: Sendable {
    /// What a case expects.
    public enum Expectation: Sendable, Hashable {
        /// Valid, normalizing to this value (`out:`).
        case out(ExpectedValue)
        /// Valid, whatever the value (`valid: true`).
        case valid
        /// Invalid with exactly these codes, in any order (`errors:`), by field path for a model
        /// (`""` for the type's own value).
        case errors([String: [String]])
        /// None yet: `--update` writes the current result at the slot.
        case unrecorded(ExpectationSlot)
    }

    /// The type or model under test.
    public var typeName: String {
        get { type.name }
        set { type = CaseType(name: newValue, range: type.range) }
    }
    /// Where the type or model is named in the spec file.
    public var typeRange: SourceRange {
        get { type.range }
        set { type = CaseType(name: type.name, range: newValue) }
    }
    /// Both, shared by every case of the type's list: a case then costs one reference to copy,
    /// not a name and a range's two file names (on a long file, 13 M instructions per 20,000 cases).
    var type: CaseType
    /// The case's `name:`, if it has one.
    public var name: String?
    /// The input.
    public var input: ValidationInput
    /// The order a record input's fields were written in, at every depth, for ``inputText``;
    /// `nil` for a scalar, or a list with no record in it.
    // NB: the order, not the text: a model's case made its text when read, and most are never
    // printed (with the JSON quoting of every value, 60% of reading a model's case).
    var writtenOrder: WrittenOrder?
    /// What must come of it.
    public var expectation: Expectation
    /// The expected messages (`message:`), by field path as in `errors`.
    public var messages: [String: String]
    /// Where the case starts.
    public var range: SourceRange
    /// The case's position among all cases of its file, from 0: the stable key for `--shard`.
    public var ordinal: Int
    /// The bytes of `out:`, `valid:` or `errors:` with its value, when `--update=all` may rewrite them.
    var expectationBytes: Range<Int>?

    /// Whether `filter` selects the case: the type or model's name, text in the case's name, or
    /// text in its label as reports print it, `TYPE: NAME` or `TYPE: in INPUT`.
    func matches(_ filter: String) -> Bool {
        if typeName == filter || name?.contains(filter) == true { return true }
        return Self.label(typeName: typeName, name: name, inputText: inputText).contains(filter)
    }

    /// A case's one-line label in reports: `TYPE: NAME` if it has a name, else `TYPE: in INPUT`.
    static func label(typeName: String, name: String?, inputText: String) -> String {
        name.map { "\(typeName): \($0)" } ?? "\(typeName): in \(inputText)"
    }

    /// How the input reads in a report: `"  Buy milk  "`, `null`, `{title: " a "}`, with a
    /// record's fields in the order written.
    public var inputText: String { input.text(writtenOrder) }
}

/// The order a list's records or a record's fields were written in, which a ``ValidationInput``
/// does not keep.
enum WrittenOrder: Sendable {
    /// A list's items, some of which hold records.
    case list([WrittenOrder?])
    /// A record's fields, in the order written, with the order inside each.
    case record([(key: String, order: WrittenOrder?)])
}

extension ValidationInput {
    /// How the input reads in a report, a record's fields in `order` (by name without it).
    func text(_ order: WrittenOrder?) -> String {
        switch self {
        case .list(let items):
            let orders: [WrittenOrder?] = if case .list(let orders) = order { orders } else { [] }
            return "["
                + items.indices.map { items[$0].text($0 < orders.count ? orders[$0] : nil) }.joined(separator: ", ")
                + "]"
        case .record(let fields):
            let written =
                if case .record(let written) = order { written } else {
                    fields.keys.sorted().map { (key: $0, order: WrittenOrder?.none) }
                }
            return "{"
                + written.map { "\($0.key): \((fields[$0.key] ?? .absent).text($0.order))" }.joined(separator: ", ")
                + "}"
        default:
            return scalarText
        }
    }
}

extension ValidationInput {
    /// How a scalar input reads in a report: quoted text, or `null`.
    var scalarText: String {
        if case .text(let text) = self { SpecCase.quoted(text) } else { "null" }
    }
}

/// The type or model a list of cases names, and where.
final class CaseType: Sendable {
    let name: String
    let range: SourceRange

    init(name: String, range: SourceRange) {
        self.name = name
        self.range = range
    }
}

/// A value a case expects, as written: a scalar's text, nothing, fields, or a list's items.
// NB: not `indirect`: its lists and records hold their values on the heap already, and a boxed
// `.scalar` was an allocation per `out:` case.
public enum ExpectedValue: Sendable, Hashable, CustomStringConvertible {
    case absent
    case scalar(String)
    case record([String: ExpectedValue])
    case list([ExpectedValue])

    /// How it reads in a report: `"Buy milk"`, `null`, `{dueDate: 2026-11-22}`.
    public var description: String {
        switch self {
        case .absent: "null"
        case .scalar(let text): SpecCase.quoted(text)
        case .record(let fields):
            "{" + fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        case .list(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        }
    }
}

extension SpecCase {
    /// `text` in double quotes with JSON's escapes, so that white space and invisible characters
    /// show; the result reads back as the same text both as JSON and as a YAML double-quoted scalar.
    public static func quoted(_ text: String) -> String { JSONString.quoted(text) }

    /// `text` as ``quoted(_:)`` gives it, and with every character that cannot be seen, or that
    /// changes the one before it, as a YAML escape: format characters (zero-width space and
    /// joiner, soft hyphen, byte order mark, direction marks), combining marks, and spaces other
    /// than U+0020 (`"e\u0301"`, `"a\u200Bb"`, `"\u00A0"`). What `suggest` and `--update` write, so
    /// that a reviewer sees which input a case holds; it reads back as the same text in YAML.
    public static func visiblyQuoted(_ text: String) -> String {
        var out = ""
        for scalar in quoted(text).unicodeScalars {
            guard isHidden(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            out +=
                scalar.value > 0xFFFF
                ? "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
                : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        return out
    }

    /// Whether `scalar` is invisible, combining, or a space that looks like U+0020.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value > 0x7F else { return false }
        // NB: the pinned general categories, so that a written case reads the same on every OS
        // release. Default_Ignorable_Code_Point adds to them only the Hangul fillers, letters (Lo).
        switch PinnedUnicode.generalCategoryName(of: scalar) {
        case "Cf", "Mn", "Mc", "Me", "Zs", "Zl", "Zp", "Cc", "Co", "Cn": return true
        default: return [0x115F, 0x1160, 0x3164, 0xFFA0].contains(scalar.value)
        }
    }
}
