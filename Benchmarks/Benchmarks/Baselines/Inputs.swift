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

    /// Order references: most `JP-` and digits, some of another prefix, lower case or Japanese; a
    /// third padded, a few empty.
    public static let references: [String] = {
        var generator = Generator(state: 6)
        let prefixes = ["JP-", "JP-", "JP-", "US-", "jp-", "JP", "日本-"]
        return (0..<count).map { _ in
            if Int.random(in: 0..<20, using: &generator) == 0 { return ["", " "].randomElement(using: &generator)! }
            let digits = String(
                (0..<Int.random(in: 1...8, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)!
                })
            let pad = Int.random(in: 0..<3, using: &generator) == 0 ? spaces.randomElement(using: &generator)! : ""
            return pad + prefixes.randomElement(using: &generator)! + digits + pad
        }
    }()

    /// Handles: user names of 1 to 12 characters, one in ten a reserved one in some case, a few padded.
    public static let handles: [String] = {
        var generator = Generator(state: 7)
        return (0..<count).map { _ in
            if Int.random(in: 0..<10, using: &generator) == 0 {
                return ["admin", "Admin", " root ", "ROOT", "admin2"].randomElement(using: &generator)!
            }
            return text(&generator, length: 1...12, padded: Int.random(in: 0..<10, using: &generator) == 0)
        }
    }()

    /// Prices: mostly two places or fewer, some with trailing zeros, three places, a sign or malformed.
    public static let prices: [String] = {
        var generator = Generator(state: 8)
        let fractions = ["", ".5", ".99", ".990", ".00", ".125", ".1000", "."]
        return (0..<count).map { _ in
            if Int.random(in: 0..<20, using: &generator) == 0 {
                return ["", "abc", "1e3", "-"].randomElement(using: &generator)!
            }
            let sign = Int.random(in: 0..<10, using: &generator) == 0 ? "-" : ""
            return sign + String(Int.random(in: 0...99_999, using: &generator)) + fractions.randomElement(
                using: &generator)!
        }
    }()

    /// Host names: most valid, some with a bad or empty label, a trailing dot or Unicode.
    public static let hosts: [String] = {
        var generator = Generator(state: 9)
        let labels = ["example", "mail", "a", "xn--eckwd4c7c", "api-v2", "co", "jp", "-bad", "bad-", "例え", ""]
        return (0..<count).map { _ in
            let parts = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                Int.random(in: 0..<4, using: &generator) == 0
                    ? labels.randomElement(using: &generator)! : labels[Int.random(in: 0...6, using: &generator)]
            }
            return parts.joined(separator: ".") + (Int.random(in: 0..<30, using: &generator) == 0 ? "." : "")
        }
    }()

    /// IP addresses: IPv4 and IPv6 about evenly, with `::`, an IPv4 tail, and one in six malformed.
    public static let addresses: [String] = {
        var generator = Generator(state: 10)
        let bad = ["256.1.1.1", "01.2.3.4", "1.2.3", "1::2::3", "12345::", "fe80::1%eth0", "[::1]", "example.com", ""]
        return (0..<count).map { _ in
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: return bad.randomElement(using: &generator)!
            case 1, 2:
                return (0..<4).map { _ in String(Int.random(in: 0...255, using: &generator)) }.joined(separator: ".")
            case 3:
                return (0..<8).map { _ in String(Int.random(in: 0...0xFFFF, using: &generator), radix: 16) }
                    .joined(separator: ":")
            case 4:
                return "2001:db8::" + String(Int.random(in: 0...0xFFFF, using: &generator), radix: 16)
            default:
                return "::ffff:192.0.2." + String(Int.random(in: 0...255, using: &generator))
            }
        }
    }()
}
