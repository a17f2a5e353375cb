import Foundation
import RuleCore
import RuleGen
import RuleTestSupport
import RuleYAML
import Testing

/// `rulecheck generate python`: the module for `rules/` and for the feature rules, compared with
/// their golden files in `runtimes/python/tests/generated/`, which the Python package's tests load
/// as `as_type` classes and `mypy --strict` type-checks with a file that uses them as an app does
/// (`runtimes/python/tests/typed_usage.py`). `RULECHECK_RECORD=1` rewrites them.
@Suite struct PythonGeneratorTests {
    static let root = SwiftGeneratorTests.root
    static let goldens = root.appendingPathComponent("runtimes/python/tests/generated")

    static func generate(_ folder: String) throws -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        let path = folder.hasPrefix("/") ? folder : root.appendingPathComponent(folder).path
        var diagnostics: [Diagnostic] = []
        let sources = RuleFileLoader.yamlFiles(at: [path], diagnostics: &diagnostics).map {
            RuleSource(path: $0, foundIn: path)
        }
        let loaded = RuleFileLoader().load(sources.map(\.path))
        let rules = try #require(loaded.ruleSet, "\(DiagnosticRenderer.plain.render(diagnostics + loaded.diagnostics))")
        return PythonGenerator(rules: rules, sources: sources).generate()
    }

    @Test(
        "each rule folder generates its golden module",
        arguments: [("seed", "rules"), ("features", "Tests/GeneratedCodeTests/Features/rules")])
    func golden(name: String, folder: String) throws {
        let result = try Self.generate(folder)
        #expect(result.diagnostics.isEmpty)
        #expect(result.files.map(\.name) == ["rule_models.py"])
        for file in result.files {
            let golden = Self.goldens.appendingPathComponent(name).appendingPathComponent(file.name)
            try assertGolden(file.contents, at: golden)
        }
    }

    struct NameCase: CustomTestStringConvertible, Sendable {
        var yaml: String
        var diagnostic: String
        var testDescription: String { diagnostic }
    }

    @Test(
        "a name Python cannot declare is an error at its declaration",
        arguments: [
            NameCase(
                yaml: "rulecheck: 1\ntypes:\n  None: {}\n",
                diagnostic:
                    "rules/x.yaml:3:3: error: 'None' is not a name a Python module can declare; rename it to generate Python\n"
            ),
            NameCase(
                yaml: "rulecheck: 1\ntypes:\n  Decimal: {}\n",
                diagnostic:
                    "rules/x.yaml:3:3: error: 'Decimal' is not a name a Python module can declare; rename it to generate Python\n"
            ),
            NameCase(
                yaml: "rulecheck: 1\ntypes:\n  T: {}\nmodels:\n  M:\n    fields:\n"
                    + "      a-b: { type: T, swiftName: aB }\n      a_b: T\n",
                diagnostic:
                    "rules/x.yaml:8:7: error: fields 'a-b' and 'a_b' of 'M' are both 'a_b' in Python; rename one to generate Python\n"
            ),
        ])
    func reservedNames(_ nameCase: NameCase) throws {
        let loaded = RuleFileLoader().load(yaml: nameCase.yaml, file: "rules/x.yaml")
        let rules = try #require(loaded.ruleSet, "\(DiagnosticRenderer.plain.render(loaded.diagnostics))")
        let result = PythonGenerator(rules: rules, sources: [RuleSource(path: "rules/x.yaml", foundIn: "rules/x.yaml")])
            .generate()
        #expect(result.files.isEmpty)
        #expect(DiagnosticRenderer.plain.render(result.diagnostics) == nameCase.diagnostic)
    }
}
