import RuleCore

/// Compares two patterns' languages exactly, by their automata: a Thompson automaton of each
/// pattern's syntax, run together over one scalar of each interval in which no class of either
/// pattern changes, subset by subset. Either a shortest string one matches and the other does not,
/// or a proof that they match the same strings. Patterns with anchors or general categories
/// (`\p{L}`), or automata beyond the limits, are left unknown.
///
/// `rulecheck diff` compares a pattern's two versions with it, and mutation a pattern with its
/// mutant, ignoring the empty value where a type never lets it reach its checks.
package enum PatternEquivalence {
    package enum Verdict: Equatable {
        case equal
        case differ(String)
        case unknown
    }

    private enum Atom {
        case scalar(UInt32)
        case scalarClass(ScalarClass)

        func contains(_ value: UInt32) -> Bool {
            switch self {
            case .scalar(let scalar): scalar == value
            case .scalarClass(let scalarClass): Unicode.Scalar(value).map(scalarClass.contains) ?? false
            }
        }
    }

    private struct Automaton {
        var epsilon: [[Int]] = []
        var steps: [[(atom: Int, to: Int)]] = []
        var atoms: [Atom] = []
        let limit: Int

        mutating func state() -> Int? {
            guard epsilon.count < limit else { return nil }
            epsilon.append([])
            steps.append([])
            return epsilon.count - 1
        }

        /// A fragment for `syntax`: its start and end states.
        mutating func build(_ syntax: PatternSyntax) -> (start: Int, end: Int)? {
            switch syntax {
            case .empty:
                guard let state = state() else { return nil }
                return (state, state)
            case .startAnchor, .endAnchor:
                return nil
            case .scalar(let scalar):
                return step(.scalar(scalar.value))
            case .scalarClass(let scalarClass):
                guard !scalarClass.usesCategories else { return nil }
                return step(.scalarClass(scalarClass))
            case .concatenation(let parts):
                guard let first = state() else { return nil }
                var end = first
                for part in parts {
                    guard let fragment = build(part) else { return nil }
                    epsilon[end].append(fragment.start)
                    end = fragment.end
                }
                return (first, end)
            case .alternation(let parts):
                guard let start = state(), let end = state() else { return nil }
                for part in parts {
                    guard let fragment = build(part) else { return nil }
                    epsilon[start].append(fragment.start)
                    epsilon[fragment.end].append(end)
                }
                return (start, end)
            case .repetition(let part, let min, let max):
                guard let start = state() else { return nil }
                var end = start
                for _ in 0..<min {
                    guard let fragment = build(part) else { return nil }
                    epsilon[end].append(fragment.start)
                    end = fragment.end
                }
                if let max {
                    guard max - min <= limit, let last = state() else { return nil }
                    for _ in min..<max {
                        guard let fragment = build(part) else { return nil }
                        epsilon[end].append(fragment.start)
                        epsilon[end].append(last)
                        end = fragment.end
                    }
                    epsilon[end].append(last)
                    return (start, last)
                }
                guard let loop = build(part), let last = state() else { return nil }
                epsilon[end].append(loop.start)
                epsilon[end].append(last)
                epsilon[loop.end].append(loop.start)
                epsilon[loop.end].append(last)
                return (start, last)
            }
        }

        private mutating func step(_ atom: Atom) -> (start: Int, end: Int)? {
            guard let start = state(), let end = state() else { return nil }
            atoms.append(atom)
            steps[start].append((atoms.count - 1, end))
            return (start, end)
        }

        func closure(_ states: [Int]) -> [Int] {
            var seen = Set(states)
            var stack = states
            while let state = stack.popLast() {
                for next in epsilon[state] where seen.insert(next).inserted { stack.append(next) }
            }
            return seen.sorted()
        }
    }

    /// Compares the languages of two pattern sources; with `ignoringEmpty`, only their non-empty strings.
    package static func compare(
        _ a: String, _ b: String, ignoringEmpty: Bool = false, stateLimit: Int = 20_000, pairLimit: Int = 50_000
    ) -> Verdict {
        guard let first = try? PatternParser.parse(a), let second = try? PatternParser.parse(b) else { return .unknown }
        var automaton = Automaton(limit: stateLimit)
        guard let one = automaton.build(first), let two = automaton.build(second) else { return .unknown }
        // NB: one scalar per interval where no atom's membership changes; surrogates are no scalars.
        var bounds: Set<UInt32> = [0, 0xD800, 0xE000]
        for atom in automaton.atoms {
            switch atom {
            case .scalar(let scalar): bounds.formUnion([scalar, scalar + 1])
            case .scalarClass(let scalarClass): bounds.formUnion(scalarClass.rangeBounds)
            }
        }
        let alphabet = bounds.filter { $0 <= 0x10FFFF && !(0xD800...0xDFFF).contains($0) }.sorted()
        let membership = alphabet.map { value in automaton.atoms.map { $0.contains(value) } }
        struct Pair: Hashable {
            var one: [Int]
            var two: [Int]
            /// Whether the strings that reach it are not empty (only the start's is).
            var nonEmpty: Bool
        }
        let start = Pair(one: automaton.closure([one.start]), two: automaton.closure([two.start]), nonEmpty: false)
        var parents: [Pair: (Pair, UInt32)] = [:]
        var seen: Set<Pair> = [start]
        var queue = [start]
        var index = 0
        func path(to pair: Pair) -> String {
            var scalars: [Unicode.Scalar] = []
            var current = pair
            while let (parent, value) = parents[current] {
                scalars.append(Unicode.Scalar(value)!)
                current = parent
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars.reversed())
            return text
        }
        while index < queue.count {
            let pair = queue[index]
            index += 1
            if pair.nonEmpty || !ignoringEmpty, pair.one.contains(one.end) != pair.two.contains(two.end) {
                return .differ(path(to: pair))
            }
            for (symbol, value) in alphabet.enumerated() {
                func advance(_ states: [Int]) -> [Int] {
                    var next: [Int] = []
                    for state in states {
                        for step in automaton.steps[state] where membership[symbol][step.atom] { next.append(step.to) }
                    }
                    return next.isEmpty ? [] : automaton.closure(next)
                }
                let next = Pair(one: advance(pair.one), two: advance(pair.two), nonEmpty: true)
                guard seen.insert(next).inserted else { continue }
                guard seen.count <= pairLimit else { return .unknown }
                parents[next] = (pair, value)
                queue.append(next)
            }
        }
        return .equal
    }
}
