import Foundation
import RuleCore

/// A model's real endpoint, for `--endpoint MODEL=METHOD:URL`: each case of the model is sent as
/// its JSON body, and the verdict compared: a 2xx status is valid, a 422 with RFC 9457 problem
/// details is invalid with the codes of its `violations` by path.
public struct Endpoint: Sendable, Hashable {
    /// The model whose cases go to the endpoint.
    public var model: String
    /// The HTTP method, such as `POST`.
    public var method: String
    /// The URL, `http://HOST:PORT/PATH`.
    public var url: String

    /// Reads `MODEL=METHOD:URL` (`SignUp=POST:http://127.0.0.1:8080/signup`).
    ///
    /// - Throws: ``EndpointError`` saying what is wrong.
    public init(_ text: String) throws(EndpointError) {
        guard let equals = text.firstIndex(of: "="), let colon = text[equals...].firstIndex(of: ":") else {
            throw EndpointError("'\(text)' is not MODEL=METHOD:URL, such as 'SignUp=POST:http://127.0.0.1:8080/signup'")
        }
        model = String(text[..<equals])
        method = String(text[text.index(after: equals)..<colon])
        url = String(text[text.index(after: colon)...])
        guard !model.isEmpty, !method.isEmpty, method.unicodeScalars.allSatisfy({ (0x41...0x5A).contains($0.value) })
        else {
            throw EndpointError("'\(text)' needs a model and an upper-case method, such as 'SignUp=POST:http://…'")
        }
        if case .failure(let failure) = HTTPClient.Address.parse(url) { throw EndpointError(failure.message) }
    }
}

/// Why an `--endpoint` cannot be used.
public struct EndpointError: Error, Sendable, CustomStringConvertible {
    /// Lower-case, no final period.
    public var description: String
    init(_ description: String) { self.description = description }
}

/// Another implementation reached over HTTP: each conformance request is POSTed to one URL,
/// whose 200 response body is the answer.
final class HTTPImplementation: Implementation {
    private let address: HTTPClient.Address
    private let client: HTTPClient

    init(url: String, timeout: Double) throws(ImplementationFailure) {
        address = try HTTPClient.Address.parse(url).get()
        client = HTTPClient(timeout: timeout)
    }

    func exchange(_ request: String) throws(ImplementationFailure) -> String {
        let response = try client.send(
            "POST", to: address, headers: [("Content-Type", "application/json")], body: Array(request.utf8))
        guard response.status == 200 else {
            let shown = String(decoding: response.body.prefix(200), as: UTF8.self)
            throw ImplementationFailure("\(address) answered status \(response.status): \(shown)")
        }
        var line = String(decoding: response.body, as: UTF8.self)
        while line.last == "\n" || line.last == "\r" { line.removeLast() }
        return line
    }

    func stop() {}
}

/// What an endpoint answered a case: its status, and the verdict read from it, or none for a
/// 4xx other than 422 (a failed case, with the start of the body).
struct EndpointAnswer {
    /// The HTTP status.
    var status: Int
    /// Valid for a 2xx, the problem details' violations for a 422, `nil` for another 4xx.
    var result: ValidationResult?
    /// The start of the body, for a report.
    var body: String

    /// How a report tells what the endpoint answered: `endpoint answered 201 (valid)`,
    /// `endpoint answered 422: errors [tooLong]`, `endpoint answered 404: Not Found`.
    var description: String {
        switch result {
        case .valid?: "endpoint answered \(status) (valid)"
        case .invalid?: "endpoint answered \(status): \(CaseEvaluator.describe(result!))"
        case nil: "endpoint answered \(status): \(body.isEmpty ? "(no body)" : body)"
        }
    }
}

/// Sends cases to real endpoints and reads their verdicts.
struct EndpointChecker {
    let endpoints: [String: Endpoint]
    let client: HTTPClient

