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
        let document = JSONValue.object([
            .init("$schema", "https://json-schema.org/draft/2020-12/schema"),
            .init("x-rulecheck-version", .integer(1)),
            .init("$defs", .object(definitions)),
        ])
        return Export(document: document, warnings: builder.warnings, approximated: builder.approximated)
    }

    /// An OpenAPI 3.1 document with every type and model under `components.schemas`; its schemas
    /// are JSON Schema 2020-12, the dialect OpenAPI 3.1 uses.
    public func openAPI() -> Export {
        var builder = SchemaBuilder(rules: rules, referencePrefix: "#/components/schemas/")
        let definitions = builder.definitions()
        let document = JSONValue.object([
            .init("openapi", "3.1.0"),
            .init("info", .object([.init("title", "Validation rules"), .init("version", "1")])),
            .init("x-rulecheck-version", .integer(1)),
            .init("components", .object([.init("schemas", .object(definitions))])),
        ])
        return Export(document: document, warnings: builder.warnings, approximated: builder.approximated)
    }
}
