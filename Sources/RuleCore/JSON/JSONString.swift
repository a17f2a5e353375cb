/// Writes text as a JSON string: the one escaper of every JSON that rulecheck writes.
package enum JSONString {
    /// `text` as a JSON string: `"` and `\` escaped, and as `\uXXXX` every control character and
    /// every scalar that cannot stand raw in a YAML double-quoted scalar or a JavaScript string
    /// (C1 controls, U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF), so that the result reads back as the
    /// same text as JSON and as YAML, and invisible characters show.
    package static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                || scalar.value == 0x2029 || scalar.value == 0xFEFF || (0xFFFE...0xFFFF).contains(scalar.value):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// `text` as a JSON string.
    package static func quoted(_ text: String) -> String {
        var out = ""
        quote(text, into: &out)
        return out
    }
}
