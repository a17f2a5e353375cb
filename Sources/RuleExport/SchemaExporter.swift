public import RuleCore

/// Exports a rule set as a JSON Schema 2020-12 document or an OpenAPI 3.1 document: one
/// definition per type and model, in the order declared.
///
/// Standard keywords say what JSON Schema can say exactly about the JSON form of a value; the
/// `x-rulecheck-*` keywords carry everything the rules mean. A rule that the standard keywords
/// cannot express exactly is left to the `x-rulecheck-*` keywords alone, so that the schema
/// accepts more than the rules and never less, and gets a warning at its place:
/// ```swift
/// let export = SchemaExporter(rules).jsonSchema()
/// let schema = export.document.rendered()
/// export.warnings.first?.message   // "'required' applies after normalize: [trim], but JSON Schema sees …"
/// export.approximated.contains("Password")   // false: its schema says exactly what its rules say
/// ```
public struct SchemaExporter: Sendable {
    /// The format version every export carries as `x-rulecheck-version`; a runtime refuses a newer one.
    public static let formatVersion = 1

    /// The request headers an operation reads, with their descriptions, in the order it lists them.
    /// An operation lists `Time-Zone` only when its model reads today (``Validator/readsToday``):
    /// a server reads it for no other model.
    public static let operationHeaders: [(name: String, description: String)] = [
        (
            "Accept-Language",
            "The languages the client prefers for messages (RFC 9110); English when none is available."
        ),
        (
            "Time-Zone",
            "An IANA time zone (Asia/Tokyo) whose day is today for date rules; the server's own when absent."
        ),
    ]

    /// The problem responses of an operation, by status, with their descriptions.
    public static let problemResponses: [(status: String, description: String)] = [
        (
            "400",
            "The body is not JSON (with the line and column where reading stopped), or Time-Zone names no time zone."
        ),
        ("413", "The body is over the server's size limit."),
        ("415", "The body's Content-Type is not JSON."),
        ("422", "The rules reject the body: every violation, as RFC 9457 problem details."),
    ]

    /// An exported document and what its standard keywords could not say.
    public struct Export: Sendable {
        /// The document.
        public var document: JSONValue
        /// One warning per rule that the standard keywords leave to the `x-rulecheck-*` keywords,
        /// at the rule's place.
        public var warnings: [Diagnostic]
        /// The definitions whose standard keywords accept other values than the rules, directly
        /// or through a field: a plain JSON Schema validator gives the rules' verdict on all others.
        public var approximated: Set<String>
    }

    /// The rules exported.
    public let rules: RuleSet

    /// Creates an exporter of `rules`.
    public init(_ rules: RuleSet) {
        self.rules = rules
    }

    /// A JSON Schema 2020-12 document with every type and model under `$defs`.
    public func jsonSchema() -> Export {
        var builder = SchemaBuilder(rules: rules, referencePrefix: "#/$defs/")
        let definitions = builder.definitions()
        let document = JSONValue.object(
            [
                .init("$schema", "https://json-schema.org/draft/2020-12/schema"),
                .init("x-rulecheck-version", .integer(Self.formatVersion)),
                .init("x-rulecheck-unicode", .string(PinnedUnicode.version)),
            ] + RulecheckKeywords.customChecks(rules) + [.init("$defs", .object(definitions))])
        return Export(document: document, warnings: builder.warnings, approximated: builder.approximated)
    }

    /// An OpenAPI 3.1 document with every type and model under `components.schemas`; its schemas
    /// are JSON Schema 2020-12, the dialect OpenAPI 3.1 uses. Each of `operations` is a path whose
    /// request body is its model (see ``OpenAPIOperation``); every model they name must be one of
    /// the rules' (``problem(with:)``).
    public func openAPI(operations: [OpenAPIOperation] = []) -> Export {
        var builder = SchemaBuilder(rules: rules, referencePrefix: "#/components/schemas/")
        let definitions = builder.definitions()
        var members: [JSONValue.Member] =
            [
                .init("openapi", "3.1.0"),
                .init("info", .object([.init("title", "Validation rules"), .init("version", "1")])),
                .init("x-rulecheck-version", .integer(Self.formatVersion)),
                .init("x-rulecheck-unicode", .string(PinnedUnicode.version)),
            ] + RulecheckKeywords.customChecks(rules)
        if !operations.isEmpty { members.append(.init("paths", paths(operations))) }
        members.append(.init("components", .object([.init("schemas", .object(definitions))])))
        return Export(document: .object(members), warnings: builder.warnings, approximated: builder.approximated)
    }

