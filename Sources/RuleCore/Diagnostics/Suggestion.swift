/// A "did you mean" hint: the closest known name to a misspelled one.
public struct Suggestion: Hashable, Sendable {
    /// The known name that is closest.
    public var name: String

    /// A suggestion of `name`, such as a fix that is no misspelled name: `'[https]'` for `https`.
    package init(name: String) {
        self.name = name
    }

    /// The text appended to a diagnostic's message.
    var text: String { "; did you mean '\(name)'?" }

    /// The closest of `candidates` to `name`, if one is close enough to be a plausible typo.
    ///
    /// Close enough means an edit distance of at most a third of the longer name (at least 1),
    /// or a case-insensitive match; ties go to the earlier candidate, so order candidates by
    /// how common they are.
    ///
    /// Each look-up costs one pass over `candidates`; callers that may look up many names among many
    /// candidates stop asking after 50 look-ups, as clang stops spell-checking after 50.
    public static func closest(to name: String, among candidates: some Sequence<String>) -> Suggestion? {
        let lowered = ASCIICase.lower(name)
        let loweredScalars = Array(lowered.unicodeScalars)
        let length = name.unicodeScalars.count
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let candidateLength = candidate.unicodeScalars.count
            let allowed = max(1, max(length, candidateLength) / 3)
            // NB: a length differing by more than the allowed distance is no typo; skipping it before
            // lower-casing keeps a look-up among thousands of names cheap.
            guard abs(candidateLength - length) <= allowed else { continue }
            let loweredCandidate = ASCIICase.lower(candidate)
            if loweredCandidate == lowered { return Suggestion(name: candidate) }
            let distance = editDistance(loweredScalars, Array(loweredCandidate.unicodeScalars), limit: allowed)
            if distance <= allowed, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best.map { Suggestion(name: $0.name) }
    }

    /// How many look-ups among user-declared names one rule set or spec file gets: later mistakes
    /// are reported without a suggestion, so that thousands of them among thousands of names stay fast.
    package static let lookUpLimit = 50

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbours each cost 1, so `lenght` is one edit from `length`; any distance above `limit`
    /// may be reported as `limit + 1`, as soon as every alignment costs more.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int = .max - 1) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            // NB: a swap reaches back two rows, so stop only when both rows exceed the limit.
            if i > 1, current.min()! > limit, previous.min()! > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
