/// A parsed pattern, before it is compiled: what ``PatternParser`` reads and ``PatternCompiler`` compiles.
///
/// Groups leave no node, since nothing captures, and lazy quantifiers read as greedy ones, since
/// laziness changes which match is found, never whether the whole value matches.
package indirect enum PatternSyntax: Sendable {
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

    /// Whether the part matches the empty string.
    var matchesEmpty: Bool {
        switch self {
        case .empty, .startAnchor, .endAnchor: true
        case .scalar, .scalarClass: false
        case .concatenation(let parts): parts.allSatisfy(\.matchesEmpty)
        case .alternation(let parts): parts.contains(where: \.matchesEmpty)
        case .repetition(let part, let min, _): min == 0 || part.matchesEmpty
        }
    }

    /// Whether the part can match through unbounded repetitions alone, everything else in it being
    /// optional: `a+`, `a*b?`, `a|b+`, `a+a+`, `(a+){2}`, but not `a+,` nor `a{1,9}`.
    ///
    /// Repeating such a part without bound, as in `(a+)+` or `(\w+\s?)*`, lets a backtracking engine
    /// split a value that fails to match into rounds in exponentially many ways, and try them all.
    var repeatsWithoutBound: Bool {
        switch self {
        case .empty, .scalar, .scalarClass, .startAnchor, .endAnchor:
            false
        case .repetition(_, _, nil):
            true
        case .repetition(let part, _, let max?):
            max > 0 && part.repeatsWithoutBound
        case .alternation(let parts):
            parts.contains(where: \.repeatsWithoutBound)
        case .concatenation(let parts):
            parts.contains(where: \.repeatsWithoutBound)
                && parts.allSatisfy { $0.repeatsWithoutBound || $0.matchesEmpty }
        }
    }

    /// How many instructions ``PatternCompiler`` emits for the part, capped just above `limit`.
    func programSize(limit: Int) -> Int {
        let size: Int
        switch self {
        case .empty:
            size = 0
        case .scalar, .scalarClass, .startAnchor, .endAnchor:
            size = 1
        case .concatenation(let parts):
            size = parts.reduce(0) { $0 + $1.programSize(limit: limit) }
        case .alternation(let parts):
            size = parts.reduce(2 * (parts.count - 1)) { $0 + $1.programSize(limit: limit) }
        case .repetition(let part, let min, nil):
            size = Swift.max(min, 1) * part.programSize(limit: limit) + (min > 0 ? 1 : 2)
        case .repetition(let part, let min, let max?):
            let partSize = part.programSize(limit: limit)
            size = min * partSize + (max - min) * (partSize + 1)
        }
        return Swift.min(size, limit + 1)
    }
}