    /// The case's verdict from its model's endpoint; `today` (the spec file's `today:`) and the
    /// runner's time zone go with it as `Rulecheck-Today` and `Time-Zone`
    /// (``ValidationContext/testTodayHeader``), which a server honours only in its test mode.
    ///
    /// - Throws: `ImplementationFailure` when the endpoint cannot be reached, or answers a status
    ///   other than 2xx and 4xx, or a 422 without problem details: the run cannot go on.
    func verdict(
        _ specCase: SpecCase, validator: Validator, rules: RuleSet, language: String, today: LocalDate?
    ) throws(ImplementationFailure) -> EndpointAnswer {
        guard let endpoint = endpoints[specCase.typeName] else { return EndpointAnswer(status: 0, body: "") }
        let address = try HTTPClient.Address.parse(endpoint.url).get()
        let body = Self.body(specCase.input, as: validator, rules: rules).jsonText
        var headers = [("Content-Type", "application/json"), ("Accept-Language", language)]
        if let today {
            headers += [
                (ValidationContext.testTodayHeader, today.description),
                (ValidationContext.timeZoneHeader, TimeZone.current.identifier),
            ]
        }
        let response = try client.send(endpoint.method, to: address, headers: headers, body: Array(body.utf8))
        let shown = String(decoding: response.body.prefix(200), as: UTF8.self)
        if (200..<300).contains(response.status) {
            return EndpointAnswer(status: response.status, result: .valid(nil), body: shown)
        }
        if (400..<500).contains(response.status), response.status != 422 {
            return EndpointAnswer(status: response.status, result: nil, body: shown)
        }
        guard response.status == 422 else {
            throw ImplementationFailure(
                "\(endpoint.method) \(address) answered status \(response.status), neither 2xx nor 4xx: \(shown)")
        }
        guard case .record(let problem)? = try? JSONReader().read(response.body),
            case .list(let items)? = problem["violations"]
        else {
            throw ImplementationFailure(
                "\(endpoint.method) \(address) answered 422 without problem details holding a \"violations\" list")
        }
        var violations = Violations()
        for item in items {
            guard case .record(let fields) = item, case .string(let code)? = fields["code"],
                case .list(let path)? = fields["path"]
            else {
                throw ImplementationFailure(
                    "\(address) answered a violation without a string \"code\" and a \"path\" list")
            }
            let names = path.compactMap { if case .string(let name) = $0 { name } else { nil } }
            var templates = MessageTemplates()
            if case .string(let message)? = fields["message"] { templates = MessageTemplates([language: message]) }
            violations.append(Violation(code: code, path: names, templates: templates))
        }
        return EndpointAnswer(
            status: response.status, result: violations.isEmpty ? .valid(nil) : .invalid(violations), body: shown)
    }

    /// A case's input as the JSON body a client sends: text for string and date types, a number
    /// for integer and decimal types and `true`/`false` for booleans when the text reads as one
    /// (else the text, for the endpoint to refuse), objects and arrays as they are.
    static func body(_ input: ValidationInput, as validator: Validator?, rules: RuleSet) -> ValidationInput {
        switch input {
        case .record(let fields):
            guard case .model(let model)? = validator else { return input }
            var body: [String: ValidationInput] = [:]
            for (name, value) in fields {
                let field = model.rule.fields.first { $0.name == name }
                body[name] = Self.body(value, as: field.flatMap { rules.validator(named: $0.typeName) }, rules: rules)
            }
            return .record(body)
        case .list(let items): return .list(items.map { body($0, as: validator, rules: rules) })
        case .text(let text):
            guard case .type(let type)? = validator else { return .string(text) }
            switch type.rule.valueType {
            case .integer, .decimal: return DecimalNumber(json: text).map(ValidationInput.number) ?? .string(text)
            case .boolean: return text == "true" ? .boolean(true) : text == "false" ? .boolean(false) : .string(text)
            case .string, .date: return .string(text)
            }
        case .absent, .string, .number, .boolean: return input
        }
    }
}
