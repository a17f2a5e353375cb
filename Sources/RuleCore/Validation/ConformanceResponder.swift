/// Answers the requests of the conformance protocol (`docs/conformance.md`) with this library's
/// validators, so that a server can expose its rules to `rulecheck specs/ --implementation URL`.
///
/// ```swift
/// let responder = ConformanceResponder(rules: rules)
/// responder.answer(Array(#"{"type":"TaskTitle","input":" a ","today":"2026-11-22","language":"en"}"#.utf8))
/// // .answer(#"{"valid":true,"value":"a"}"#)
/// ```
public struct ConformanceResponder: Sendable {
    /// An answer to one request.
    public enum Answer: Hashable, Sendable {
        /// The response line, without its line break.
        case answer(String)
        /// The request is not one: what is wrong, lower-case, no final period.
        case badRequest(String)
    }

    private let rules: RuleSet

    /// A responder for every type and model of `rules`.
    public init(rules: RuleSet) {
        self.rules = rules
    }

    /// The response to one request: `{"valid":true,"value":…}` or
    /// `{"valid":false,"violations":[{"code":…,"path":[…],"message":…}]}`, written with rulecheck's
    /// one escaper.
    public func answer(_ request: some Collection<UInt8>) -> Answer {
        let object: [String: ValidationInput]
        do {
            guard case .record(let fields) = try JSONReader().read(request) else {
                return .badRequest("the request is not a JSON object")
            }
            object = fields
        } catch {
            return .badRequest("the request is not JSON: \(error)")
        }
        guard case .string(let type)? = object["type"] else { return .badRequest("the request has no string \"type\"") }
        guard let validator = rules.validator(named: type) else { return .badRequest("no type or model '\(type)'") }
        var context = ValidationContext()
        if let today = object["today"] {
            guard case .string(let text) = today, let date = LocalDate(text) else {
                return .badRequest("\"today\" is not a date YYYY-MM-DD")
            }
            context = ValidationContext(today: date)
        }
        var language = "en"
        if case .string(let text)? = object["language"] { language = text }
        let result = validator.validate(Self.formInput(object["input"] ?? .absent), context: context)
        return .answer(Self.line(for: result, language: language))
    }

    /// The protocol's input is text as a form gives it: its strings are read by the type.
    private static func formInput(_ input: ValidationInput) -> ValidationInput {
        switch input {
        case .string(let text): .text(text)
        case .list(let items): .list(items.map(formInput))
        case .record(let fields): .record(fields.mapValues(formInput))
        case .absent, .text, .number, .boolean: input
        }
    }

    /// A result as a response line.
    public static func line(for result: ValidationResult, language: String) -> String {
        var out = ""
        switch result {
        case .valid(let value):
            out += "{\"valid\":true,\"value\":"
            write(value, into: &out)
            out += "}"
        case .invalid(let violations):
            out += "{\"valid\":false,\"violations\":["
            for (index, violation) in violations.enumerated() {
                if index > 0 { out += "," }
                out += "{\"code\":"
                JSONString.quote(violation.code, into: &out)
                out += ",\"path\":["
                for (position, component) in violation.path.enumerated() {
                    if position > 0 { out += "," }
                    JSONString.quote(component, into: &out)
                }
                out += "],\"message\":"
                JSONString.quote(violation.message(language: language), into: &out)
                out += "}"
            }
            out += "]}"
        }
        return out
    }

    /// A value as a response writes it, on one line: integers and booleans as JSON, text, decimals
    /// and dates as strings, a model's fields sorted by name, `null` for none.
    package static func write(_ value: ValidatedValue?, into out: inout String) {
        guard let value else {
            out += "null"
            return
        }
        switch value {
        case .integer(let number): out += String(number)
        case .boolean(let flag): out += flag ? "true" : "false"
        case .string, .decimal, .date: JSONString.quote(value.description, into: &out)
        case .list(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case .record(let fields):
            out += "{"
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                JSONString.quote(key, into: &out)
                out += ":"
                write(fields[key], into: &out)
            }
            out += "}"
        }
    }
}

extension ValidatedValue {
    /// A record's field, for reading a model's values: `nil` when absent or not a record.
    public subscript(field: String) -> ValidatedValue? {
        if case .record(let fields) = self { fields[field] } else { nil }
    }

    /// The text of a string value.
    public var string: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// An integer value.
    public var integer: Int? {
        if case .integer(let number) = self { number } else { nil }
    }

    /// A date value.
    public var date: LocalDate? {
        if case .date(let date) = self { date } else { nil }
    }

    /// A list's items.
    public var items: [ValidatedValue]? {
        if case .list(let items) = self { items } else { nil }
    }
}
