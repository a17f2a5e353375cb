import Foundation
import RuleCore
import RuleExport
import RuleYAML
import Testing

struct Mapping: CustomTestStringConvertible, Sendable {
    var why: String
    /// The `types:` and `models:` of a rule file.
    var rules: String
    var definition: String
    /// The definition's standard keywords, rendered on one line.
    var keywords: String
    /// The messages of the warnings.
    var warnings: [String] = []
    var testDescription: String { why }
}

/// How each rule maps to standard keywords: exactly, or left to `x-rulecheck-*` with a warning.
@Suite struct SchemaMappingTests {
    @Test(
        "each rule maps to standard keywords exactly or warns",
        arguments: [
            Mapping(
                why: "required and lengths in scalars are exact, the tightest bounds win",
                rules:
                    "types:\n  T:\n    checks: [required, { length: { min: 2, max: 9, unit: scalars } }, { length: { max: 5, unit: scalars } }]",
                definition: "T", keywords: #"{"type": "string", "minLength": 2, "maxLength": 5}"#),
            Mapping(
                why: "lengths in other units warn",
                rules:
                    "types:\n  T:\n    checks: [{ length: { max: 5 } }, { length: { max: 5, unit: utf16 } }, { length: { max: 5, unit: bytes } }]",
                definition: "T", keywords: #"{"type": "string"}"#,
                warnings: [
                    "'length' counts characters, but JSON Schema counts scalars; only 'x-rulecheck-checks' carries it",
                    "'length' counts utf16, but JSON Schema counts scalars; only 'x-rulecheck-checks' carries it",
                    "'length' counts bytes, but JSON Schema counts scalars; only 'x-rulecheck-checks' carries it",
                ]),
            Mapping(
                why: "uuid is format uuid with its exact pattern, since format alone only annotates",
                rules: "types:\n  T:\n    checks: [uuid]",
                definition: "T",
                keywords:
                    #"{"type": "string", "format": "uuid", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"}"#
            ),
            Mapping(
                why: "url is format uri, which only annotates, one warning per rule",
                rules: "types:\n  T:\n    checks: [url, { url: { schemes: any } }, { url: { schemes: [https] } }]",
                definition: "T", keywords: #"{"type": "string", "format": "uri"}"#,
                warnings: [
                    "'url' allows only some schemes, which JSON Schema cannot say, and 'format: uri' only annotates; only 'x-rulecheck-checks' carries it",
                    "'url' is 'format: uri', which only annotates in JSON Schema 2020-12; only 'x-rulecheck-checks' carries it",
                    "'url' allows only some schemes, which JSON Schema cannot say, and 'format: uri' only annotates; only 'x-rulecheck-checks' carries it",
                ]),
            Mapping(
                why: "a boolean's oneOf of one value is a const",
                rules: "types:\n  T:\n    type: boolean\n    checks: [{ oneOf: [true] }]", definition: "T",
                keywords: #"{"type": "boolean", "const": true}"#),
            Mapping(
                why: "a boolean's oneOf of both values is an enum of both, as written or not",
                rules: "types:\n  T:\n    type: boolean\n    checks: [{ oneOf: [true, \"false\"] }]", definition: "T",
                keywords: #"{"type": "boolean", "enum": [false, true]}"#),
            Mapping(
                why: "a boolean's oneOf lists hold together",
                rules: "types:\n  T:\n    type: boolean\n    checks: [{ oneOf: [true, false] }, { oneOf: [false] }]",
                definition: "T", keywords: #"{"type": "boolean", "const": false}"#),
            Mapping(
                why: "patterns are anchored, email is the WHATWG regular expression, oneOf is an enum",
                rules: "types:\n  T:\n    checks: [{ pattern: 'a|b' }, email, { oneOf: [a@b, c@d] }]",
                definition: "T",
                keywords:
                    #"{"type": "string", "allOf": [{"pattern": "^(?:a|b)$"}, {"pattern": "\#(emailPattern)"}], "enum": ["a@b", "c@d"]}"#
            ),
            Mapping(
                why: "every check after a normalizer warns",
                rules: "types:\n  T:\n    normalize: [trim]\n    checks: [required, { pattern: 'a' }]",
                definition: "T", keywords: #"{"type": "string"}"#,
                warnings: [
                    "'required' applies after normalize: [trim], but JSON Schema sees the raw value; only 'x-rulecheck-checks' carries it",
                    "'pattern' applies after normalize: [trim], but JSON Schema sees the raw value; only 'x-rulecheck-checks' carries it",
                ]),
            Mapping(
                why: "integers are 64-bit numbers within their ranges and enums",
                rules:
                    "types:\n  T:\n    type: integer\n    normalize: [trim]\n    checks: [{ range: { min: -5 } }, { range: { max: 7 } }, { oneOf: ['1', '+2', '007'] }]",
                definition: "T", keywords: #"{"type": "integer", "minimum": -5, "maximum": 7, "enum": [1, 2, 7]}"#),
            Mapping(
                why: "an integer with no range still has 64 bits",
                rules: "types:\n  T:\n    type: integer", definition: "T",
                keywords: #"{"type": "integer", "minimum": -9223372036854775808, "maximum": 9223372036854775807}"#),
            Mapping(
                why: "decimals are numbers, their ranges exact as written",
                rules:
                    "types:\n  T:\n    type: decimal\n    checks: [{ range: { min: 0.5 } }, { range: { min: 0.25, max: 12.99999999999999999 } }]",
                definition: "T", keywords: #"{"type": "number", "minimum": 0.5, "maximum": 12.99999999999999999}"#),
            Mapping(
                why: "a date's format and bounds warn",
                rules: "types:\n  T:\n    type: date\n    checks: [{ notBefore: today }, { notAfter: 2030-01-01 }]",
                definition: "T", keywords: #"{"type": "string", "format": "date"}"#,
                warnings: [
                    "'format: date' only annotates in JSON Schema 2020-12, so the schema accepts any text as 'T'; only 'x-rulecheck-type' carries the date check",
                    "'notBefore: today' depends on the day of validation; only 'x-rulecheck-checks' carries it",
                    "JSON Schema cannot compare dates; only 'x-rulecheck-checks' carries it",
                ]),
            Mapping(
                why: "a relative date bound warns, once per rule",
                rules:
                    "types:\n  T:\n    type: date\n    checks: [{ notAfter: today - 13 years }, { notBefore: 'today+1day' }]",
                definition: "T", keywords: #"{"type": "string", "format": "date"}"#,
                warnings: [
                    "'format: date' only annotates in JSON Schema 2020-12, so the schema accepts any text as 'T'; only 'x-rulecheck-type' carries the date check",
                    "'notAfter: today - 13 years' depends on the day of validation; only 'x-rulecheck-checks' carries it",
                    "'notBefore: today + 1 day' depends on the day of validation; only 'x-rulecheck-checks' carries it",
                ]),
            Mapping(
                why: "an optional text type (or date) also accepts null and the empty text",
                rules: "types:\n  T:\n    optional: true", definition: "T",
                keywords: #"{"anyOf": [{"type": "null"}, {"const": ""}, {"type": "string"}]}"#),
            Mapping(
                why: "an optional number or boolean type accepts null, and not the empty text, which is invalidFormat",
                rules: "types:\n  T:\n    type: boolean\n    optional: true", definition: "T",
                keywords: #"{"anyOf": [{"type": "null"}, {"type": "boolean"}]}"#),
            Mapping(
                why:
                    "a model's fields refer to their types and ignore no extra property; optional fields are not required",
                rules:
                    "types:\n  S:\n    checks: [required]\n  O:\n    optional: true\nmodels:\n  M:\n    fields:\n      a: S\n      b: { type: S, optional: true }\n      c: O\n      d: { type: O, optional: false }\n      e: { type: N, optional: true }\n  N:\n    fields:\n      x: S",
                definition: "M",
                keywords:
                    ##"{"type": "object", "properties": {"a": {"$ref": "#/$defs/S"}, "b": {"anyOf": [{"type": "null"}, {"const": ""}, {"$ref": "#/$defs/S"}]}, "c": {"$ref": "#/$defs/O"}, "d": {"allOf": [{"$ref": "#/$defs/O"}], "not": {"type": "null"}}, "e": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/N"}]}}, "required": ["a", "d"]}"##
            ),
            Mapping(
                why: "equal warns, and a required field of an optional type with checks warns",
                rules:
                    "types:\n  O:\n    optional: true\n    checks: [{ length: { min: 2, unit: scalars } }]\nmodels:\n  M:\n    fields:\n      a: { type: O, optional: false }\n      b: O\n    checks: [{ equal: [a, b] }]",
                definition: "M",
                keywords:
                    ##"{"type": "object", "properties": {"a": {"allOf": [{"$ref": "#/$defs/O"}], "not": {"type": "null"}}, "b": {"$ref": "#/$defs/O"}}, "required": ["a"]}"##,
                warnings: [
                    "field 'a' may not be empty, but its type 'O' is optional and its schema accepts \"\"; only 'x-rulecheck-fields' carries it",
                    "JSON Schema cannot compare fields; only 'x-rulecheck-checks' carries it",
                ]),
            Mapping(
                why: "requiredIf on a boolean is if const true then a value, exactly",
                rules:
                    "types:\n  B:\n    type: boolean\n    optional: true\n  P:\n    optional: true\nmodels:\n  M:\n    fields:\n      byPhone: B\n      phone: P\n    checks: [{ requiredIf: { field: phone, when: byPhone } }]",
                definition: "M",
                keywords:
                    ##"{"type": "object", "properties": {"byPhone": {"$ref": "#/$defs/B"}, "phone": {"$ref": "#/$defs/P"}}, "if": {"properties": {"byPhone": {"const": true}}, "required": ["byPhone"]}, "then": {"properties": {"phone": {"not": {"anyOf": [{"type": "null"}, {"const": ""}]}}}, "required": ["phone"]}}"##
            ),
            Mapping(
                why: "requiredIf with equals is a const of the value's JSON form; several go in allOf",
                rules:
                    "types:\n  C:\n    optional: true\n  N:\n    type: integer\n    optional: true\n  P:\n    optional: true\n  I:\n    type: integer\n    optional: true\nmodels:\n  M:\n    fields:\n      channel: C\n      n: N\n      phone: P\n      count: I\n    checks: [{ requiredIf: { field: phone, when: channel, equals: phone } }, { requiredIf: { field: count, when: n, equals: '+3' } }, { requiredIf: { field: phone, when: count } }]",
                definition: "M",
                keywords:
                    ##"{"type": "object", "properties": {"channel": {"$ref": "#/$defs/C"}, "n": {"$ref": "#/$defs/N"}, "phone": {"$ref": "#/$defs/P"}, "count": {"$ref": "#/$defs/I"}}, "allOf": [{"if": {"properties": {"channel": {"const": "phone"}}, "required": ["channel"]}, "then": {"properties": {"phone": {"not": {"anyOf": [{"type": "null"}, {"const": ""}]}}}, "required": ["phone"]}}, {"if": {"properties": {"n": {"const": 3}}, "required": ["n"]}, "then": {"properties": {"count": {"not": {"anyOf": [{"type": "null"}, {"const": ""}]}}}, "required": ["count"]}}, {"if": {"properties": {"count": {"not": {"anyOf": [{"type": "null"}, {"const": ""}]}}}, "required": ["count"]}, "then": {"properties": {"phone": {"not": {"anyOf": [{"type": "null"}, {"const": ""}]}}}, "required": ["phone"]}}]}"##
            ),
            Mapping(
                why: "requiredIf warns where normalization decides whether a field has a value, or equals it",
                rules:
                    "types:\n  C:\n    normalize: [lowercase]\n    optional: true\n  P:\n    normalize: [trim]\n    optional: true\n  D:\n    type: decimal\n    optional: true\nmodels:\n  M:\n    fields:\n      channel: C\n      phone: P\n      d: D\n    checks: [{ requiredIf: { field: d, when: channel, equals: phone } }, { requiredIf: { field: d, when: phone } }, { requiredIf: { field: phone, when: d } }, { requiredIf: { field: channel, when: d, equals: 1.5 } }]",
                definition: "M",
                keywords:
                    ##"{"type": "object", "properties": {"channel": {"$ref": "#/$defs/C"}, "phone": {"$ref": "#/$defs/P"}, "d": {"$ref": "#/$defs/D"}}}"##,
                warnings: [
                    "JSON Schema's 'if' cannot say when 'channel' has a value equal to 'phone' or 'd' has none, after normalization; only 'x-rulecheck-checks' carries it",
                    "JSON Schema's 'if' cannot say when 'phone' has a value or 'd' has none, after normalization; only 'x-rulecheck-checks' carries it",
                    "JSON Schema's 'if' cannot say when 'd' has a value or 'phone' has none, after normalization; only 'x-rulecheck-checks' carries it",
                    "JSON Schema's 'if' cannot say when 'd' has a value equal to '1.5' or 'channel' has none, after normalization; only 'x-rulecheck-checks' carries it",
                ]),
        ])
    func mapping(_ mapping: Mapping) throws {
        let loaded = RuleFileLoader().load(yaml: "rulecheck: 1\n" + mapping.rules)
        let rules = try #require(loaded.ruleSet, "\(loaded.diagnostics)")
        let export = SchemaExporter(rules).jsonSchema()
        let definition = try #require(export.document["$defs"]?[mapping.definition])
        #expect(Self.oneLine(Self.standardKeywords(of: definition)) == mapping.keywords)
        #expect(export.warnings.map(\.message) == mapping.warnings)
        #expect(export.approximated.contains(mapping.definition) == !mapping.warnings.isEmpty)
    }

    @Test func aModelWithAnApproximatedFieldIsApproximated() throws {
        let rules = try RepositoryRules.load()
        let approximated = SchemaExporter(rules).jsonSchema().approximated
        #expect(
            approximated.contains("Login") && approximated.contains("EmailAddress")
                && !approximated.contains("Password"))
    }

    @Test func aWarningIsAtTheRuleWithTheTypeInANote() throws {
        let loaded = RuleFileLoader().load(
            yaml: "rulecheck: 1\ntypes:\n  T:\n    checks:\n      - length: { max: 3 }\n  U:\n    type: T\n")
        let warnings = SchemaExporter(try #require(loaded.ruleSet)).jsonSchema().warnings
        #expect(
            DiagnosticRenderer.plain.render(warnings) == """
                rules.yaml:5:9: warning: 'length' counts characters, but JSON Schema counts scalars; only 'x-rulecheck-checks' carries it
                rules.yaml:3:3: note: in type 'T'

                """, "a check that U inherits from T is reported once")
    }

    static let emailPattern =
        #"^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$"#

    /// A definition without its description and `x-rulecheck-*` keywords.
    static func standardKeywords(of definition: JSONValue) -> JSONValue {
        guard case .object(let members) = definition else { return definition }
        return .object(members.filter { !$0.key.hasPrefix("x-rulecheck-") && $0.key != "description" })
    }

    /// `value` rendered on one line.
    static func oneLine(_ value: JSONValue) -> String {
        value.rendered().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            .replacingOccurrences(of: "{ ", with: "{").replacingOccurrences(of: " }", with: "}")
            .replacingOccurrences(of: "[ ", with: "[").replacingOccurrences(of: " ]", with: "]")
    }
}
