import RuleCore

/// The ECMAScript patterns (`u` flag) by which a schema says what a check says.
///
/// JSON Schema's `pattern` searches anywhere in the value, while rulecheck's patterns match the
/// whole value, so each is anchored as `^(?:…)$`; without the `m` flag, `^` and `$` match only
/// at the ends of the value in ECMAScript. Of the pattern subset, ECMAScript reads one escape
/// otherwise: its `\s` holds U+FEFF and not U+0085, while rulecheck's is Unicode's White_Space,
/// so `\s` and `\S` are written out as classes of that set.
enum SchemaPatterns {
    /// `source`, a pattern of the portable subset, as an ECMAScript pattern that matches the
    /// whole value exactly when `source` does.
    static func wholeValue(_ source: String) -> String {
        var out = ""
        var inClass = false
        var scalars = source.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\\":
                guard let escaped = scalars.next() else { break }
                if escaped == "s" || escaped == "S" {
                    // NB: inside a class, `\S` must be a set to join with others, so it is written out.
                    let negated = escaped == "S"
                    out +=
                        inClass
                        ? classBody(negated ? notWhiteSpace : whiteSpace)
                        : (negated ? "[^" : "[") + classBody(whiteSpace) + "]"
                } else {
                    out.unicodeScalars += ["\\", escaped]
                }
            case "[" where !inClass:
                inClass = true
                out.unicodeScalars.append(scalar)
            case "]" where inClass:
                inClass = false
                out.unicodeScalars.append(scalar)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return "^(?:\(out))$"
    }

    /// `text` as an ECMAScript pattern (`u` flag) that matches it literally: each syntax character
    /// escaped, which is the only identity escape the `u` flag allows.
    static func literal(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if "^$\\.*+?()[]{}|/".unicodeScalars.contains(scalar) { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// The White_Space set as ranges, read off ``RuleCore/WhiteSpace`` itself.
    static let whiteSpace = ranges(whiteSpace: true)
    /// Every other code point, surrogates included, as ranges.
    static let notWhiteSpace = ranges(whiteSpace: false)

    /// The code points that are White_Space, or that are not, as sorted ranges.
    private static func ranges(whiteSpace: Bool) -> [ClosedRange<UInt32>] {
        var ranges: [ClosedRange<UInt32>] = []
        for value in UInt32(0)...0x10FFFF where (Unicode.Scalar(value).map(WhiteSpace.contains) ?? false) == whiteSpace
        {
            if let last = ranges.last, last.upperBound + 1 == value {
                ranges[ranges.count - 1] = last.lowerBound...value
            } else {
                ranges.append(value...value)
            }
        }
        return ranges
    }

    /// Ranges as the inside of an ECMAScript class, every scalar as `\u{H…}`.
    private static func classBody(_ ranges: [ClosedRange<UInt32>]) -> String {
        func escaped(_ value: UInt32) -> String { "\\u{\(String(value, radix: 16, uppercase: true))}" }
        return ranges.map {
            $0.count == 1 ? escaped($0.lowerBound) : escaped($0.lowerBound) + "-" + escaped($0.upperBound)
        }
        .joined()
    }

    /// The WHATWG HTML "valid email address" as the HTML standard itself writes it as a regular
    /// expression: the grammar of ``RuleCore/EmailCheck``, letter for letter.
    static let email =
        "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
        + "(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$"

    /// A UUID's text form as ``RuleCore/UUIDCheck`` reads it: 8-4-4-4-12 hexadecimal digits, either case.
    /// `hostname`: RFC 1123 labels of 1 to 63, no trailing dot; `maxLength` says the 253 in all.
    static let hostname =
        "^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$"
    static let uuid = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"

    /// A decimal number as ``RuleCore/DecimalNumber`` reads it: `[+-]?[0-9]+(\.[0-9]+)?`.
    static let decimal = "^[+-]?[0-9]+(?:\\.[0-9]+)?$"
}
