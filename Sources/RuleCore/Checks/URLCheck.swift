/// `url`: an absolute URI as RFC 3986 writes it, whose scheme is one of `schemes`.
///
/// The grammar, from RFC 3986, Appendix A (ASCII only; ABNF strings match either case):
/// ```
/// URI          = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
/// hier-part    = "//" authority path-abempty / path-absolute / path-rootless / path-empty
/// scheme       = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
/// authority    = [ userinfo "@" ] host [ ":" port ]
/// userinfo     = *( unreserved / pct-encoded / sub-delims / ":" )
/// host         = IP-literal / IPv4address / reg-name
/// IP-literal   = "[" ( IPv6address / IPvFuture ) "]"
/// IPvFuture    = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
/// reg-name     = *( unreserved / pct-encoded / sub-delims )
/// port         = *DIGIT
/// path-…       = the segments of `pchar` between "/"; "//" only after the scheme, before an authority
/// pchar        = unreserved / pct-encoded / sub-delims / ":" / "@"
/// query        = *( pchar / "/" / "?" ),  fragment = *( pchar / "/" / "?" )
/// pct-encoded  = "%" HEXDIG HEXDIG
/// unreserved   = ALPHA / DIGIT / "-" / "." / "_" / "~"
/// sub-delims   = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
/// ```
/// `IPv6address` is the RFC's: eight groups of one to four hexadecimal digits, or fewer around one
/// `::`, the last two of which may be an `IPv4address` (`dec-octet` 0–255 without leading zeros).
/// NB: an `IPv4address` outside brackets is also a `reg-name` (`999.1.1.1`, `087.10.0.1`), so it
/// constrains nothing, as JSON-Schema-Test-Suite's `format: uri` cases say.
///
/// With `schemes: any` this is exactly JSON Schema's `format: uri`. With a list of schemes (by
/// default `[http, https]`), the scheme, compared case-insensitively, must be in it, and an
/// `http` or `https` URL must have a non-empty host (`http:foo`, `http:///a` and `http://:80` are
/// URIs, but no web address).
public struct URLCheck: CheckDescriptor, ValueCheck {
    /// The schemes a URL may have.
    public enum Schemes: Hashable, Sendable, ExpressibleByArrayLiteral {
        /// Any scheme: exactly JSON Schema's `format: uri`.
        case any
        /// One of these schemes, compared case-insensitively; `http` and `https` need a host.
        case only([String])

        /// `[http, https]`, the default.
        public static let web: Schemes = ["http", "https"]

        public init(arrayLiteral schemes: String...) {
            self = .only(schemes)
        }
    }

    public static let name = "url"
    public static let basis = CheckBasis.language
    public static let parameters = [
        ParameterSpec("schemes", .textsOr("any"), default: .texts(["http", "https"]))
    ]
    public static let appliesTo = CheckScope.values([.string])
    public static let codes = [
        CheckCode(
            "invalidURL", summary: "not a URL",
            en: "Enter a valid URL, such as https://example.com.",
            ja: "URL（例: https://example.com）の形式で入力してください。")
    ]

    /// The schemes allowed.
    public var schemes: Schemes

    /// Creates the check.
    public init(schemes: Schemes = .web) {
        self.schemes = schemes
    }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {
        switch parameters.values["schemes"] {
        case .texts(let names)?:
            let range = parameters.range(of: "schemes")
            guard !names.isEmpty else {
                diagnostics.append(
                    .error("'url' needs at least one scheme; write 'schemes: any' to allow every scheme", at: range))
                return nil
            }
            var valid = true
            for name in names where !Self.isScheme(name[...]) {
                let bare = String(name.prefix { $0 != ":" })
                let fix = bare != name && Self.isScheme(bare[...]) ? Suggestion(name: bare) : nil
                diagnostics.append(
                    .error(
                        "'\(name)' is not a URI scheme; a scheme is a letter, then letters, digits, '+', '-' or '.'",
                        at: range, fix: fix))
                valid = false
            }
            guard valid else { return nil }
            self.init(schemes: .only(names))
        case .text("any")?:
            self.init(schemes: .any)
        default:
            self.init()
        }
    }

    /// None: no parameter names a value at an edge; fixed samples and the suite's values find them.
    public var boundaries: [CheckBoundary] { [] }

    public var arguments: [(name: String, value: ParameterValue)] {
        switch schemes {
        case .any: [("schemes", .text("any"))]
        case .only(let names): [("schemes", .texts(names))]
        }
    }

    public func summary(of code: CheckCode) -> String {
        switch schemes {
        case .any: "not a URI as RFC 3986 defines it"
        case .only(let names): "not a URL with the scheme " + names.map { "`\($0)`" }.joined(separator: " or ")
        }
    }

