/// `notEqual` (on a model): the valid values of the named fields are pairwise different, as a new
/// password must differ from the user name; the violation is reported on the last field named.
///
/// Only values compare: a field left empty (optional) has none and differs from every value, and
/// while a named field is invalid the check is skipped, since that field already says what is wrong.
public struct NotEqualCheck: FieldComparisonCheck, ModelCheck {
    public static let name = "notEqual"
    public static let codes = [
        CheckCode(
            "mustDiffer", summary: "two of the fields are equal",
            en: "This value must differ from the others.", ja: "他の項目と異なる値を入力してください。")
    ]

    /// The fields compared, two or more, each named once.
    public var fields: [String]

    /// Creates the check over `fields`.
    public init(fields: [String]) {
        self.fields = fields
    }

    public static let equalValuesPass = false

    public func summary(of code: CheckCode) -> String {
        "two of " + fieldList + " are equal; reported on `\(reportedField)`"
    }

    /// When two present values are equal; the repeated value is shown.
    public static func broken(_ fields: [String], in values: [String: ValidatedValue]) -> ValidatedValue?? {
        // NB: a handful of fields, so comparing each pair costs less than hashing them.
        let present = fields.compactMap { values[$0] }
        for (index, value) in present.enumerated() where present[..<index].contains(value) { return .some(value) }
        return nil
    }
}
