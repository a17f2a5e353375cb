import Foundation
import RuleCore
import RuleExport
import RuleTestSupport
import Testing

struct GoldenExport: CustomTestStringConvertible, Sendable {
    /// The golden file's name in `Golden/`.
    var file: String
    var render: @Sendable (RuleSet) -> String
    var testDescription: String { file }
}

/// Every export of the repository's rules, compared with its golden file; `RULECHECK_RECORD=1`
/// rewrites them for review in `git diff`.
@Suite struct ExportGoldenTests {
    @Test(
        "exports of rules/ match their golden files",
        arguments: [
            GoldenExport(file: "rules.schema.json") { SchemaExporter($0).jsonSchema().document.rendered() },
            GoldenExport(file: "rules.openapi.json") { SchemaExporter($0).openAPI().document.rendered() },
            GoldenExport(file: "rules.xcstrings") { MessageCatalog($0).stringCatalog().rendered(.xcode) },
            GoldenExport(file: "rules.messages.json") { MessageCatalog($0).plainJSON().rendered() },
            GoldenExport(file: "rules.schema-warnings.txt") {
                RepositoryRules.relative(DiagnosticRenderer.plain.render(SchemaExporter($0).jsonSchema().warnings))
            },
        ])
    func matchesGolden(_ export: GoldenExport) throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Golden/\(export.file)")
        try assertGolden(export.render(try RepositoryRules.load()), at: golden)
    }

    @Test func theOpenAPIDocumentHoldsTheSchemasDefinitions() throws {
        let exporter = SchemaExporter(try RepositoryRules.load())
        let definitions = try #require(exporter.jsonSchema().document["$defs"]).rendered()
        let schemas = try #require(exporter.openAPI().document["components"]?["schemas"]).rendered()
        #expect(definitions.replacingOccurrences(of: "#/$defs/", with: "#/components/schemas/") == schemas)
    }

    /// An operation lists the headers its server reads: `Time-Zone` only where the model has a rule
    /// relative to today, as the servers read it and as the Python package's FastAPI document says.
    @Test(arguments: [("SignUp", ["Accept-Language"]), ("ToDoTask", ["Accept-Language", "Time-Zone"])])
    func anOperationListsTimeZoneOnlyWhereItsModelReadsToday(_ model: String, _ headers: [String]) throws {
        let operation = try OpenAPIOperation("\(model)=POST:/\(model)")
        let document = SchemaExporter(try RepositoryRules.load()).openAPI(operations: [operation]).document
        let parameters = try #require(document["paths"]?["/\(model)"]?["post"]?["parameters"])
        guard case .array(let items) = parameters else {
            Issue.record("parameters is no array: \(parameters.rendered())")
            return
        }
        #expect(items.map { $0["name"] } == headers.map { .string($0) })
    }
}
