/// Reading text as a type's value: `"abc"` is no integer, `2026-13-01` no date.
///
/// Not a check one writes: every non-string type has it, and a failure stops the field's checks.
public enum ValueFormat {
    /// The code of a value that cannot be read as its type.
    public static let code = CheckCode(
        "invalidFormat", summary: "not a value of the type",
        en: "'{value}' is not a valid value.", ja: "「{value}」は正しい形式ではありません。")

    /// `text` read as `type`, or `nil` when it is not written as that type requires.
    public static func parse(_ text: Substring, as type: ValueType) -> ValidatedValue? {
        switch type {
        // NB: text that normalization left whole is the caller's string, kept without a copy.
        case .string:
            .string(
                text.startIndex == text.base.startIndex && text.endIndex == text.base.endIndex
                    ? text.base : String(text))
        case .integer: parseInteger(text).map(ValidatedValue.integer)
        case .decimal: DecimalNumber(text).map(ValidatedValue.decimal)
        case .date: LocalDate(text).map(ValidatedValue.date)
        case .boolean: text == "true" ? .boolean(true) : text == "false" ? .boolean(false) : nil
        }
    }

    /// A JSON number as `type`'s value: any number for a decimal type; a whole number within `Int`
    /// for an integer type (`1.0` and `1e3` are, as JSON Schema's `type: integer` says, `1.5` and
    /// `12345678901234567890` are not); and `nil` (the wrong kind) for any other type.
    public static func value(ofNumber number: DecimalNumber, as type: ValueType) -> ValidatedValue? {
        switch type {
        case .integer: number.exactInteger.map(ValidatedValue.integer)
        case .decimal: .decimal(number)
        case .string, .date, .boolean: nil
        }
    }

    /// `[+-]?[0-9]+` in ASCII digits, within `Int`; `Int("١")` and `Int("0x1")` are refused.
    static func parseInteger(_ text: Substring) -> Int? {
        guard
            text.utf8.allSatisfy({
                ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "+")
                    || $0 == UInt8(ascii: "-")
            })
        else { return nil }
        return Int(text)
    }
}
