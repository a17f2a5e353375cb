import Foundation
import RuleCore
import RuleExport
import RuleSpec
import RuleTestSupport
import RuleYAML
import Testing

/// Python's `jsonschema` and the engine judge the JSON form of every spec case of `specs/` and of
/// the feature rules alike, except on the definitions whose export was warned about
/// (``SchemaExporter/Export/approximated``): a disagreement the export did not warn about fails.
@Suite struct JSONSchemaVerdictTests {
    /// One case as the schema and the engine's JSON channel see it.
    struct Instance {
        var definition: String
        var json: JSONValue
        var valid: Bool
        var place: String
    }

    /// A rule folder and its spec folder, relative to the repository's root.
    static let suites = [
        ("rules", "specs"),
        ("Tests/GeneratedCodeTests/Features/rules", "Tests/GeneratedCodeTests/Features/specs"),
    ]

    @Test(
        .enabled(
            if: Subprocess.pythonHas("jsonschema"), "needs python3 with the jsonschema module"),
        arguments: suites)
    func jsonschemaAndTheEngineAgreeUnlessWarned(rules folder: String, specs: String) throws {
        let rules = try #require(
            RuleFileLoader().load([RepositoryRules.root.appendingPathComponent(folder).path]).ruleSet)
        let export = SchemaExporter(rules).jsonSchema()
        var instances: [Instance] = []
        let specFolder = RepositoryRules.root.appendingPathComponent(specs)
        for file in try FileManager.default.contentsOfDirectory(atPath: specFolder.path).sorted() {
            let path = specFolder.appendingPathComponent(file).path
            let reader = try SpecFileReader(file: file, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            let context = try reader.readHeader().today.map { ValidationContext(today: $0) } ?? ValidationContext()
            while let specCase = try reader.nextCase() {
                let validator = try #require(rules.validator(named: specCase.typeName), "\(specCase.range)")
                let json = Self.json(specCase.input, as: validator, rules: rules)
                let input = try JSONReader().read(json.rendered())
                instances.append(
                    Instance(
                        definition: specCase.typeName, json: json,
                        valid: validator.validate(input, context: context).isValid,
                        place: "\(specs)/\(specCase.range.description)"))
            }
        }
        #expect(instances.count > 60, "the spec cases of \(specs) were not all read: \(instances.count)")

        let folderForSchema = try TemporaryFolder()
        let schema = try folderForSchema.write(export.document.rendered(), to: "schema.json")
        let lines = instances.map { instance in
            JSONValue.object([.init("definition", .string(instance.definition)), .init("instance", instance.json)])
                .line + "\n"
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Scripts/jsonschema_verdicts.py")
        let run = try Subprocess.run(
            try #require(Subprocess.python),
            [script.path, schema.path, RepositoryRules.root.appendingPathComponent("runtimes/python/src").path],
            stdin: lines.joined())
        #expect(run.status == 0, "\(run.stderr.suffix(2000))")
        let verdicts = run.stdout.split(separator: "\n").map { $0 == "true" }
        try #require(verdicts.count == instances.count)
        var exact = 0
        for (instance, verdict) in zip(instances, verdicts) {
            guard !export.approximated.contains(instance.definition) else { continue }
            exact += 1
            if verdict != instance.valid {
                Issue.record(
                    "\(instance.place): \(instance.definition) \(instance.json.line): jsonschema says \(verdict ? "valid" : "invalid"), the engine \(instance.valid ? "valid" : "invalid"), and the export did not warn"
                )
            }
        }
        #expect(exact > 10, "too few cases of definitions the export says are exact: \(exact)")
    }

    /// The JSON form of a case's input: text as a string, except that an integer, decimal or boolean
    /// type's text that JSON writes as a number or boolean becomes one; absent fields are left out.
    static func json(_ input: ValidationInput, as validator: Validator?, rules: RuleSet) -> JSONValue {
        switch input {
        case .absent:
            return .null
        case .record(let fields):
            var types: [ModelRule.Field] = []
            if case .model(let model)? = validator { types = model.rule.fields }
            return .object(
                fields.sorted { $0.key < $1.key }.compactMap { name, field in
                    guard field != .absent else { return nil }
                    let type = types.first { $0.name == name }.flatMap { rules.validator(named: $0.typeName) }
                    return .init(name, Self.json(field, as: type, rules: rules))
                })
        case .string(let text): return .string(text)
        case .number(let number): return .number(number.description)
        case .boolean(let flag): return .bool(flag)
        // NB: a list field's validator is its items' type.
        case .list(let items): return .array(items.map { Self.json($0, as: validator, rules: rules) })
        case .text(let text):
            guard case .type(let type)? = validator else { return .string(text) }
            switch type.rule.valueType {
            case .integer where text.wholeMatch(of: /-?(0|[1-9][0-9]*)/) != nil: return .number(text)
            case .decimal where text.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]+)?/) != nil: return .number(text)
            case .boolean where text == "true" || text == "false": return .bool(text == "true")
            default: return .string(text)
            }
        }
    }
}

extension JSONValue {
    /// The value on one line: a string's line breaks are escaped, so only indentation's are left out.
    fileprivate var line: String { rendered().replacingOccurrences(of: "\n", with: "") }
}
