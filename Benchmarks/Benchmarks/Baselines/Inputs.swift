/// A fixed, seeded mix of inputs for each seed rule: valid and invalid; ASCII, Japanese, emoji;
/// with and without leading and trailing white space. The same seed gives the same inputs on
/// every machine, so runs compare.
public enum Inputs {
    /// SplitMix64: small, fast, and the same everywhere (Swift's default generator is not seedable).
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    public static let count = 1000
    static let pieces = ["a", "Z", "7", "q", "あ", "漢", "字", "👨‍👩‍👧", "🇯🇵", "e\u{301}"]
    static let spaces = [" ", "\u{3000}", "\u{A0}", "\t", "\n"]

    static func text(_ generator: inout Generator, length: ClosedRange<Int>, padded: Bool) -> String {
        let body = (0..<Int.random(in: length, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
            .joined()
        guard padded, Bool.random(using: &generator) else { return body }
        let pad = spaces.randomElement(using: &generator)!
        return pad + body + pad
    }

    /// Titles of 0 to 24 characters, half of them padded.
    public static let titles: [String] = {
        var generator = Generator(state: 1)
        return (0..<count).map { _ in text(&generator, length: 0...24, padded: true) }
    }()

    /// User names of 0 to 12 characters, never padded (the seed does not trim).
    public static let usernames: [String] = {
        var generator = Generator(state: 2)
        return (0..<count).map { _ in text(&generator, length: 0...12, padded: false) }
    }()

    /// Email addresses: most valid, some malformed, some empty or padded.
    public static let emails: [String] = {
        var generator = Generator(state: 3)
        let domains = ["example.com", "mail.example.co.jp", "a", "-bad.com", "例え.jp", "x..y"]
        return (0..<count).map { _ in
            if Int.random(in: 0..<10, using: &generator) == 0 {
                return ["", " ", "\u{3000}"].randomElement(using: &generator)!
            }
            let local = String(
                (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                    "abcdefxyz.+_".randomElement(using: &generator)!
                })
            let pad = Bool.random(using: &generator) ? " " : ""
            return pad + local + "@" + domains.randomElement(using: &generator)! + pad
        }
    }()

    /// Due dates within two months either side of 2026-11-22, one in twenty malformed.
    public static let dates: [String] = {
        var generator = Generator(state: 4)
        return (0..<count).map { _ in
            if Int.random(in: 0..<20, using: &generator) == 0 {
                return ["2026-13-01", "2026-02-30", "tomorrow", ""].randomElement(using: &generator)!
            }
            let month = Int.random(in: 9...12, using: &generator)
            let day = Int.random(in: 1...28, using: &generator)
            return "2026-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
        }
    }()

    /// Search queries: mostly words, some empty.
    public static let queries: [String] = {
        var generator = Generator(state: 5)
        return (0..<count).map { _ in text(&generator, length: 0...8, padded: false) }
    }()

    /// Valid ASCII values that no normalizer changes: the no-allocation path.
    public static let plainASCIITitles: [String] = (0..<count).map { "Buy milk and eggs \($0 % 100)" }
}
