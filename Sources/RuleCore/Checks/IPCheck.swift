/// `ip`: an IP address (format 1.3), IPv4 or IPv6, or only `version` 4 or 6. IPv4 is a dotted
/// quad of 0 to 255 with no leading zeros (`192.168.0.1`; not `192.168.00.1`); IPv6 is RFC 4291's
/// text form: eight groups of 1 to 4 hexadecimal digits, `::` once for one or more zero groups, and
/// a dotted quad for the last 32 bits (`::ffff:192.0.2.1`); no zone (`%eth0`), no brackets.
public struct IPCheck: CheckDescriptor, ValueCheck {
    public static let name = "ip"
    public static let basis = CheckBasis.language
    public static let boundariesGiveSamples = true
    public static let shorthand: String? = "version"
    public static let parameters = [ParameterSpec("version", .integer)]
    public static let appliesTo = CheckScope.values([.string])
    public static let since = "1.3"
    public static let codes = [
        CheckCode(
            "invalidIP", summary: "not an IP address",
            en: "Enter an IP address such as 192.0.2.1.", ja: "IPアドレス（例: 192.0.2.1）の形式で入力してください。")
    ]

    /// 4 or 6 for only that version; `nil` for either.
    public var version: Int?

    /// Creates the check.
    public init(version: Int? = nil) {
        self.version = version
    }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {
        let version = parameters.integer("version")
        guard version == nil || version == 4 || version == 6 else {
            diagnostics.append(
                .error("'ip' takes version 4 or 6, or none for either", at: parameters.range(of: "version")))
            return nil
        }
        self.init(version: version)
    }

    public var arguments: [(name: String, value: ParameterValue)] { version.map { [("version", .integer($0))] } ?? [] }

    public func summary(of code: CheckCode) -> String { version.map { "not an IPv\($0) address" } ?? code.summary }

    /// The grammar's edge values of both versions, whichever `version` allows: a candidate of the
    /// other version tells `ip: 4` from `ip`.
    public var boundaries: [CheckBoundary] {
        [
            .witnesses([
                "0.0.0.0", "255.255.255.255", "256.0.0.0", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.2.3.4 ", "1.2.3.",
                "::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9", "1::2::3", "1:2:3:4:5:6:7::",
                "::ffff:1.2.3.4", "::ffff:1.2.3.256", "12345::", "g::", "FE80::1", "fe80::1%eth0", "[::1]",
            ])
        ]
    }

    /// Whether `text` is an address of `version` (either when `nil`).
    public static func isValid(_ text: Substring, version: Int?) -> Bool {
        isValid(text, ipv4: version != 6, ipv6: version != 4)
    }

    /// Whether `text` is an IPv4 address where `ipv4`, or an IPv6 address where `ipv6`.
    @inline(__always)
    static func isValid(_ text: Substring, ipv4: Bool, ipv6: Bool) -> Bool {
        // NB: one pass over the bytes in place, with `url`'s parsers of the same RFC 3986 grammar
        // (its host's `IPv4address` and `IPv6address`), which allocate nothing. A dotted quad has
        // at most 15 bytes (`255.255.255.255`): longer text, most IPv6 addresses, skips that parse.
        var text = text
        return text.withUTF8 { bytes in
            (ipv4 && bytes.count <= 15 && URLCheck.isIPv4(bytes, from: 0, to: bytes.count))
                || (ipv6 && URLCheck.isIPv6(bytes, from: 0, to: bytes.count))
        }
    }

    func compile(for valueType: ValueType, outcomes: [Outcome]) -> CompiledValueCheck {
        Compiled(version: version, outcome: outcomes[0])
    }

    private final class Compiled: CompiledValueCheck, @unchecked Sendable {
        // NB: the versions allowed, read once: `version`'s optional compared on every validation
        // was a tenth of the check's own cost (docs/performance.md).
        let ipv4: Bool
        let ipv6: Bool
        let outcome: Outcome

        init(version: Int?, outcome: Outcome) {
            ipv4 = version != 6
            ipv6 = version != 4
            self.outcome = outcome
        }

        override func evaluate(_ text: Substring, _ value: ValidatedValue, context: ValidationContext) -> Miss? {
            IPCheck.isValid(text, ipv4: ipv4, ipv6: ipv6) ? nil : Miss(outcome)
        }
    }
}
