/// A parsed pattern, before it is compiled: what ``PatternParser`` reads and ``PatternCompiler`` compiles.
///
/// Groups leave no node, since nothing captures, and lazy quantifiers read as greedy ones, since
/// laziness changes which match is found, never whether the whole value matches.
indirect enum PatternSyntax: Sendable {
    /// Matches the empty string: an empty pattern, group or alternative.
    case empty
    /// Matches this one scalar.
    case scalar(Unicode.Scalar)
    /// Matches one scalar of the class.
    case scalarClass(ScalarClass)
    /// `^`: matches at the start of the value only.
    case startAnchor
    /// `$`: matches at the end of the value only.
    case endAnchor
    /// Matches each part in turn.
    case concatenation([PatternSyntax])
    /// Matches any one of the alternatives.
    case alternation([PatternSyntax])
    /// Matches the part `min` to `max` times; `max` is `nil` for no upper bound.
    case repetition(PatternSyntax, min: Int, max: Int?)

    /// How many times the most deeply repeated part can be expanded by counted repetitions,
    /// capped just above `limit`.
    ///
    /// RE2 refuses a pattern whose nested `{m,n}` multiply past 1000, and the compiler expands
    /// each count into copies, so this is the factor by which a part can grow.
    func repetitionProduct(limit: Int) -> Int {
        switch self {
        case .empty, .scalar, .scalarClass, .startAnchor, .endAnchor:
            return 1
        case .concatenation(let parts), .alternation(let parts):
            return parts.reduce(1) { Swift.max($0, $1.repetitionProduct(limit: limit)) }
        case .repetition(let part, let min, let max):
            return Swift.min(Swift.max(1, max ?? min) * part.repetitionProduct(limit: limit), limit + 1)
        }
    }
}