    /// Whether `name` is a scheme: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    static func isScheme(_ name: Substring) -> Bool {
        guard let first = name.utf8.first, letters.contains(first) else { return false }
        return name.utf8.dropFirst().allSatisfy(schemeRest.contains)
    }

    /// Whether `text` is a URI whose scheme `schemes` allows; one pass over its UTF-8 bytes.
    public static func isValid(_ text: Substring, schemes: Schemes = .web) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let uri = scan(bytes) else { return false }
            guard case .only(let names) = schemes else { return true }
            guard let allowed = names.first(where: { uri.hasScheme($0, in: bytes) }) else { return false }
            return !isWeb(allowed) || uri.hasHost
        }
    }

    /// Whether a scheme is `http` or `https`, which need a host.
    static func isWeb(_ scheme: String) -> Bool {
        scheme.utf8.count <= 5 && (ASCIICase.lower(scheme) == "http" || ASCIICase.lower(scheme) == "https")
    }

    func compile(for valueType: ValueType, outcomes: [Outcome]) -> CompiledValueCheck {
        Compiled(schemes: schemes, outcome: outcomes[0])
    }

    private final class Compiled: CompiledValueCheck, @unchecked Sendable {
        let schemes: Schemes
        let outcome: Outcome

        init(schemes: Schemes, outcome: Outcome) {
            self.schemes = schemes
            self.outcome = outcome
        }

        override func evaluate(_ text: Substring, _ value: ValidatedValue, context: ValidationContext) -> Miss? {
            URLCheck.isValid(text, schemes: schemes) ? nil : Miss(outcome)
        }
    }
}

extension URLCheck {
    /// What a scan found of a URI: where its scheme ends, and whether it has an authority with a
    /// non-empty host.
    struct ScannedURI {
        /// The offset of the `:` after the scheme.
        var schemeEnd: Int
        var hasHost: Bool

        /// Whether the scheme is `name`, compared case-insensitively (ASCII).
        func hasScheme(_ name: String, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard name.utf8.count == schemeEnd else { return false }
            return zip(name.utf8, bytes).allSatisfy { lower($0) == lower($1) }
        }

        private func lower(_ byte: UInt8) -> UInt8 {
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        }
    }

    static let letters = ASCIISet(letters: true)
    static let digits = ASCIISet(digits: true)
    static let schemeRest = ASCIISet(letters: true, digits: true, "+-.")
    static let unreserved = ASCIISet(letters: true, digits: true, "-._~")
    static let subDelimiters = ASCIISet("!$&'()*+,;=")
    /// `reg-name` without `pct-encoded`.
    static let registeredName = unreserved.union(subDelimiters)
    /// `userinfo` without `pct-encoded`.
    static let userInfo = registeredName.union(ASCIISet(":"))
    /// `pchar` without `pct-encoded`.
    static let pathCharacter = userInfo.union(ASCIISet("@"))
    /// A path's characters: `pchar` and `/`.
    static let path = pathCharacter.union(ASCIISet("/"))
    /// A query's or fragment's characters: `pchar`, `/` and `?`.
    static let queryOrFragment = path.union(ASCIISet("?"))

