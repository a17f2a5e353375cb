import Foundation
import RuleCore
import RuleExport
import RuleSpec
import RuleTestSupport
import RuleYAML
import Testing

/// The JSON Schemas of the rule-file and spec-file formats: current in `schemas/`, with the
/// loaders' keys, and Python's `jsonschema` accepts every rule and spec file of the repository
/// and rejects a mistake in each place an editor should flag.
@Suite struct FormatSchemaTests {
    static let schemas = RepositoryRules.root.appendingPathComponent("schemas")

    @Test func theCheckedInSchemasAreCurrent() throws {
        try assertGolden(FormatSchema.rules().rendered(), at: Self.schemas.appendingPathComponent("rules.schema.json"))
        try assertGolden(FormatSchema.specs().rendered(), at: Self.schemas.appendingPathComponent("specs.schema.json"))
    }

    @Test func theKeysAreTheLoaders() {
        #expect(FormatSchema.ruleFileKeys == RuleFileParser.fileKeys)
        #expect(FormatSchema.typeKeys == RuleFileParser.typeKeys)
        #expect(FormatSchema.modelKeys == RuleFileParser.modelKeys)
        #expect(FormatSchema.fieldKeys == RuleFileParser.fieldKeys)
        #expect(FormatSchema.specFileKeys == SpecFileReader.headerKeys)
        #expect(FormatSchema.caseKeys == SpecFileReader.caseKeys)
        #expect(Set(FormatSchema.versions) == FormatVersion.supported)
    }

    /// A document and the verdict the schema must give it.
    struct Document: CustomTestStringConvertible, Sendable {
        var label: String
        var schema: String
        var yaml: String
        /// `nil` when the schema must accept it; else text the first error must contain.
        var error: String?
        var testDescription: String { label }

        /// Every rule and spec file in the repository that the loaders accept.
        static let repository: [Document] = {
            let root = RepositoryRules.root
            var documents: [Document] = []
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            for path in files.sorted()
            where path.hasSuffix(".yaml") && !path.hasPrefix(".build") && !path.contains("/.build/")
                && !path.contains("Fixtures/bad") && !path.contains("Fixtures/lint") && !path.contains("HostileInput")
            {
                let kind =
                    path.contains("rules/") || path.hasSuffix("update/rules.yaml")
                    ? "rules" : path.contains("specs/") || path.contains("Fixtures/update/") ? "specs" : nil
                guard let kind, let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                else { continue }
                documents.append(Document(label: path, schema: kind, yaml: text))
            }
            return documents
        }()

        static let task = """
            rulecheck: 1
            types:
              TaskTitle:
                normalize: [trim]
                checks:
                  - length: { min: 1, max: 20, code: { tooShort: titleTooShort } }
                messages:
                  titleTooShort: { en: "Too short", ja: "短い" }
            models:
              ToDoTask:
                fields:
                  title: TaskTitle
                checks:
                  - equal: { fields: [title, title] }
            """

