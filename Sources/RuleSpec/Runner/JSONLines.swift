import Foundation
public import RuleCore

/// The JSON lines that `rulecheck check` reads and writes and the conformance protocol
/// (`docs/conformance.md`) exchanges, read with ``JSONReader``: an input is any JSON value; a
/// result is `{"valid": true, "value": …}` or `{"valid": false, "violations": […]}`.
public enum JSONLines {
    /// A line of JSON as an ``ValidationInput``, read by ``JSONReader``: every JSON value is an input,
    /// numbers exactly as written.
    ///
    /// - Throws: ``JSONReadError`` when the line is not JSON.
    public static func input(fromLine line: String) throws(JSONReadError) -> ValidationInput {
        try JSONReader().read(line)
    }

    /// A line of JSON, as its UTF-8 bytes, as an ``ValidationInput``, read by ``JSONReader``.
    ///
    /// - Throws: ``JSONReadError`` when the line is not JSON, invalid UTF-8 included.
    public static func input(fromLine bytes: some Collection<UInt8>) throws(JSONReadError) -> ValidationInput {
        try JSONReader().read(bytes)
    }

    /// `{"valid":true,"value":"Buy milk"}` or `{"valid":false,"violations":[{"code":…,"path":[…],"message":…}]}`:
    /// integers and booleans are JSON numbers and booleans, every other value its text; written as
    /// a conformance response is (``ConformanceResponder/line(for:language:)``).
    public static func line(for result: ValidationResult, language: String) -> String {
        ConformanceResponder.line(for: result, language: language)
    }

    /// A conformance request: `{"input":…,"language":…,"today":…,"type":…}`.
    static func request(type: String, input: ValidationInput, today: LocalDate, language: String) -> String {
        let request: ValidationInput = .record([
            "type": .string(type), "input": input, "today": .string(today.description), "language": .string(language),
        ])
        return request.jsonText
    }

    /// A conformance response read back as a result, values read as the validator's types read
    /// them, each violation's message kept as its text in `language`.
    ///
    /// - Throws: what is wrong, when the line is not a response.
    static func result(
        fromResponse line: String, validator: Validator, rules: RuleSet, language: String
    ) throws(JSONLinesError) -> ValidationResult {
        guard case .record(let object)? = try? JSONReader().read(line), case .boolean(let valid)? = object["valid"]
        else { throw JSONLinesError("is not a JSON object with \"valid\": true or false") }
        if valid {
            return .valid(value(object["value"] ?? .absent, as: validator, rules: rules))
        }
        guard case .list(let violations)? = object["violations"], !violations.isEmpty else {
            throw JSONLinesError("is invalid but has no \"violations\" list")
        }
        return .invalid(
            Violations(
                try violations.map { item throws(JSONLinesError) in
                    guard case .record(let fields) = item, case .string(let code)? = fields["code"],
                        case .list(let path)? = fields["path"], case .string(let message)? = fields["message"]
                    else {
                        throw JSONLinesError(
                            "has a violation without a string \"code\", a \"path\" list and a string \"message\"")
                    }
                    let names = path.compactMap { if case .string(let name) = $0 { name } else { nil } }
                    guard names.count == path.count else {
                        throw JSONLinesError("has a violation whose \"path\" is not all strings")
                    }
                    return Violation(code: code, path: names, templates: MessageTemplates([language: message]))
                }))
    }

    /// A response's value read as `validator` reads it, so that `"2026-11-22"` is a date and
    /// `1990` an integer; what does not read as the type stays text, to be reported as a mismatch.
    private static func value(_ json: ValidationInput, as validator: Validator?, rules: RuleSet) -> ValidatedValue? {
        let type: ValueType?
        if case .type(let typeValidator)? = validator { type = typeValidator.rule.valueType } else { type = nil }
        switch json {
        case .absent:
            return nil
        case .list(let items):
            return .list(items.map { value($0, as: validator, rules: rules) ?? .string("null") })
        case .record(let fields):
            var types: [String: String] = [:]
            if case .model(let model)? = validator {
                for field in model.rule.fields { types[field.name] = field.typeName }
            }
            var record: [String: ValidatedValue] = [:]
            for (key, field) in fields {
                record[key] = value(field, as: types[key].flatMap(rules.validator(named:)), rules: rules)
            }
            return .record(record)
        case .text(let text), .string(let text):
            return type.flatMap { ValueFormat.parse(text[...], as: $0) } ?? .string(text)
        case .number(let number):
            return type.flatMap { ValueFormat.value(ofNumber: number, as: $0) } ?? .string(number.description)
        case .boolean(let flag):
            return type == .boolean ? .boolean(flag) : .string(flag ? "true" : "false")
        }
    }
}

/// Why a line is not a conformance response, as the end of "the implementation's answer …".
public struct JSONLinesError: Error, Sendable {
    /// Lower-case, no final period.
    public var message: String

    init(_ message: String) { self.message = message }
}
