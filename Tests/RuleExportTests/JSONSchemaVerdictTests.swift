import Foundation
import RuleCore
import RuleExport
import RuleSpec
import RuleTestSupport
import Testing

/// Python's `jsonschema` gives the rules' verdict on every case of `specs/` whose definition the
/// exporter says its standard keywords express exactly.
@Suite struct JSONSchemaVerdictTests {
    /// One case as the schema sees it: the JSON form of its input.
    struct Instance {
        var definition: String
        var json: Any
        var valid: Bool
        var place: String
    }

    @Test(
        .enabled(if: Subprocess.pythonHas("jsonschema", "regex"), "needs python3 with the jsonschema and regex modules")
    )
    func jsonschemaAgreesOnEveryExactlyExpressedCase() throws {
        let rules = try RepositoryRules.load()
        let export = SchemaExporter(rules).jsonSchema()
        var instances: [Instance] = []
        for file in try FileManager.default.contentsOfDirectory(
            atPath: RepositoryRules.root.appendingPathComponent("specs").path
        ).sorted() {
            let path = RepositoryRules.root.appendingPathComponent("specs/\(file)").path
            let reader = try SpecFileReader(file: file, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            let context = try reader.readHeader().today.map { ValidationContext(today: $0) } ?? ValidationContext()
            while let specCase = try reader.nextCase() {
                guard !export.approximated.contains(specCase.typeName),
                    let validator = rules.validator(named: specCase.typeName)
                else { continue }
                instances.append(
                    Instance(
                        definition: specCase.typeName, json: Self.json(specCase.input, as: validator, rules: rules),
                        valid: validator.validate(specCase.input, context: context).isValid,
                        place: specCase.range.description))
            }
        }
        // NB: AccountContact is exact through requiredIf's if/then, whose verdicts this checks.
        #expect(
            Set(instances.map(\.definition)) == [
                "Password", "BirthYear", "TaskNote", "SearchQuery", "TermsAccepted", "AccountContact", "AccountFlag",
                "AccountPhone", "AccountChannel", "AccountPostCode",
            ])

        let folder = try TemporaryFolder()
        let schema = try folder.write(export.document.rendered(), to: "schema.json")
        let lines = try instances.map { instance in
            let data = try JSONSerialization.data(
                withJSONObject: ["definition": instance.definition, "instance": instance.json],
                options: [.fragmentsAllowed])
            return String(decoding: data, as: UTF8.self) + "\n"
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Scripts/jsonschema_verdicts.py")
        let run = try Subprocess.run(
            try #require(Subprocess.python),
            [script.path, schema.path, RepositoryRules.root.appendingPathComponent("runtimes/python/src").path],
            stdin: lines.joined())
        #expect(run.status == 0, "\(run.stderr)")
        let verdicts = run.stdout.split(separator: "\n").map { $0 == "true" }
        try #require(verdicts.count == instances.count)
        for (instance, verdict) in zip(instances, verdicts) where verdict != instance.valid {
            Issue.record(
                "\(instance.place): \(instance.definition): jsonschema says \(verdict ? "valid" : "invalid"), the rules \(instance.valid ? "valid" : "invalid")"
            )
        }
    }

    /// The JSON form of a case's input: text as a string, except that an integer or boolean type's
    /// text that JSON writes as a number or boolean becomes one; absent fields are left out.
    static func json(_ input: ValidationInput, as validator: Validator?, rules: RuleSet) -> Any {
        switch input {
        case .absent:
            return NSNull()
        case .record(let fields):
            var object: [String: Any] = [:]
            var types: [ModelRule.Field] = []
            if case .model(let model)? = validator { types = model.rule.fields }
            for (name, field) in fields where field != .absent {
                let type = types.first { $0.name == name }.flatMap { rules.validator(named: $0.typeName) }
                object[name] = Self.json(field, as: type, rules: rules)
            }
            return object
        case .string(let text): return text
        case .number(let number): return Decimal(string: number.description) ?? NSNull()
        case .boolean(let flag): return flag
        case .list(let items): return items.map { Self.json($0, as: nil, rules: rules) }
        case .text(let text):
            guard case .type(let type)? = validator else { return text }
            switch type.rule.valueType {
            case .integer where text.wholeMatch(of: /[+-]?[0-9]+/) != nil: return Int(text) ?? text
            case .boolean where text == "true" || text == "false": return text == "true"
            default: return text
            }
        }
    }
}