        static let mistakes = [
            Document(label: "the base document", schema: "rules", yaml: task),
            Document(
                label: "a misspelled check", schema: "rules",
                yaml: task.replacingOccurrences(of: "- length:", with: "- lenght:"), error: "types/TaskTitle/checks/0"),
            Document(
                label: "a misspelled parameter", schema: "rules",
                yaml: task.replacingOccurrences(of: "max: 20", with: "maximum: 20"), error: "types/TaskTitle/checks/0"),
            Document(
                label: "a code no check reports", schema: "rules",
                yaml: task.replacingOccurrences(of: "tooShort: titleTooShort", with: "tooShrt: titleTooShort"),
                error: "types/TaskTitle/checks/0"),
            Document(
                label: "a model check among a type's", schema: "rules",
                yaml: task.replacingOccurrences(
                    of: "- length: { min: 1, max: 20, code: { tooShort: titleTooShort } }",
                    with: "- equal: { fields: [a, b] }"),
                error: "types/TaskTitle/checks/0"),
            Document(
                label: "an unknown normalizer", schema: "rules",
                yaml: task.replacingOccurrences(of: "[trim]", with: "[trimm]"), error: "types/TaskTitle/normalize"),
            Document(
                label: "an unknown key of a type", schema: "rules",
                yaml: task.replacingOccurrences(of: "normalize:", with: "normalise:"), error: "types/TaskTitle"),
            Document(
                label: "an unknown format version", schema: "rules",
                yaml: task.replacingOccurrences(of: "rulecheck: 1", with: "rulecheck: 2"), error: "rulecheck"),
            Document(
                label: "a spec file", schema: "specs",
                yaml: "rulecheck: 1\ntoday: 2026-11-22\ncases:\n  TaskTitle:\n    - { in: a, out: a }\n"),
            Document(
                label: "a misspelled case key", schema: "specs",
                yaml: "rulecheck: 1\ncases:\n  TaskTitle:\n    - { in: a, erors: [x] }\n",
                error: "cases/TaskTitle/0"),
            Document(
                label: "a case without in", schema: "specs",
                yaml: "rulecheck: 1\ncases:\n  TaskTitle:\n    - { out: a }\n",
                error: "cases/TaskTitle/0"),
            Document(
                label: "a wrong date", schema: "specs", yaml: "rulecheck: 1\ntoday: tomorrow\ncases: {}\n",
                error: "today"),
        ]
    }

    @Test(.enabled(if: Subprocess.pythonHas("jsonschema"), "needs python3 with the jsonschema module"))
    func jsonschemaGivesEveryVerdict() throws {
        let documents = Document.repository + Document.mistakes
        try #require(Document.repository.count >= 30, "the repository's rule and spec files were not found")
        let folder = try TemporaryFolder()
        let rules = try folder.write(FormatSchema.rules().rendered(), to: "rules.schema.json")
        let specs = try folder.write(FormatSchema.specs().rendered(), to: "specs.schema.json")
        var lines = ""
        for document in documents {
            let (root, diagnostics) = YAMLReader(file: document.label).read(Array(document.yaml.utf8))
            try #require(diagnostics.isEmpty && root != nil, "\(document.label): \(diagnostics)")
            let request: [String: Any] = ["schema": document.schema, "document": Self.json(root!)]
            lines += String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self) + "\n"
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Scripts/format_schema_verdicts.py")
        let run = try Subprocess.run(
            try #require(Subprocess.python), [script.path, rules.path, specs.path], stdin: lines)
        #expect(run.status == 0, "\(run.stderr)")
        let verdicts = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(verdicts.count == documents.count)
        for (document, verdict) in zip(documents, verdicts) {
            if let error = document.error {
                #expect(verdict.hasPrefix(error), "\(document.label): \(verdict)")
            } else {
                #expect(verdict == "ok", "\(document.label): \(verdict)")
            }
        }
    }

    /// A YAML node as the YAML language server reads it, by YAML 1.2's core schema: plain `null`,
    /// `~` and empty are null, `true`/`false` booleans, integers and floats numbers, all else text.
    static func json(_ node: YAMLNode) -> Any {
        if let pairs = node.mapping {
            return Dictionary(pairs.map { ($0.key.scalar?.text ?? "", json($0.value)) }, uniquingKeysWith: { $1 })
        }
        if let items = node.sequence { return items.map(json) }
        guard let scalar = node.scalar else { return NSNull() }
        guard scalar.style == .plain else { return scalar.text }
        let text = scalar.text
        if ["", "~", "null", "Null", "NULL"].contains(text) { return NSNull() }
        if ["true", "True", "TRUE"].contains(text) { return true }
        if ["false", "False", "FALSE"].contains(text) { return false }
        if text.wholeMatch(of: /[-+]?[0-9]+/) != nil, let integer = Int(text) { return integer }
        if text.wholeMatch(of: /[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?/) != nil, let number = Double(text)
        {
            return number
        }
        return text
    }
}