    /// The URI in `bytes`, or `nil` when they are not one. Each byte is looked at a bounded number
    /// of times and nothing backtracks, so the scan is linear in the length.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> ScannedURI? {
        let end = bytes.count
        guard end > 0, letters.contains(bytes[0]) else { return nil }
        var index = 1
        while index < end, schemeRest.contains(bytes[index]) { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: ":") else { return nil }
        var uri = ScannedURI(schemeEnd: index, hasHost: false)
        index += 1
        if index + 1 < end, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            index += 2
            var authorityEnd = index
            while authorityEnd < end, !isAuthorityEnd(bytes[authorityEnd]) { authorityEnd += 1 }
            guard let hasHost = scanAuthority(bytes, from: index, to: authorityEnd) else { return nil }
            uri.hasHost = hasHost
            index = authorityEnd
        }
        // NB: path-abempty after an authority, else path-absolute, path-rootless or path-empty: all
        // are `pchar` and `/` here, since a path starting `//` was read as an authority above.
        index = skip(bytes, from: index, to: end, in: path)
        if index < end, bytes[index] == UInt8(ascii: "?") {
            index = skip(bytes, from: index + 1, to: end, in: queryOrFragment)
        }
        if index < end, bytes[index] == UInt8(ascii: "#") {
            index = skip(bytes, from: index + 1, to: end, in: queryOrFragment)
        }
        return index == end ? uri : nil
    }

    private static func isAuthorityEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// The offset of the first byte from `start` that is neither in `set` nor the start of a
    /// well-formed `pct-encoded`.
    private static func skip(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, in set: ASCIISet) -> Int
    {
        var index = start
        while index < end {
            let byte = bytes[index]
            if set.contains(byte) {
                index += 1
            } else if byte == UInt8(ascii: "%"), index + 2 < end {
                guard ASCIISet.hexDigits.contains(bytes[index + 1]), ASCIISet.hexDigits.contains(bytes[index + 2])
                else { return index }
                index += 3
            } else {
                return index
            }
        }
        return index
    }

    /// Whether `bytes[start..<end]` is an `authority`, and if so whether its host is non-empty;
    /// `nil` when it is none.
    private static func scanAuthority(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool? {
        var hostStart = start
        // NB: neither userinfo nor host nor port holds "@", so the first one ends the userinfo.
        if let at = (start..<end).first(where: { bytes[$0] == UInt8(ascii: "@") }) {
            guard skip(bytes, from: start, to: at, in: userInfo) == at else { return nil }
            hostStart = at + 1
        }
        var index: Int
        let hasHost: Bool
        if hostStart < end, bytes[hostStart] == UInt8(ascii: "[") {
            guard let close = (hostStart..<end).first(where: { bytes[$0] == UInt8(ascii: "]") }),
                isIPLiteral(bytes, from: hostStart + 1, to: close)
            else { return nil }
            index = close + 1
            hasHost = true
        } else {
            index = skip(bytes, from: hostStart, to: end, in: registeredName)
            hasHost = index > hostStart
        }
        if index < end, bytes[index] == UInt8(ascii: ":") {
            index += 1
            while index < end, digits.contains(bytes[index]) { index += 1 }
        }
        return index == end ? hasHost : nil
    }

    /// Whether `bytes[start..<end]`, between `[` and `]`, is an `IPv6address` or an `IPvFuture`.
    static func isIPLiteral(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard start < end else { return false }
        guard bytes[start] | 0x20 == UInt8(ascii: "v") else { return isIPv6(bytes, from: start, to: end) }
        var index = start + 1
        while index < end, ASCIISet.hexDigits.contains(bytes[index]) { index += 1 }
        guard index > start + 1, index < end, bytes[index] == UInt8(ascii: ".") else { return false }
        index += 1
        guard index < end else { return false }
        return (index..<end).allSatisfy { userInfo.contains(bytes[$0]) }
    }

    /// Whether `bytes[start..<end]` is an `IPv6address`: 8 groups, or at most 7 around one `::`,
    /// an `IPv4address` counting as the last two.
    static func isIPv6(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        let colon = UInt8(ascii: ":")
        var index = start
        var groups = 0
        var elided = false
        if end - start >= 2, bytes[start] == colon, bytes[start + 1] == colon {
            elided = true
            index += 2
            if index == end { return true }
        }
        // NB: wrapping arithmetic, which cannot wrap here (indices within the buffer, groups
        // fewer than its bytes): no overflow test on each group of a validation's hot loop.
        while true {
            var digitsEnd = index
            while digitsEnd < end, isHexDigit(bytes[digitsEnd]) { digitsEnd &+= 1 }
            if digitsEnd < end, bytes[digitsEnd] == UInt8(ascii: ".") {
                // NB: an IPv4address is only ever the last piece.
                guard isIPv4(bytes, from: index, to: end) else { return false }
                groups &+= 2
                break
            }
            let digits = digitsEnd &- index
            guard digits >= 1, digits <= 4 else { return false }
            groups &+= 1
            index = digitsEnd
            if index == end { break }
            guard bytes[index] == colon, index &+ 1 < end else { return false }
            index &+= 1
            if bytes[index] == colon {
                guard !elided else { return false }
                elided = true
                index &+= 1
                if index == end { break }
            }
        }
        return elided ? groups <= 7 : groups == 8
    }

    /// Whether `bytes[start..<end]` is an `IPv4address`: four `dec-octet`s, 0 to 255 written without
    /// leading zeros, between dots.
    static func isIPv4(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        for octet in 0..<4 {
            if octet > 0 {
                guard index < end, bytes[index] == UInt8(ascii: ".") else { return false }
                index += 1
            }
            var value = 0
            let first = index
            // NB: wrapping arithmetic, which cannot wrap here (three digits at most): no overflow
            // test on each digit of a validation's hot loop.
            while index < end, isDigit(bytes[index]), index &- first < 3 {
                value = value &* 10 &+ Int(bytes[index] &- UInt8(ascii: "0"))
                index &+= 1
            }
            let count = index &- first
            guard count > 0, value <= 255, count == 1 || bytes[first] != UInt8(ascii: "0") else { return false }
        }
        return index == end
    }

    // NB: tests of the byte, not the `ASCIISet`s: a static set read in a loop is a `swift_once`
    // each time, a fifth of a validation of an IP address (docs/performance.md).
    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    @inline(__always)
    private static func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6 }
}
