/// One parameter a check takes: its key and the kind of value it holds.
public struct ParameterSpec: Hashable, Sendable {
    /// The kind of value a parameter holds, which says how a loader reads it.
    public enum Kind: Hashable, Sendable {
        /// A whole number written plain (`20`).
        case integer
        /// An exact decimal number written plain (`-1.5`).
        case decimal
        /// `true` or `false`.
        case boolean
        /// A scalar's text.
        case text
        /// One of these names, such as a length's unit.
        case choice([String])
        /// A list of scalars' texts.
        case texts
        /// A list of scalars' texts, or this one word instead, such as `schemes: any`; the word
        /// reads as ``ParameterValue/text(_:)``.
        case textsOr(String)
        /// A list of field names.
        case fields
        /// `today` or a date, `YYYY-MM-DD`.
        case date
        /// A regular expression in the portable subset, compiled when read.
        case pattern
    }

    /// The key, such as `min`.
    public let name: String
    /// The kind of value it holds.
    public let kind: Kind
    /// Whether the check cannot do without it.
    public let isRequired: Bool
    /// The value a check has when the parameter is not written, if any; generated code leaves it out.
    public let defaultValue: ParameterValue?
    /// The format version that added the parameter to its check, as `rulecheck:` writes it: a file
    /// declaring an earlier one cannot write it (`range`'s `greaterThan` needs 1.3).
    public let since: String

    /// Creates a parameter.
    public init(
        _ name: String, _ kind: Kind, required: Bool = false, default defaultValue: ParameterValue? = nil,
        since: String = "1"
    ) {
        self.name = name
        self.kind = kind
        self.isRequired = required
        self.defaultValue = defaultValue
        self.since = since
    }
}

/// A parameter's value, as read from a rule file.
public enum ParameterValue: Hashable, Sendable {
    case integer(Int)
    case decimal(DecimalNumber)
    case boolean(Bool)
    /// Text, or one of a ``ParameterSpec/Kind/choice(_:)``'s names.
    case text(String)
    /// A list of texts or of field names.
    case texts([String])
    case date(DateBound)
    case pattern(RulePattern)
}

/// The parameters of one check as a loader read them, with where each was written, so that a
/// descriptor can report a mistake at its place.
public struct CheckParameters: Sendable {
    /// The values by key.
    public var values: [String: ParameterValue]
    /// Where each value was written, by key.
    public var ranges: [String: SourceRange]
    /// Where the check's name was written.
    public var range: SourceRange?

    /// Creates parameters.
    public init(
        _ values: [String: ParameterValue] = [:], ranges: [String: SourceRange] = [:], at range: SourceRange? = nil
    ) {
        self.values = values
        self.ranges = ranges
        self.range = range
    }

    /// Where `key` was written, else where the check's name was.
    public func range(of key: String) -> SourceRange? { ranges[key] ?? range }

    /// Whether `min` and `max` make a bound a value can meet: at least one given, and `min` not
    /// above `max`; when not, appends what is wrong to `diagnostics`.
    public func checkBounds<T: Comparable & CustomStringConvertible>(
        _ min: T?, _ max: T?, of check: String, diagnostics: inout [Diagnostic]
    ) -> Bool {
        guard min != nil || max != nil else {
            diagnostics.append(.error("'\(check)' needs 'min', 'max' or both", at: range))
            return false
        }
        if let min, let max, max < min {
            diagnostics.append(
                .error("'min' (\(min)) is greater than 'max' (\(max)); no value could pass", at: range(of: "min")))
            return false
        }
        return true
    }

    /// Whether `fields` can be compared by a check across fields: two or more, none named twice;
    /// when not, appends what is wrong to `diagnostics`. `equalValuesPass` is what the check makes
    /// of a field compared with itself: `equal` never fails then, `notEqual` always does.
    public func checkFields(
        _ fields: [String], of check: String, equalValuesPass: Bool, diagnostics: inout [Diagnostic]
    ) -> Bool {
        guard fields.count >= 2 else {
            diagnostics.append(
                .error("'\(check)' compares two or more fields; found \(fields.count)", at: range(of: "fields")))
            return false
        }
        if let twice = fields.indices.first(where: { fields[..<$0].contains(fields[$0]) }) {
            diagnostics.append(
                .error(
                    "'\(check)' names field '\(fields[twice])' twice; "
                        + (!equalValuesPass
                            ? "no value could pass"
                            : Set(fields).count == 1
                                ? "a field always equals itself, so the check never fails" : "name each field once"),
                    at: range(of: "fields")))
            return false
        }
        return true
    }

    /// The whole number under `key`.
    public func integer(_ key: String) -> Int? {
        if case .integer(let value)? = values[key] { value } else { nil }
    }

    /// The decimal number under `key`.
    public func decimal(_ key: String) -> DecimalNumber? {
        if case .decimal(let value)? = values[key] { value } else { nil }
    }

    /// The boolean under `key`.
    public func boolean(_ key: String) -> Bool? {
        if case .boolean(let value)? = values[key] { value } else { nil }
    }

    /// The text under `key`.
    public func text(_ key: String) -> String? {
        if case .text(let value)? = values[key] { value } else { nil }
    }

    /// The list of texts under `key`.
    public func texts(_ key: String) -> [String]? {
        if case .texts(let value)? = values[key] { value } else { nil }
    }

    /// The date bound under `key`.
    public func date(_ key: String) -> DateBound? {
        if case .date(let value)? = values[key] { value } else { nil }
    }

    /// The pattern under `key`.
    public func pattern(_ key: String) -> RulePattern? {
        if case .pattern(let value)? = values[key] { value } else { nil }
    }
}
