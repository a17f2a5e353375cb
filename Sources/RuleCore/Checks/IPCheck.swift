/// `ip`: an IP address (format 1.3), IPv4 or IPv6, or only `version` 4 or 6. IPv4 is a dotted
/// quad of 0 to 255 with no leading zeros (`192.168.0.1`; not `192.168.00.1`); IPv6 is RFC 4291's
/// text form: eight groups of 1 to 4 hexadecimal digits, `::` once for one or more zero groups, and
/// a dotted quad for the last 32 bits (`::ffff:192.0.2.1`); no zone (`%eth0`), no brackets.
public struct IPCheck: CheckDescriptor, ValueCheck {
    public static let name = "ip"
    public static let basis = CheckBasis.language
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

    /// None: no parameter names a value; fixed samples and the suite's own values find the form's edges.
    public var boundaries: [CheckBoundary] { [] }

    /// Whether `text` is an address of `version` (either when `nil`).
    public static func isValid(_ text: Substring, version: Int?) -> Bool {
        let bytes = Array(text.utf8)
        switch version {
        case 4: return isIPv4(bytes[...])
        case 6: return isIPv6(bytes)
        default: return isIPv4(bytes[...]) || isIPv6(bytes)
        }
    }

    /// A dotted quad: four numbers of 0 to 255 in ASCII digits, `0` or with no leading zero.
    static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { part in
            guard (1...3).contains(part.count), part.allSatisfy(isDigit) else { return false }
            guard part.count == 1 || part.first != UInt8(ascii: "0") else { return false }
            return part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 255
        }
    }

    /// RFC 4291's text form, section 2.2.
    static func isIPv6(_ bytes: [UInt8]) -> Bool {
        let colon = UInt8(ascii: ":")
        var double: Int?
        for index in bytes.indices.dropLast() where bytes[index] == colon && bytes[index + 1] == colon {
            guard double == nil else { return false }
            double = index
        }
        // NB: ":::" holds "::" twice, at two places next to each other, refused above.
        let sides: [ArraySlice<UInt8>] =
            double.map { [bytes[..<$0], bytes[($0 + 2)...]] } ?? [bytes[...]]
        var groups = 0
        for (side, part) in sides.enumerated() where !part.isEmpty {
            let items = part.split(separator: colon, omittingEmptySubsequences: false)
            for (index, item) in items.enumerated() {
                if item.contains(UInt8(ascii: ".")) {
                    // NB: a dotted quad only as the last 32 bits of the address.
                    guard side == sides.count - 1, index == items.count - 1, isIPv4(item) else { return false }
                    groups += 2
                } else {
                    guard (1...4).contains(item.count), item.allSatisfy(isHexDigit) else { return false }
                    groups += 1
                }
            }
        }
        return double == nil ? groups == 8 : groups <= 7
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    func compile(for valueType: ValueType, outcomes: [Outcome]) -> any CompiledValueCheck {
        Compiled(version: version, outcome: outcomes[0])
    }

    private final class Compiled: CompiledValueCheck {
        let version: Int?
        let outcome: Outcome

        init(version: Int?, outcome: Outcome) {
            self.version = version
            self.outcome = outcome
        }

        func evaluate(_ text: Substring, _ value: ValidatedValue, context: ValidationContext) -> Miss? {
            IPCheck.isValid(text, version: version) ? nil : Miss(outcome)
        }
    }
}
