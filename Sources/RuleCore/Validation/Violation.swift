/// A value failing a check: which outcome of which check, the field it concerns, the typed bound
/// it missed and the value as checked.
///
/// NB: a violation is built on every invalid keystroke, so it holds the outcome by reference, the
/// bound as a value and the value as a slice of the input, and builds no text until asked.
public struct Violation: Hashable, Sendable, CustomStringConvertible {
    /// What reports it: the code, the check, the messages.
    public let outcome: Outcome
    /// The field path inside a model (`["dueDate"]`); empty for a type's own value.
    public var path: [String]
    /// The bound the value missed (`{min}` or `{max}`), for the codes that carry one.
    public let bound: Bound?
    private let storedValue: Substring?
    /// Whether a field flagged `sensitive: true` reported it, whatever its type.
    private var isRedacted = false

    /// Creates a violation of `outcome`.
    public init(_ outcome: Outcome, path: [String] = [], bound: Bound? = nil, value: Substring? = nil) {
        self.outcome = outcome
        self.path = path
        self.bound = bound
        self.storedValue = value
    }

    /// A violation known only by its code and messages, as another implementation reports it.
    public init(code: String, path: [String] = [], templates: MessageTemplates = MessageTemplates()) {
        self.init(Outcome(code: code, templates: templates), path: path)
    }

    /// The code, such as `tooLong` or a rule's own `titleTooLong`.
    public var code: String { outcome.code }

    /// The built-in code it stands for, such as `tooLong`.
    public var builtinCode: String { outcome.builtinCode }

    /// The most characters of a value that a violation echoes (``value``, `{value}`, problem
    /// details): 64 Unicode scalars, then `…`, so that a 10 MB value never makes a 10 MB response.
    public static let maximumEchoedScalars = 64

    /// What `{value}` shows for a sensitive value.
    public static let hiddenValue = "***"

    /// Whether the value is sensitive (`sensitive: true` on its type or field): it is never echoed.
    public var isSensitive: Bool { isRedacted || outcome.isSensitive }

    /// The value as checked, after normalization (`{value}`), cut after ``maximumEchoedScalars``
    /// scalars with `…`; `nil` when there is none or it ``isSensitive``.
    public var value: String? {
        guard let storedValue, !isSensitive else { return nil }
        return Self.echoed(storedValue)
    }

    /// `text` as a violation echoes it: cut after ``maximumEchoedScalars`` scalars, with `…`.
    public static func echoed(_ text: Substring) -> String {
        // NB: no more UTF-8 bytes than the most scalars echoed: nothing to cut, nothing to count.
        guard text.utf8.count > maximumEchoedScalars else { return String(text) }
        let scalars = text.unicodeScalars
        guard let cut = scalars.index(scalars.startIndex, offsetBy: maximumEchoedScalars, limitedBy: scalars.endIndex),
            cut < scalars.endIndex
        else { return String(text) }
        return String(scalars[..<cut]) + "…"
    }

    /// The message parameters by placeholder name: the bound's (`min` or `max`) and `value`
    /// (cut as ``value`` is; absent when the value is sensitive).
    public var parameters: [String: String] {
        outcome.parameters(bound: bound, value: value)
    }

    /// The message in `language` (falling back to English), placeholders filled; the code when
    /// no message exists in any language. A sensitive value shows as ``hiddenValue``.
    public func message(language: String = "en") -> String {
        outcome.message(language: language, bound: bound, value: isSensitive ? Self.hiddenValue : value)
    }

    /// The message as ``message(language:)`` has it, escaped as inside a JSON string, written into `out`.
    func writeMessage(language: String, into out: inout [UInt8]) {
        outcome.writeMessage(
            language: language, bound: bound, value: { isSensitive ? Self.hiddenValue : value }, into: &out)
    }

    /// This violation with its value kept out of every output, as a sensitive field's are.
    public func redacted() -> Violation {
        var copy = self
        copy.isRedacted = true
        return copy
    }

    /// `code` or `field.sub: code`.
    public var description: String {
        path.isEmpty ? code : "\(path.joined(separator: ".")): \(code)"
    }

    // NB: the outcome's messages are presentation; two violations with the same code, path, bound
    // and value are equal, whichever check reported them.
    public static func == (a: Violation, b: Violation) -> Bool {
        a.code == b.code && a.path == b.path && a.bound == b.bound && a.storedValue == b.storedValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(path)
        hasher.combine(bound)
        hasher.combine(storedValue)
    }
}