    /// Why `operation` cannot be exported from these rules: a model they do not declare.
    public func problem(with operation: OpenAPIOperation) -> (message: String, fix: Suggestion?)? {
        let models = rules.models.map(\.name)
        guard !models.contains(operation.model) else { return nil }
        return ("'\(operation.model)' is no model of the rules", .closest(to: operation.model, among: models))
    }

    private func paths(_ operations: [OpenAPIOperation]) -> JSONValue {
        var byPath: [(path: String, operations: [JSONValue.Member])] = []
        for operation in operations {
            let readsToday = rules.validator(named: operation.model)?.readsToday ?? false
            let member = JSONValue.Member(operation.method, Self.operation(operation, readsToday: readsToday))
            if let index = byPath.firstIndex(where: { $0.path == operation.path }) {
                byPath[index].operations.append(member)
            } else {
                byPath.append((operation.path, [member]))
            }
        }
        return .object(byPath.map { .init($0.path, .object($0.operations)) })
    }

    /// An operation whose body is `operation.model`; `readsToday` says whether the server reads `Time-Zone`.
    private static func operation(_ operation: OpenAPIOperation, readsToday: Bool) -> JSONValue {
        func json(_ schema: JSONValue) -> JSONValue { .object([.init("schema", schema)]) }
        let string = JSONValue.object([.init("type", "string")])
        let violation = JSONValue.object([
            .init("type", "object"),
            .init(
                "properties",
                .object([
                    .init("code", string), .init("path", .object([.init("type", "array"), .init("items", string)])),
                    .init("message", string),
                ])),
            .init("required", ["code", "path", "message"]),
        ])
        let problem = JSONValue.object([
            .init("type", "object"),
            .init(
                "properties",
                .object([
                    .init("type", string), .init("title", string), .init("status", .object([.init("type", "integer")])),
                    .init("detail", string), .init("language", string),
                    .init("violations", .object([.init("type", "array"), .init("items", violation)])),
                    .init("line", .object([.init("type", "integer")])),
                    .init("column", .object([.init("type", "integer")])),
                ])),
            .init("required", ["type", "title", "status", "detail", "violations"]),
        ])
        let reference = JSONValue.object([.init("$ref", .string("#/components/schemas/" + operation.model))])
        func header(_ name: String, _ description: String) -> JSONValue {
            .object([
                .init("name", .string(name)), .init("in", "header"), .init("required", false),
                .init("description", .string(description)), .init("schema", string),
            ])
        }
        func problemResponse(_ description: String) -> JSONValue {
            .object([
                .init("description", .string(description)),
                .init(
                    "headers",
                    .object([
                        .init(
                            "Content-Language",
                            .object([
                                .init("description", "The language of the messages and the detail."),
                                .init("schema", string),
                            ])),
                        .init(
                            "Vary",
                            .object([
                                .init("description", "Accept-Language: the body depends on it."),
                                .init("schema", string),
                            ])),
                    ])),
                .init("content", .object([.init(ProblemDetails.mediaType, json(problem))])),
            ])
        }
        return .object([
            .init("operationId", .string(operation.operationID)),
            .init(
                "parameters",
                .array(
                    Self.operationHeaders.filter { readsToday || $0.name != ValidationContext.timeZoneHeader }.map {
                        header($0.name, $0.description)
                    })),
            .init(
                "requestBody",
                .object([
                    .init("required", true),
                    .init("content", .object([.init("application/json", json(reference))])),
                ])),
            .init(
                "responses",
                .object(
                    [.init("2XX", .object([.init("description", "The rules accept the body.")]))]
                        + Self.problemResponses.map { .init($0.status, problemResponse($0.description)) })),
        ])
    }
}
