import RuleCore

/// libyaml's words for the syntax errors people make most, translated into what to do: a tab that
/// indents, a line indented to no key above, a `key:` after a list item's text.
enum YAMLSyntaxAdvice {
    /// What to tell for libyaml's `problem` at `column` (from 1) of `line`, whose construct starts at
    /// `contextColumn`; `nil` to keep libyaml's words.
    static func message(
        problem: String, context: String?, line: Substring, previousLine: Substring?, column: Int, contextColumn: Int
    ) -> String? {
        let scalars = Array(line.unicodeScalars)
        let indentation = scalars.prefix { $0 == " " || $0 == "\t" }
        let at = column - 1 < scalars.count ? scalars[column - 1] : nil
        if problem.contains("tab")
            || (problem.hasScalarPrefix("found character that cannot start any token") && at == "\t")
        {
            return indentation.contains("\t")
                ? "a tab indents this line, but YAML indents with spaces only; replace the tab with spaces"
                : "a tab cannot stand here in YAML; replace it with a space"
        }
        let text = String(String.UnicodeScalarView(scalars.dropFirst(indentation.count)))
        if problem.hasScalarPrefix("did not find expected key"), context?.hasScalarSuffix("block mapping") == true {
            return "this line is indented by \(spaces(indentation.count)), but the keys of the mapping above are "
                + "indented by \(spaces(contextColumn - 1)); line it up with them, or indent it under a key of its own"
        }
        if problem.hasScalarPrefix("did not find expected '-' indicator") {
            return "this line is indented as an item of the list above, but does not start with '- '; "
                + "start it with '- ' or indent it as a key of the mapping it belongs to"
        }
        if problem.hasScalarPrefix("mapping values are not allowed") {
            let key = text.prefix { $0 != ":" }.trimmingSuffix(" ")
            let above = previousLine?.drop { $0 == " " }.trimmingSuffix(" ")
            guard let above, above.hasScalarPrefix("- "), !above.contains(":"), !key.isEmpty else {
                return
                    "a 'key:' cannot follow a value; line it up with its sibling keys, or quote the value if the ':' belongs to it"
            }
            let value = above.dropFirst(2)
            return "'\(key):' cannot follow the list item '\(above)', which is a value; give the item keys as "
                + "'- \(value): { \(key): … }', or line '\(key):' up with the keys of a mapping"
        }
        return nil
    }

    private static func spaces(_ count: Int) -> String {
        count == 1 ? "1 space" : "\(count) spaces"
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ scalar: Unicode.Scalar) -> Substring {
        var text = self
        while text.unicodeScalars.last == scalar { text = Substring(text.unicodeScalars.dropLast()) }
        return text
    }
}
