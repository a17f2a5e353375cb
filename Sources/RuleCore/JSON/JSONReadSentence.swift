/// Every sentence of a ``JSONReadError``, by name, with `{…}` for what is filled in: the one
/// source of the reader's words, which `rulecheck export runtime-data` writes into the JavaScript
/// and Python runtimes' generated data, whose readers say the same.
public enum JSONReadSentence: String, CaseIterable, Sendable {
    case endAfterValue, afterItem, keyAfterCommaTrailing, keyAfterComma, afterMember, keyOrEnd, depth, duplicateKey
    case colonAfterKey, value, valueOrEnd, valueAfterCommaTrailing, valueAfterComma, memberValue
    case digitAfterMinus, number, leadingZero, digitAfterPoint, exponentDigit, exponentLimit
    case unterminatedString, controlCharacter, escapeAtEnd, escapeFollowedBy, invalidEscape
    case loneLowSurrogate, loneHighSurrogate, highSurrogateFollowedBy, hexDigits
    case endOfInput, space, tab, lineBreak, invalidByte, invalidBytes, cutOff

    /// The sentence with `{…}` placeholders.
    public var template: String {
        switch self {
        case .endAfterValue: "expected the end of the input after the value; found {found}"
        case .afterItem: "expected ',' or ']' after an item of a list; found {found}"
        case .keyAfterCommaTrailing: "expected a key after ','; found '}'; JSON has no trailing commas"
        case .keyAfterComma: "expected a key after ','; found {found}"
        case .afterMember: "expected ',' or '}' after a member of an object; found {found}"
        case .keyOrEnd: "expected a key or '}'; found {found}"
        case .depth: "nesting depth exceeds the limit of {limit} levels"
        case .duplicateKey: "duplicate key '{key}' in an object"
        case .colonAfterKey: "expected ':' after the key '{key}'; found {found}"
        case .value: "expected a value; found {found}"
        case .valueOrEnd: "expected a value or ']'; found {found}"
        case .valueAfterCommaTrailing: "expected a value after ','; found ']'; JSON has no trailing commas"
        case .valueAfterComma: "expected a value after ','; found {found}"
        case .memberValue: "expected the value of '{key}'; found {found}"
        case .digitAfterMinus: "expected a digit after '-'; found {found}"
        case .number: "expected a number; found {found}"
        case .leadingZero:
            "expected '.', 'e' or the end of the number after a leading '0'; found {found}; JSON has no leading zeros"
        case .digitAfterPoint: "expected a digit after '.'; found {found}"
        case .exponentDigit: "expected a digit in the exponent; found {found}"
        case .exponentLimit: "the number's exponent exceeds the limit of {limit} in magnitude"
        case .unterminatedString: "expected '\"' to end the string; found the end of the input"
        case .controlCharacter: "control character {codePoint} in a string; write it as '{escape}'"
        case .escapeAtEnd: "expected an escape after '\\'; found the end of the input"
        case .escapeFollowedBy: "'\\' followed by {found}"
        case .invalidEscape: #"invalid escape {escape} in a string; use one of \" \\ \/ \b \f \n \r \t \uXXXX"#
        case .loneLowSurrogate:
            "lone low surrogate '{unit}' in a string; it must follow a high surrogate \\uD800–\\uDBFF"
        case .loneHighSurrogate:
            "lone high surrogate '{unit}' in a string; it must be followed by a low surrogate \\uDC00–\\uDFFF"
        case .highSurrogateFollowedBy:
            "high surrogate '{unit}' followed by '{low}' in a string; it must be followed by a low surrogate \\uDC00–\\uDFFF"
        case .hexDigits: "expected 4 hexadecimal digits after '\\u'; found {found}"
        case .endOfInput: "the end of the input"
        case .space: "a space"
        case .tab: "a tab"
        case .lineBreak: "a line break"
        case .invalidByte: "invalid UTF-8 byte {bytes}"
        case .invalidBytes: "invalid UTF-8 bytes {bytes}"
        case .cutOff: "{bytes} cut off by the end of the input"
        }
    }

    /// The sentence with its placeholders filled from `values`; one left out stays as written.
    public func callAsFunction(_ values: [String: String] = [:]) -> String {
        MessageTemplates.fill(template) { values[$0] }
    }
}
