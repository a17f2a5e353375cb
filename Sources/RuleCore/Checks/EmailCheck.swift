/// `email`: the WHATWG HTML "valid email address", exactly as `<input type=email>` accepts it.
///
/// The grammar, from the HTML standard:
/// ```
/// email  = 1*( ALPHA / DIGIT / "." / "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "/" / "="
///             / "?" / "^" / "_" / "`" / "{" / "|" / "}" / "~" / "-" ) "@" label *( "." label )
/// label  = ( ALPHA / DIGIT ) [ *61( ALPHA / DIGIT / "-" ) ( ALPHA / DIGIT ) ]
/// ```
/// NB: it is deliberately not RFC 5322: no quoted local parts, no comments, no IP literals, and
/// dots anywhere in the local part (`a..b@c` is valid); no top-level domain is required (`a@b`).
public struct EmailCheck: CheckDescriptor, ValueCheck {
    public static let name = "email"
    public static let parameters: [ParameterSpec] = []
    public static let appliesTo = CheckScope.values([.string])
    public static let codes = [
        CheckCode(
            "invalidEmail", summary: "not an email address as HTML's `<input type=email>` accepts it",
            en: "Enter a valid email address.", ja: "メールアドレスの形式が正しくありません。")
    ]

    /// Creates the check.
    public init() {}

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {}

    public var arguments: [(name: String, value: ParameterValue)] { [] }

    func compile(for valueType: ValueType, outcomes: [Outcome]) -> any CompiledValueCheck {
        Compiled(outcome: outcomes[0])
    }

    private final class Compiled: CompiledValueCheck {
        let outcome: Outcome

        init(outcome: Outcome) {
            self.outcome = outcome
        }

        func evaluate(_ value: CheckedValue, context: ValidationContext, into violations: inout Violations) {
            if !EmailCheck.isValid(value.text) { violations.append(Violation(outcome, value: value.text)) }
        }
    }

    /// Whether `text` is a valid email address; a single pass over its UTF-8 bytes.
    public static func isValid(_ text: Substring) -> Bool {
        var bytes = text.utf8.makeIterator()
        var localLength = 0
        var sawAt = false
        while let byte = bytes.next() {
            if byte == UInt8(ascii: "@") { sawAt = true; break }
            guard isLocalPart(byte) else { return false }
            localLength += 1
        }
        guard sawAt, localLength > 0 else { return false }
        var labelLength = 0
        var previous: UInt8 = UInt8(ascii: ".")
        while let byte = bytes.next() {
            if byte == UInt8(ascii: ".") {
                guard labelLength > 0, previous != UInt8(ascii: "-") else { return false }
                labelLength = 0
            } else if isLetterOrDigit(byte) || byte == UInt8(ascii: "-") {
                if labelLength == 0 && byte == UInt8(ascii: "-") { return false }
                labelLength += 1
                guard labelLength <= 63 else { return false }
            } else {
                return false
            }
            previous = byte
        }
        return labelLength > 0 && previous != UInt8(ascii: "-")
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// `atext` and `.`: the punctuation the local part allows besides letters and digits.
    private static let localPunctuation = Set(".!#$%&'*+/=?^_`{|}~-".utf8)

    private static func isLocalPart(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || localPunctuation.contains(byte)
    }
}
