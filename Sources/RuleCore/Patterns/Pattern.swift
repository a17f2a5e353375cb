/// A regular expression that a `pattern` check matches against the whole value, scalar by scalar,
/// in time linear in the value's length.
///
/// The syntax is the subset that ECMAScript (with the `u` flag), RE2 and Swift's `Regex` read
/// alike, so that every backend enforcing the same rule file agrees:
/// - literal scalars, and the escapes `\\ \. \* \+ \? \( \) \[ \] \{ \} \| \^ \$ \/`,
///   `\t \n \r \f \v \0`, `\xHH`, `\uHHHH` (a surrogate pair of them reads as one scalar) and `\u{H…}`;
/// - `.`, any scalar but ECMAScript's line terminators `\n`, `\r`, U+2028 and U+2029;
/// - `\d` = `[0-9]`, `\w` = `[A-Za-z0-9_]`, `\s` = the Unicode `White_Space` property (the set that
///   `trim` removes), and their complements `\D \W \S`;
/// - `\p{…}` and `\P{…}` with a general category (`L`, `Lu`, `Letter`, `gc=Lu`,
///   `General_Category=Uppercase_Letter`), a script (`Script=Han`, `sc=Hani`) or script
///   extensions (`Script_Extensions=Han`, `scx=Hani`); names are matched exactly, as ECMAScript
///   does, and a bare script name such as `\p{Han}` is refused, as ECMAScript refuses it;
/// - classes `[…]` and `[^…]` with ranges, escapes and class escapes inside, where `\-` is a literal
///   dash and `[`, `&&`, `--` and `~~` are refused because some backends read them as set operations;
/// - groups `(…)`, `(?:…)` and `(?<name>…)`, alternation `|`;
/// - quantifiers `*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}` with counts up to 1000, and their lazy forms;
/// - `^` and `$`, which match at the start and the end of the value only, wherever they stand.
///
/// Anything else, such as backreferences, lookaround, possessive quantifiers, atomic groups,
/// inline flags and `\b`, is a ``PatternSyntaxError``.
///
/// ```swift
/// let zipCode = try Pattern(#"\d{3}-\d{4}"#)
/// zipCode.matches("123-4567")     // true
/// zipCode.matches("〒123-4567")   // false: the whole value must match
/// ```
///
/// Two patterns are equal when their source texts are.
public struct Pattern: Hashable, Sendable {
    /// The pattern as written.
    public let source: String
    private let matcher: PatternMatcher

    /// Parses and compiles `source` once, for any number of matches.
    ///
    /// - Throws: ``PatternSyntaxError`` for syntax outside the portable subset, with its place in `source`.
    public init(_ source: String) throws(PatternSyntaxError) {
        self.source = source
        matcher = PatternMatcher(PatternCompiler.compile(try PatternParser.parse(source)))
    }

    /// Whether the pattern matches all of `value`, from its first scalar to its last.
    public func matches(_ value: Substring.UnicodeScalarView) -> Bool {
        matcher.matches(value)
    }

    /// Whether the pattern matches all of `value`, from its first scalar to its last.
    public func matches(_ value: String) -> Bool {
        matcher.matches(Substring(value).unicodeScalars)
    }

    public static func == (a: Pattern, b: Pattern) -> Bool { a.source == b.source }

    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

/// Why a pattern's source cannot be used, and where in it.
public struct PatternSyntaxError: Error, Hashable, Sendable {
    /// Lower-case, no final period, the fix after `;`.
    public var message: String
    /// Where the problem starts, in Unicode scalars from the start of the source (0-based).
    public var offset: Int
    /// How many scalars the problem spans; at least 1.
    public var length: Int

    /// Creates an error spanning `length` scalars from `offset`.
    public init(_ message: String, offset: Int, length: Int = 1) {
        self.message = message
        self.offset = offset
        self.length = max(length, 1)
    }
}
