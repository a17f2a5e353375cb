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
/// inline flags and `\b`, is a ``PatternSyntaxError``. So is an unbounded repetition of a part that
/// matches through unbounded repetitions alone, such as `(a+)+` or `(\w+\s?)*`, which backtracking
/// backends take exponential time on (this engine stays linear), and a pattern that compiles to more
/// than 10,000 states, such as six `\w{0,1000}` in a row.
///
/// A value longer than ``maximumInputLength`` scalars never matches, whatever the pattern, so that
/// no value costs more than that many steps; give the type a `length` check below it to report such a
/// value as `tooLong` too.
///
/// ```swift
/// let zipCode = try RulePattern(#"\d{3}-\d{4}"#)
/// zipCode.matches("123-4567")     // true
/// zipCode.matches("〒123-4567")   // false: the whole value must match
/// ```
///
/// Two patterns are equal when their source texts are.
public struct RulePattern: Hashable, Sendable {
    /// The longest value, in Unicode scalars, that a pattern can match: 10,000.
    public static let maximumInputLength = 10_000

    /// The pattern as written.
    public let source: String
    private let matcher: PatternMatcher

    /// How many states the compiled automaton has, what a match costs per scalar: at most 10,000.
    package var stateCount: Int { matcher.stateCount }

    /// Parses and compiles `source` once, for any number of matches.
    ///
    /// - Throws: ``PatternSyntaxError`` for syntax outside the portable subset, with its place in `source`.
    public init(_ source: String) throws(PatternSyntaxError) {
        self.source = source
        matcher = PatternMatcher(PatternCompiler.compile(try PatternParser.parse(source)))
    }

    /// Whether the pattern matches all of `value`, from its first scalar to its last; never when
    /// `value` is longer than ``maximumInputLength`` scalars.
    public func matches(_ value: Substring.UnicodeScalarView) -> Bool {
        // NB: dropFirst stops counting at the limit, so a long value costs no more than a short one.
        value.dropFirst(Self.maximumInputLength).isEmpty && matcher.matches(value)
    }

    /// Whether the pattern matches all of `value`, from its first scalar to its last; never when
    /// `value` is longer than ``maximumInputLength`` scalars.
    public func matches(_ value: String) -> Bool {
        matches(Substring(value).unicodeScalars)
    }

    public static func == (a: RulePattern, b: RulePattern) -> Bool { a.source == b.source }

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
