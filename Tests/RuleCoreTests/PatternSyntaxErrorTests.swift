import Testing

@testable import RuleCore

@Suite struct PatternSyntaxErrorTests {
    struct BadCase: Sendable, CustomTestStringConvertible {
        var pattern: String
        var message: String
        var offset: Int
        var length: Int
        init(_ pattern: String, _ message: String, _ offset: Int, _ length: Int) {
            (self.pattern, self.message, self.offset, self.length) = (pattern, message, offset, length)
        }
        var testDescription: String { "/\(pattern.count > 40 ? String(pattern.prefix(40)) + "…" : pattern)/" }
    }

    static let linearTime = "patterns must run in linear time on every backend"
    static let deep = String(repeating: "(", count: 101) + "a" + String(repeating: ")", count: 101)

    @Test(
        "constructs that cannot run in linear time everywhere",
        arguments: [
            BadCase(#"(a)\1"#, "backreferences are not supported; \(linearTime)", 3, 2),
            BadCase(#"(a)\12"#, "backreferences are not supported; \(linearTime)", 3, 3),
            BadCase(#"(?<n>a)\k<n>"#, "backreferences are not supported; \(linearTime)", 7, 2),
            BadCase("a(?=b)", "lookahead is not supported; \(linearTime)", 1, 3),
            BadCase("a(?!b)", "lookahead is not supported; \(linearTime)", 1, 3),
            BadCase("(?<=a)b", "lookbehind is not supported; \(linearTime)", 0, 4),
            BadCase("(?<!a)b", "lookbehind is not supported; \(linearTime)", 0, 4),
            BadCase("(?>a)", "atomic groups are not supported; \(linearTime)", 0, 3),
            BadCase("a*+", "possessive quantifiers are not supported; \(linearTime)", 1, 2),
            BadCase("a++", "possessive quantifiers are not supported; \(linearTime)", 1, 2),
            BadCase("a?+", "possessive quantifiers are not supported; \(linearTime)", 1, 2),
            BadCase("a{2}+", "possessive quantifiers are not supported; \(linearTime)", 1, 4),
            BadCase("日本(?=x)", "lookahead is not supported; \(linearTime)", 2, 3),
            BadCase("(a+)+", nested("(a+)+"), 0, 5),
            BadCase("(a*)*", nested("(a*)*"), 0, 5),
            BadCase(#"x(\w+\s?)*y"#, nested(#"(\w+\s?)*"#), 1, 9),
            BadCase("(a|b+)*", nested("(a|b+)*"), 0, 7),
            BadCase("(?:a+a+){2,}", nested("(?:a+a+){2,}"), 0, 12),
            BadCase("((a+)?)+", nested("((a+)?)+"), 0, 8),
            BadCase("(a+b?)+?", nested("(a+b?)+?"), 0, 8),
            BadCase(
                String(repeating: #"\w{0,1000}"#, count: 6),
                "pattern is too large: it compiles to more than 10000 states; use smaller counts", 0, 60),
        ])
    func nonLinear(_ c: BadCase) { check(c) }

    static func nested(_ written: String) -> String {
        "nested unbounded repetition '\(written)' takes exponential time on backtracking engines (ECMAScript, Java, "
            + "PCRE, Python); repeat the inner part alone, or give each round a required character such as a separator"
    }

    @Test(
        "syntax outside the portable subset",
        arguments: [
            BadCase(
                "(?i)abc", "inline flags are not supported; patterns are always case-sensitive and single-line", 0, 3),
            BadCase(
                "(?i:abc)", "inline flags are not supported; patterns are always case-sensitive and single-line", 0, 3),
            BadCase("(?P<n>a)", "'(?P<name>' is not portable; write '(?<name>…)'", 0, 4),
            BadCase(
                "(?#note)", "unknown group syntax after '(?'; write '(?:…)' for a group that does not capture", 0, 3),
            BadCase("(?", "unknown group syntax after '(?'; write '(?:…)' for a group that does not capture", 0, 2),
            BadCase(
                #"\bword\b"#, "word boundaries are not supported; backends disagree on what a word character is", 0, 2),
            BadCase(#"a\B"#, "word boundaries are not supported; backends disagree on what a word character is", 1, 2),
            BadCase(#"\q"#, #"unknown escape '\q'"#, 0, 2),
            BadCase(#"\A"#, #"unknown escape '\A'"#, 0, 2),
            BadCase(#"😀\q"#, #"unknown escape '\q'"#, 1, 2),
            BadCase(#"\@"#, #"escape '\@' is not allowed; write '@'"#, 0, 2),
            BadCase(#"\é"#, #"escape '\é' is not allowed; write 'é'"#, 0, 2),
            BadCase(#"a\-b"#, #"'\-' is allowed only inside a class; write '-'"#, 1, 2),
            BadCase(#"\cC"#, #"control escapes are not supported; write '\x03'"#, 0, 3),
            BadCase(#"\cz"#, #"control escapes are not supported; write '\x1A'"#, 0, 3),
            BadCase(#"\01"#, #"octal escapes are not supported; write '\xHH' or '\u{H…}'"#, 0, 3),
            BadCase(#"[\1]"#, #"octal escapes are not supported; write '\xHH' or '\u{H…}'"#, 1, 2),
            BadCase(#"[\b]"#, #"'\b' in a class is a backspace in ECMAScript only; write '\x08'"#, 1, 2),
            BadCase(#"a\"#, #"'\' at the end of the pattern escapes nothing"#, 1, 1),
            BadCase(#"\pL"#, #"'\p' needs a property in braces, such as '\p{L}'"#, 0, 2),
            BadCase(#"\p{L"#, #"missing '}' to close '\p{'"#, 0, 3),
            BadCase(#"\p{Han}"#, #"a script needs 'Script='; write '\p{Script=Han}'"#, 0, 7),
            BadCase(#"\p{Leter}"#, "unknown general category 'Leter'; did you mean 'Letter'?", 0, 9),
            BadCase(#"\p{gc=Lx}"#, "unknown general category 'Lx'; did you mean 'L'?", 0, 9),
            BadCase(
                #"\p{Alphabetic}"#,
                #"unknown property 'Alphabetic'; '\p{…}' takes a general category, 'Script=…' or 'Script_Extensions=…'"#,
                0, 14),
            BadCase(#"\p{Script=Hann}"#, "unknown script 'Hann'; did you mean 'Han'?", 0, 15),
            BadCase(
                #"\P{Block=Basic_Latin}"#,
                "unknown property 'Block'; write 'General_Category=', 'Script=' or 'Script_Extensions='", 0, 21),
            BadCase(
                "(?<1a>x)", "a group name is ASCII letters, digits and '_', not starting with a digit, then '>'", 0, 6),
            BadCase(
                "(?<a-b>x)", "a group name is ASCII letters, digits and '_', not starting with a digit, then '>'", 0, 5),
            BadCase(
                "(?<ab", "a group name is ASCII letters, digits and '_', not starting with a digit, then '>'", 0, 5),
            BadCase("(?<a>x)(?<a>y)", "duplicate group name 'a'", 10, 1),
        ])
    func unsupported(_ c: BadCase) { check(c) }

    @Test(
        "escapes that spell a scalar wrongly",
        arguments: [
            BadCase(#"\x4"#, #"'\x' needs two hex digits"#, 0, 2),
            BadCase(#"\u12"#, #"'\u' needs four hex digits or '{H…}'"#, 0, 2),
            BadCase(#"\u{}"#, #"'\u{' needs hex digits and a closing '}'"#, 0, 3),
            BadCase(#"\u{41"#, #"'\u{' needs hex digits and a closing '}'"#, 0, 5),
            BadCase(#"\u{110000}"#, #"'\u{…}' is above U+10FFFF, the largest scalar"#, 0, 10),
            BadCase(#"\u{D800}"#, #"'\u{…}' is a surrogate, not a Unicode scalar"#, 0, 8),
            BadCase(#"\uD800"#, #"lone surrogate '\uD800' is not a Unicode scalar"#, 0, 6),
            BadCase(#"\uD83Dx"#, #"lone surrogate '\uD83D' is not a Unicode scalar"#, 0, 6),
            BadCase(#"\uD83D\u0041"#, #"lone surrogate '\uD83D' is not a Unicode scalar"#, 0, 6),
            BadCase(#"\uDE00"#, #"lone surrogate '\uDE00' is not a Unicode scalar"#, 0, 6),
        ])
    func badScalars(_ c: BadCase) { check(c) }

    @Test(
        "unbalanced groups, classes and braces",
        arguments: [
            BadCase("(ab", "missing ')' to close this group", 0, 1),
            BadCase("((a)", "missing ')' to close this group", 0, 1),
            BadCase("ab)", #"unmatched ')'; write '\)' for a literal parenthesis"#, 2, 1),
            BadCase("[ab", "missing ']' to close this class", 0, 1),
            BadCase("[", "missing ']' to close this class", 0, 1),
            BadCase("ab]", #"unmatched ']'; write '\]' for a literal bracket"#, 2, 1),
            BadCase("a}", #"unmatched '}'; write '\}' for a literal brace"#, 1, 1),
            BadCase(
                "a{", #"'{' must start a repetition like '{2}', '{2,}' or '{2,5}'; write '\{' for a literal brace"#, 1,
                1),
            BadCase(
                "a{,3}", #"'{' must start a repetition like '{2}', '{2,}' or '{2,5}'; write '\{' for a literal brace"#,
                1, 1),
            BadCase(
                "a{2,x}", #"'{' must start a repetition like '{2}', '{2,}' or '{2,5}'; write '\{' for a literal brace"#,
                1, 1),
            BadCase(deep, "groups nest more than 100 deep", 100, 1),
        ])
    func unbalanced(_ c: BadCase) { check(c) }

    @Test(
        "quantifiers with nothing to repeat or counts out of bounds",
        arguments: [
            BadCase("*a", "'*' has nothing to repeat", 0, 1),
            BadCase("a|*", "'*' has nothing to repeat", 2, 1),
            BadCase("(+)", "'+' has nothing to repeat", 1, 1),
            BadCase("??", "'??' has nothing to repeat", 0, 2),
            BadCase("{2}", "'{2}' has nothing to repeat", 0, 3),
            BadCase("^*", "'*' has nothing to repeat", 1, 1),
            BadCase("a$?", "'?' has nothing to repeat", 2, 1),
            BadCase("a**", "'*' has nothing to repeat", 2, 1),
            BadCase("a*??", "'?' has nothing to repeat", 3, 1),
            BadCase("a{2}{3}", "'{3}' has nothing to repeat", 4, 3),
            BadCase("a{3,2}", "repetition has its minimum 3 above its maximum 2", 1, 5),
            BadCase("a{1001}", "repetition count 1001 is above the limit of 1000", 2, 4),
            BadCase(
                "a{0,99999999999999999999}", "repetition count 99999999999999999999 is above the limit of 1000", 4, 20),
            BadCase("(a{100}){11}", "nested repetitions multiply to more than 1000; use smaller counts", 8, 4),
            BadCase("((a{10}){10}b){11}", "nested repetitions multiply to more than 1000; use smaller counts", 14, 4),
        ])
    func quantifiers(_ c: BadCase) { check(c) }

    @Test(
        "classes that backends read differently",
        arguments: [
            BadCase("[z-a]", "range 'z-a' is out of order", 1, 3),
            BadCase("[😂-😀]", "range '😂-😀' is out of order", 1, 3),
            BadCase(#"[\d-z]"#, #"a range cannot start or end at a class escape such as '\d'"#, 1, 4),
            BadCase(#"[a-\d]"#, #"a range cannot start or end at a class escape such as '\d'"#, 1, 4),
            BadCase(
                "[]", #"an empty class means different things on different backends; write '\]' for a literal bracket"#,
                0, 2),
            BadCase(
                "[^]",
                #"an empty class means different things on different backends; write '\]' for a literal bracket"#, 0, 3),
            BadCase("[[a]]", #"'[' inside a class starts a nested class on some backends; write '\['"#, 1, 1),
            BadCase("[[:alpha:]]", #"'[' inside a class starts a nested class on some backends; write '\['"#, 1, 1),
            BadCase(
                "[a&&b]", #"'&&' in a class is a set operation on some backends; write one of them as '\x26'"#, 2, 2),
            BadCase(
                "[a--b]", #"'--' in a class is a set operation on some backends; write one of them as '\x2D'"#, 2, 2),
            BadCase(
                "[!--]", #"'--' in a class is a set operation on some backends; write one of them as '\x2D'"#, 2, 2),
            BadCase(
                "[a~~b]", #"'~~' in a class is a set operation on some backends; write one of them as '\x7E'"#, 2, 2),
        ])
    func classes(_ c: BadCase) { check(c) }

    private func check(_ c: BadCase) {
        #expect(throws: PatternSyntaxError(c.message, offset: c.offset, length: c.length)) {
            try RulePattern(c.pattern)
        }
    }
}
