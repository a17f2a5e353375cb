/// What a pattern can match at all, for `lint`'s satisfiability pass: how many scalars a match
/// has, and which scalars a match can begin or end with.
extension PatternSyntax {
    /// The fewest and the most scalars a match has; `max` is `nil` when repetition has no bound.
    package var scalarCounts: (min: Int, max: Int?) {
        let cap = 1_000_000  // NB: counts past any value a pattern may match; keeps products from overflowing
        switch self {
        case .empty, .startAnchor, .endAnchor:
            return (0, 0)
        case .scalar, .scalarClass:
            return (1, 1)
        case .concatenation(let parts):
            return parts.map(\.scalarCounts).reduce((0, 0)) { sum, part in
                (
                    Swift.min(sum.0 + part.min, cap),
                    sum.1.flatMap { total in part.max.map { Swift.min(total + $0, cap) } }
                )
            }
        case .alternation(let parts):
            let counts = parts.map(\.scalarCounts)
            let maxima = counts.map(\.max)
            return (
                counts.map(\.min).min() ?? 0,
                maxima.contains { $0 == nil } ? nil : maxima.compactMap { $0 }.max() ?? 0
            )
        case .repetition(let part, let min, let max):
            let counts = part.scalarCounts
            let most: Int? =
                counts.max == 0 || max == 0
                ? 0 : max.flatMap { times in counts.max.map { Swift.min(times * $0, cap) } }
            return (Swift.min(min * counts.min, cap), most)
        }
    }

    /// The classes of the scalars that a match which is not empty can begin with (`atStart`) or end
    /// with.
    package func edgeClasses(atStart: Bool) -> [ScalarClass] {
        switch self {
        case .empty, .startAnchor, .endAnchor:
            return []
        case .scalar(let scalar):
            return [ScalarClass([scalar.value...scalar.value])]
        case .scalarClass(let scalarClass):
            return [scalarClass]
        case .concatenation(let parts):
            var classes: [ScalarClass] = []
            for part in atStart ? parts : parts.reversed() {
                classes += part.edgeClasses(atStart: atStart)
                if !part.matchesEmpty { break }
            }
            return classes
        case .alternation(let parts):
            return parts.flatMap { $0.edgeClasses(atStart: atStart) }
        case .repetition(let part, _, let max):
            return max == 0 ? [] : part.edgeClasses(atStart: atStart)
        }
    }
}

extension ScalarClass {
    /// Whether every scalar of the class is White_Space; `false` for classes too large to list.
    package var isWhiteSpaceOnly: Bool {
        guard !isInverted, categories.rawValue == 0 else { return false }
        return ranges.allSatisfy { range in
            range.count <= 64 && range.allSatisfy { Unicode.Scalar($0).map(WhiteSpace.contains) ?? false }
        }
    }
}
