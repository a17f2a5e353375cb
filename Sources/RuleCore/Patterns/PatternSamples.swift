/// Strings built from a pattern's syntax: for each class a few scalars in it, from a fixed probe
/// set, and for each repetition its counts at and around its bounds. They are candidates, which
/// both rule sets then validate: a string one pattern's syntax gives and the other pattern refuses
/// is a witness.
package enum PatternSamples {
    /// The scalars a class is probed with: ASCII, white space, and a few of other scripts and widths.
    static let probes: [Unicode.Scalar] =
        (0x20...0x7E).compactMap(Unicode.Scalar.init)
        + [
            0x09, 0x0A, 0xA0, 0xE9, 0x391, 0x410, 0x660, 0x2028, 0x3000, 0x3042, 0x30A2, 0x4E00, 0xFF21, 0xFF11,
            0x1F600,
        ]
        .compactMap(Unicode.Scalar.init)
    /// The probes that are digits and letters, by their values: no property of the platform's Unicode.
    static let digits: Set<UInt32> = Set(0x30...0x39).union([0x660, 0xFF11])
    static let letters: Set<UInt32> = Set(0x41...0x5A).union(0x61...0x7A).union([
        0xE9, 0x391, 0x410, 0x3042, 0x30A2, 0x4E00, 0xFF21,
    ])

    /// At most `limit` strings the pattern's syntax gives, and the same with one scalar changed.
    package static func strings(for source: String, limit: Int = 400) -> [String] {
        guard let syntax = try? PatternParser.parse(source) else { return [] }
        let built = samples(syntax, limit: 60)
        var out = built
        // NB: each sample with one scalar swapped for a probe another class may hold or refuse.
        for text in built.prefix(20) {
            let scalars = Array(text.unicodeScalars)
            for index in scalars.indices.prefix(12) {
                for probe in ["0", "a", "A", "-", " ", "_", "あ"] {
                    var changed = scalars
                    changed[index] = probe.unicodeScalars.first!
                    var string = ""
                    string.unicodeScalars.append(contentsOf: changed)
                    out.append(string)
                }
            }
        }
        return Array(out.prefix(limit))
    }

    private static func samples(_ syntax: PatternSyntax, limit: Int) -> [String] {
        switch syntax {
        case .empty, .startAnchor, .endAnchor:
            return [""]
        case .scalar(let scalar):
            return [String(scalar)]
        case .scalarClass(let scalarClass):
            let inside = probes.filter(scalarClass.contains)
            // NB: the first few of each kind: digits, letters, others.
            var chosen: [Unicode.Scalar] = []
            for group in [
                inside.filter { digits.contains($0.value) }, inside.filter { letters.contains($0.value) }, inside,
            ] {
                for scalar in group.prefix(2) where !chosen.contains(scalar) { chosen.append(scalar) }
            }
            if let last = inside.last, !chosen.contains(last) { chosen.append(last) }
            return chosen.map { String($0) }
        case .concatenation(let parts):
            var result = [""]
            for part in parts {
                let options = samples(part, limit: limit)
                guard !options.isEmpty else { return [] }
                var next: [String] = []
                // NB: the first option with every prefix, then each option with the first prefix, so
                // that every part's variety shows without a product.
                for prefix in result { next.append(prefix + options[0]) }
                for option in options.dropFirst() { next.append(result[0] + option) }
                result = Array(next.prefix(limit))
            }
            return result
        case .alternation(let parts):
            return Array(parts.flatMap { samples($0, limit: limit) }.prefix(limit))
        case .repetition(let part, let min, let max):
            let options = samples(part, limit: limit)
            guard let first = options.first else { return min == 0 ? [""] : [] }
            var counts = [min, min + 1, Swift.max(min - 1, 0)]
            if let max { counts += [max, max + 1, Swift.max(max - 1, 0)] } else { counts += [min + 5, min + 20] }
            var result: [String] = []
            for count in counts where count >= 0 && count <= 1000 {
                let text = String(repeating: first, count: count)
                if !result.contains(text) { result.append(text) }
            }
            // NB: each option once, at the smallest count that repeats.
            for option in options.dropFirst() {
                let count = Swift.max(min, 1)
                result.append(String(repeating: option, count: count))
            }
            return Array(result.prefix(limit))
        }
    }
}
