/// An RFC 9457 `application/problem+json` body: why a request body was refused, with every
/// violation and its message in the negotiated language.
///
/// A body that is not JSON gets status 400, with where the reader stopped (`line`, `column`); a
/// body that is JSON but breaks the rules gets 422, with `violations`, each as ``Violation``
/// encodes it. ``json`` writes it with every digit of a bound and the one escaper of rulecheck;
/// `Codable` reads and writes the same members, for clients.
///
/// ```json
/// {"type":"about:blank","title":"Unprocessable Content","status":422,
///  "detail":"The request has 1 invalid value.","language":"en",
///  "violations":[{"code":"titleTooLong","builtinCode":"tooLong","path":["title"],"pointer":"/title",
///                 "max":20,"boundKind":"count","value":"123456789012345678901","message":"The title is too long."}]}
/// ```
public struct ProblemDetails: Hashable, Sendable, Codable {
    /// The media type to send it as.
    public static let mediaType = "application/problem+json"

    /// A URI reference naming the kind of problem; `about:blank` says the status says it all.
    public var type: String
    /// The status's reason phrase: `Unprocessable Content`, `Bad Request`.
    public var title: String
    /// The HTTP status: 422 for violations, 400 for a body that is not JSON.
    public var status: Int
    /// One sentence for a person, in ``language`` where rulecheck has it.
    public var detail: String
    /// The language of ``detail`` and of the messages: the response's `Content-Language`.
    public var language: String
    /// Every violation found, in the order found; empty for a body that is not JSON.
    public var violations: [Violation]
    /// For a body that is not JSON: the line and column (from 1) where the reader stopped.
    public var line: Int?
    public var column: Int?

    /// The problem of a body that broke the rules: 422 with every violation, messages in `language`.
    public init(violations: some Sequence<Violation>, language: String) {
        self.violations = (violations as? Violations)?.elements ?? Array(violations)
        self.language = language
        type = "about:blank"
        title = ProblemText.invalid.title
        status = ProblemText.invalid.status
        let count = self.violations.count
        detail = MessageTemplates.fill((count == 1 ? Self.oneInvalid : Self.invalid).template(for: language) ?? "") {
            $0 == "count" ? String(count) : nil
        }
        line = nil
        column = nil
    }

    /// The languages rulecheck writes a problem's own texts in (`detail`, and the answers of
    /// ``tooLarge(limit:language:)`` and its kin), sorted: where no validator is at hand to negotiate
    /// with, a server negotiates among these.
    public static let languages = Array(oneInvalid.byLanguage.keys.filter { invalid.byLanguage[$0] != nil }).sorted()

    /// Of `languages`, those every one of `outcomes` has its own message in, and a problem's
    /// `detail` too (English and Japanese): the languages a server can answer in wholly.
    static func negotiable(_ languages: [String], outcomes: [Outcome]) -> [String] {
        languages.filter { language in
            Self.languages.contains(language) && outcomes.allSatisfy { $0.templates.byLanguage[language] != nil }
        }
    }

    private static let oneInvalid = ProblemText.oneInvalid.detail
    private static let invalid = ProblemText.invalid.detail

    /// The problem of a body that is not JSON: 400, with the reader's diagnostic, in English
    /// whatever `language` was negotiated, so that ``language`` (`Content-Language`) is true to it.
    public init(unreadable error: JSONReadError, language: String) {
        violations = []
        self.language = "en"
        type = "about:blank"
        title = ProblemText.notJSON.title
        status = ProblemText.notJSON.status
        detail = MessageTemplates.fill(ProblemText.notJSON.detail.template(for: "en") ?? "") {
            $0 == "message" ? error.message : nil
        }
        line = error.line
        column = error.column
    }

    /// The body as `application/problem+json`, UTF-8: every digit of a number bound, values cut
    /// and sensitive ones left out as ``Violation/value`` has them.
    public var json: String { String(decoding: jsonUTF8, as: UTF8.self) }

