import Foundation
import RuleCore
import RuleExport
import RuleGen
import RuleTestSupport
import RuleYAML
import Testing

/// `rulecheck generate typescript`: the modules for `rules/` and for the feature rules, compared
/// with their golden files in `runtimes/js/test/generated/`, which `tsc --noEmit -p runtimes/js`
/// type-checks against the runtime's declarations together with a file that uses them as an app
/// does (`runtimes/js/test/generated-usage.ts`). `RULECHECK_RECORD=1` rewrites them.
@Suite struct TypeScriptGeneratorTests {
    static let root = SwiftGeneratorTests.root
    static let goldens = root.appendingPathComponent("runtimes/js/test/generated")

    static func generate(_ folder: String) throws -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        let path = folder.hasPrefix("/") ? folder : root.appendingPathComponent(folder).path
        var diagnostics: [Diagnostic] = []
        let sources = RuleFileLoader.yamlFiles(at: [path], diagnostics: &diagnostics).map {
            RuleSource(path: $0, foundIn: path)
        }
        let loaded = RuleFileLoader.declarationsOnly().load(sources.map(\.path))
        let rules = try #require(loaded.ruleSet, "\(DiagnosticRenderer.plain.render(diagnostics + loaded.diagnostics))")
        let schema = SchemaExporter(rules).jsonSchema().document.rendered()
        return TypeScriptGenerator(rules: rules, sources: sources, schema: schema, runtime: "../../../src/index.js")
            .generate()
    }

    @Test(
        "each rule folder generates its golden modules",
        arguments: [
            ("seed", "rules"), ("features", "Tests/GeneratedCodeTests/Features/rules"),
            ("cards", "Examples/CustomChecks/rules"),
        ])
    func golden(name: String, folder: String) throws {
        let result = try Self.generate(folder)
        #expect(result.diagnostics.isEmpty)
        let goldens = Self.goldens.appendingPathComponent(name)
        let ruleFiles = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent(folder).path
        )
        .filter { $0.hasSuffix(".yaml") }
        #expect(result.files.count == ruleFiles.count + 1, "a module per rule file, and the schema's")
        for file in result.files {
            try assertGolden(file.contents, at: goldens.appendingPathComponent(file.name))
        }
        // NB: the app's implementations of the custom checks sit beside the modules, written by hand.
        let written = try FileManager.default.contentsOfDirectory(atPath: goldens.path).filter {
            $0.hasSuffix(".ts") && $0 != TypeScriptGenerator.customChecksFileName
        }
        #expect(Set(written) == Set(result.files.map(\.name)), "golden files no rule file generates")
    }

    @Test func aModelsFieldsAreItsTypesByNameImportedFromTheirModules() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "rulecheck: 1\ntypes:\n  EmailAddress:\n    checks: [email]\n".write(
            to: folder.appendingPathComponent("login.yaml"), atomically: true, encoding: .utf8)
        try "rulecheck: 1\nmodels:\n  Invite:\n    fields:\n      email: EmailAddress\n".write(
            to: folder.appendingPathComponent("invite.yaml"), atomically: true, encoding: .utf8)
        let invite = try #require(try Self.generate(folder.path).files.first { $0.name == "invite.rules.ts" })
        #expect(invite.contents.contains("import type { EmailAddress } from \"./login.rules.js\";\n"))
        #expect(invite.contents.contains("  readonly email: EmailAddress;\n"))
        let signUp = try #require(try Self.generate("rules").files.first { $0.name == "signup.rules.ts" })
        #expect(signUp.contents.contains("  readonly email: NewEmail;\n"))
        #expect(signUp.contents.contains("  readonly birthYear?: BirthYear;\n"))
        #expect(signUp.contents.contains("export type Plan = \"free\" | \"pro\" | \"team\";\n"))
        // NB: a range within 2^53 keeps an integer a number; the runtime gives a bigint beyond.
        #expect(signUp.contents.contains("export type BirthYear = number;\n"))
    }

    /// A reserved word, or a name each module imports from the runtime, would not compile: an error
    /// at the declaration, with the rename to make.
    @Test(arguments: [
        ("string", "'string' is a reserved word in TypeScript", "StringValue"),
        ("await", "'await' is a reserved word in TypeScript", "AwaitValue"),
        (
            "FormInput", "'FormInput' is a name each generated TypeScript module imports from the runtime",
            "FormInputValue"
        ),
        ("Result", "'Result' is a name each generated TypeScript module imports from the runtime", "ResultValue"),
        (
            "StandardSchemaV1",
            "'StandardSchemaV1' is a name each generated TypeScript module imports from the runtime",
            "StandardSchemaV1Value"
        ),
        (
            "ValidateOptions", "'ValidateOptions' is a name each generated TypeScript module imports from the runtime",
            "ValidateOptionsValue"
        ),
    ])
    func aNameTheModuleCannotDeclareIsAnErrorAtItsDeclaration(_ name: String, _ problem: String, _ rename: String)
        throws
    {
        let loaded = RuleFileLoader().load(yaml: "rulecheck: 1\ntypes:\n  \(name): {}\n", file: "rules/task.yaml")
        let rules = try #require(loaded.ruleSet)
        let result = TypeScriptGenerator(
            rules: rules, sources: [RuleSource(path: "rules/task.yaml", foundIn: "rules/task.yaml")], schema: "{}"
        ).generate()
        #expect(result.files.isEmpty)
        #expect(
            DiagnosticRenderer.plain.render(result.diagnostics)
                == "rules/task.yaml:3:3: error: \(problem), so the module would not compile; rename it, such as to '\(rename)'\n"
        )
    }

    /// Every name the generated module imports is one the generator refuses to declare.
    @Test func theImportedNamesAreTheOnesRefused() throws {
        let rules = try #require(RuleFileLoader().load(yaml: "rulecheck: 1\ntypes:\n  A: {}\n", file: "a.yaml").ruleSet)
        let module = try #require(
            TypeScriptGenerator(rules: rules, sources: [RuleSource(path: "a.yaml", foundIn: "a.yaml")], schema: "{}")
                .generate().files.first { $0.name == "a.rules.ts" })
        let imported = try #require(module.contents.split(separator: "\n").first { $0.hasPrefix("import type {") })
        let names = imported.dropFirst("import type { ".count).prefix { $0 != "}" }.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(Set(names) == TypeScriptGenerator.importedNames)
    }
}
