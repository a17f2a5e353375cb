/// `equal` (on a model): the named fields hold equal values; the violation is reported on the
/// last field named, as a "confirm password" field shows it.
public struct EqualCheck: FieldComparisonCheck, ModelCheck {
    public static let name = "equal"
    public static let codes = [
        CheckCode(
            "mismatch", summary: "the fields differ", en: "The values do not match.", ja: "入力内容が一致しません。")
    ]

    /// The fields compared, two or more.
    public var fields: [String]

    /// Creates the check over `fields`.
    public init(fields: [String]) {
        self.fields = fields
    }

    public static let equalValuesPass = true

    public func summary(of code: CheckCode) -> String { fieldList + " differ; reported on `\(reportedField)`" }

    /// When some field's value differs from the first's; the last field's value is shown.
    public static func broken(_ fields: [String], in values: [String: ValidatedValue]) -> ValidatedValue?? {
        let first = values[fields[0]]
        guard fields.dropFirst().contains(where: { values[$0] != first }) else { return nil }
        return .some(values[fields.last!])
    }
}