    /// ``json``'s UTF-8 bytes, written straight into one buffer, for a response body.
    public var jsonUTF8: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256 + 256 * violations.count)
        out.append(literal: "{\"type\":")
        JSONString.quote(type, into: &out)
        out.append(literal: ",\"title\":")
        JSONString.quote(title, into: &out)
        out.append(literal: ",\"status\":")
        out.append(number: status)
        out.append(literal: ",\"detail\":")
        JSONString.quote(detail, into: &out)
        out.append(literal: ",\"language\":")
        JSONString.quote(language, into: &out)
        out.append(literal: ",\"violations\":[")
        for (index, violation) in violations.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            Self.write(violation, language: language, into: &out)
        }
        out.append(UInt8(ascii: "]"))
        if let line, let column {
            out.append(literal: ",\"line\":")
            out.append(number: line)
            out.append(literal: ",\"column\":")
            out.append(number: column)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    private static func write(_ violation: Violation, language: String, into out: inout [UInt8]) {
        out.append(contentsOf: violation.outcome.problemJSONHead)
        out.append(literal: ",\"path\":[")
        for (index, component) in violation.path.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONString.quote(component, into: &out)
        }
        out.append(literal: "],\"pointer\":\"")
        for component in violation.path {
            out.append(UInt8(ascii: "/"))
            JSONString.escape(Violation.pointerToken(component), into: &out)
        }
        out.append(UInt8(ascii: "\""))
        if let bound = violation.bound {
            out.append(UInt8(ascii: ","))
            JSONString.quote(violation.outcome.builtin.placeholder ?? "max", into: &out)
            out.append(UInt8(ascii: ":"))
            switch bound {
            case .count(let count): out.append(number: count)
            case .number(let number): out.append(contentsOf: number.description.utf8)
            case .date(let date): JSONString.quote(date.description, into: &out)
            case .text(let text): JSONString.quote(text, into: &out)
            }
            out.append(literal: ",\"boundKind\":\"")
            out.append(contentsOf: bound.kind.utf8)
            out.append(UInt8(ascii: "\""))
        }
        if let value = violation.value {
            out.append(literal: ",\"value\":")
            JSONString.quote(value, into: &out)
        }
        out.append(literal: ",\"message\":\"")
        violation.writeMessage(language: language, into: &out)
        out.append(literal: "\"}")
    }

    private enum CodingKeys: String, CodingKey {
        case type, title, status, detail, language, violations, line, column
    }

    /// Writes the members ``json`` writes; a number bound goes through `Decimal` (see ``Violation``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(title, forKey: .title)
        try container.encode(status, forKey: .status)
        try container.encode(detail, forKey: .detail)
        try container.encode(language, forKey: .language)
        try container.encode(violations.map { Localized(violation: $0, language: language) }, forKey: .violations)
        try container.encodeIfPresent(line, forKey: .line)
        try container.encodeIfPresent(column, forKey: .column)
    }

    /// Reads what ``json`` or ``encode(to:)`` wrote.
    ///
    /// - Throws: `DecodingError` when a member is missing or of the wrong kind.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? "about:blank"
        title = try container.decodeIfPresent(String.self, forKey: .title) ?? ""
        status = try container.decode(Int.self, forKey: .status)
        detail = try container.decodeIfPresent(String.self, forKey: .detail) ?? ""
        language = try container.decodeIfPresent(String.self, forKey: .language) ?? "en"
        violations = try container.decodeIfPresent([Violation].self, forKey: .violations) ?? []
        line = try container.decodeIfPresent(Int.self, forKey: .line)
        column = try container.decodeIfPresent(Int.self, forKey: .column)
    }

    /// A violation encoded with its message in the problem's language.
    private struct Localized: Encodable {
        let violation: Violation
        let language: String

        func encode(to encoder: any Encoder) throws {
            try violation.encode(to: encoder, language: language)
        }
    }
}

extension [UInt8] {
    fileprivate mutating func append(literal: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    fileprivate mutating func append(number: Int) {
        append(contentsOf: String(number).utf8)
    }
}

/// What a request body comes to, in one call: its value, or the problem details to answer with.
public enum BodyVerdict: Sendable {
    /// The body is valid: its value after normalization (`nil` for an optional value left empty).
    case valid(ValidatedValue?)
    /// The body is not JSON (400) or breaks the rules (422).
    case problem(ProblemDetails)
}
