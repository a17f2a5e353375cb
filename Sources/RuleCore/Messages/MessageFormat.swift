/// A message template as a `printf`-style format, as Apple's String Catalogs and `String(format:)`
/// have them, and the arguments a violation fills it with.
///
/// The named placeholders become positional specifiers of the kind of what fills them, so that a
/// translation may reorder them: the bound (`{min}` or `{max}`) is argument 1, `%1$lld` for a
/// length or count and `%1$@` for a number or a date (its text, `1.5`, `2026-11-22`); `{value}` is
/// the argument after it, `%2$@` (or `%1$@` for a code with no bound); a `%` is written `%%`.
///
/// ```swift
/// let code = LengthCheck.codes[1]                                    // tooLong, {max} a count
/// MessageFormat.format(of: "At most {max}, not '{value}'.", for: code)  // "At most %1$lld, not '%2$@'."
/// MessageFormat.arguments(bound: .count(20), value: "abc", for: code)   // [.integer(20), .text("abc")]
/// ```
///
/// ``fill(_:with:)`` fills such a format as `String(format:)` does, and a tested round trip keeps
/// the two equal to ``MessageTemplates/message(for:parameters:)``; it also fills a format that
/// leaves an argument out, which `String(format:)` on Linux cannot.
public enum MessageFormat {
    /// One argument of a message's format.
    public enum Argument: Hashable, Sendable {
        /// A length or count, for `%lld`.
        case integer(Int)
        /// Text, for `%@`: a number's or a date's text, or the value.
        case text(String)
    }

    /// `template` with its placeholders as positional specifiers of `code`'s arguments; a
    /// placeholder `code` does not fill (which `lint` reports) and a `{…}` that is no placeholder
    /// stay as written.
    public static func format(of template: String, for code: CheckCode) -> String {
        // NB: `%` is literal text wherever it stands, so it is doubled before the placeholders, which
        // hold none, are filled by the one placeholder scanner.
        MessageTemplates.fill(template.replacingScalars("%", with: "%%")) { specifier(of: $0, for: code) }
    }

    /// The positional specifier of placeholder `name` for `code`: `%1$lld`, `%1$@`, `%2$@`.
    static func specifier(of name: String, for code: CheckCode) -> String? {
        guard let position = code.placeholders.firstIndex(of: name) else { return nil }
        let isCount = name == code.placeholder && code.boundKind == .count
        return "%\(position + 1)$" + (isCount ? "lld" : "@")
    }

    /// The arguments of `code`'s format, in their positions: the bound, if the code carries one,
    /// then the value. What has no value fills its placeholder with the placeholder as written,
    /// as ``MessageTemplates/message(for:parameters:)`` leaves it.
    public static func arguments(bound: Bound?, value: String?, for code: CheckCode) -> [Argument] {
        code.placeholders.map { name in
            if name == "value" { return .text(value ?? "{value}") }
            switch bound {
            case .count(let count)?: return .integer(count)
            case let bound?: return .text(bound.description)
            case nil: return .text("{\(name)}")
            }
        }
    }

    /// `format` filled with `arguments`, as `String(format:)` fills `%N$lld`, `%N$@`, `%lld`, `%@`
    /// and `%%`; a specifier with no argument, or of another kind, stays as written.
    public static func fill(_ format: String, with arguments: [Argument]) -> String {
        // NB: scalar by scalar, as `%` stands in the format: a `%` before a combining mark is
        // still a `%` (one grapheme cluster with it), and a template reads alike on every platform.
        guard format.unicodeScalars.contains("%") else { return format }
        var result = ""
        var rest = Substring(format).unicodeScalars
        var next = 0
        while let percent = rest.firstIndex(of: "%") {
            result.unicodeScalars.append(contentsOf: rest[..<percent])
            let specifier = rest[rest.index(after: percent)...]
            if specifier.first == "%" {
                result += "%"
                rest = specifier.dropFirst()
                continue
            }
            var body = specifier
            var position = next
            let digits = body.prefix(while: ASCIICase.isASCIIDigit)
            let afterDigits = body.dropFirst(digits.count)
            if !digits.isEmpty, afterDigits.first == "$", let number = Int(Substring(digits)), number > 0 {
                position = number - 1
                body = afterDigits.dropFirst()
            } else {
                next += 1
            }
            let filled: String?
            let length: Int
            switch (body.starts(with: "lld".unicodeScalars), body.first == "@", arguments[safe: position]) {
            case (true, _, .integer(let count)?): (filled, length) = (String(count), 3)
            case (_, true, .text(let text)?): (filled, length) = (text, 1)
            case (_, true, .integer(let count)?): (filled, length) = (String(count), 1)
            default: (filled, length) = (nil, 0)
            }
            guard let filled else {
                result += "%"
                rest = specifier
                continue
            }
            result += filled
            rest = body.dropFirst(length)
        }
        result.unicodeScalars.append(contentsOf: rest)
        return result
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
