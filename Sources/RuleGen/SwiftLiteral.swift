import RuleCore

/// How names and texts from rule files are spelled in generated Swift.
enum SwiftLiteral {
    /// `text` as a string literal: printable scalars as themselves, so that Japanese messages stay
    /// readable, and control, format and space characters other than U+0020 as `\u{…}`; a text with
    /// backslashes and nothing to escape is a raw string (`#"\d{3}"#`), as a regex reads best.
    static func string(_ text: String) -> String {
        let needsEscapes = text.unicodeScalars.contains(where: isInvisible)
        if !needsEscapes, text.contains("\\") {
            var hashes = "#"
            while text.contains("\"" + hashes) { hashes += "#" }
            return hashes + "\"" + text + "\"" + hashes
        }
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where isInvisible(scalar): literal += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// `name` as an identifier, in backticks when Swift reserves it.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `text` in lowerCamelCase, its words split at anything but ASCII letters and digits:
    /// `display_name` is `displayName`, `post-box` is `postBox`, `URL` is `url`; `nil` when `text`
    /// has a letter or digit outside ASCII, or its first word starts with no letter (`1st`, `表示名`).
    static func lowerCamelCase(_ text: String) -> String? {
        // NB: letters and digits are told by the pinned general categories (L*, N*), so that a
        // generated name is the same on every OS release; words are ASCII by then.
        let isWordScalar: (Unicode.Scalar) -> Bool = { ASCIICase.isASCIILetter($0) || ASCIICase.isASCIIDigit($0) }
        guard
            !text.unicodeScalars.contains(where: {
                !$0.isASCII && "LN".contains(PinnedUnicode.generalCategoryName(of: $0).prefix(1))
            })
        else {
            return nil
        }
        let words = text.unicodeScalars.split { !isWordScalar($0) }.map { String(String.UnicodeScalarView($0)) }
        guard let first = words.first, first.unicodeScalars.first.map(ASCIICase.isASCIILetter) == true else {
            return nil
        }
        let allCapitals = first.unicodeScalars.allSatisfy { (0x41...0x5A).contains($0.value) }
        let head = allCapitals ? ASCIICase.lower(first) : ASCIICase.lowerFirst(first)
        return head + words.dropFirst().map { ASCIICase.upperFirst($0) }.joined()
    }

    /// Whether Swift reserves `name`, so that it needs backticks as a member and cannot name a type.
    static func isKeyword(_ name: String) -> Bool {
        keywords.contains(name)
    }

    /// `[a, b]` of `elements` spelled by `spell`, in order.
    static func array<T>(_ elements: [T], _ spell: (T) -> String) -> String {
        "[" + elements.map(spell).joined(separator: ", ") + "]"
    }

    /// `[key: value, …]` of `pairs` spelled as string literals, in the order given; `[:]` when empty.
    static func dictionary(_ pairs: [(key: String, value: String)]) -> String {
        pairs.isEmpty
            ? "[:]" : "[" + pairs.map { string($0.key) + ": " + string($0.value) }.joined(separator: ", ") + "]"
    }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        // NB: the pinned general category, so that a generated literal is the same on every OS release.
        switch PinnedUnicode.generalCategoryName(of: scalar) {
        case "Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn": true
        case "Zs": scalar != " "
        default: false
        }
    }

    private static let keywords: Set<String> = [
        "Any", "Protocol", "Self", "Type", "as", "associatedtype", "await", "break", "case", "catch", "class",
        "continue", "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false",
        "fileprivate", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil",
        "open", "operator", "precedencegroup", "private", "protocol", "public", "repeat", "rethrows", "return",
        "self", "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias",
        "var", "where", "while",
    ]
}
