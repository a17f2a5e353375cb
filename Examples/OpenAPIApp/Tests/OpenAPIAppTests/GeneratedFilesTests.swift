import Foundation
import RuleCore
import RuleExport
import RuleYAML
import Testing

/// The OpenAPI document and the generator's configuration are what rulecheck exports from the
/// rules today: edit `rules/task.yaml`, then export both again (see `Sources/OpenAPIApp/OpenAPIApp.swift`).
@Suite struct GeneratedFilesTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardizedFileURL

    static func committed(_ name: String) throws -> String {
        try String(contentsOf: package.appendingPathComponent("Sources/OpenAPIApp/" + name), encoding: .utf8)
    }

    static func rules() throws -> RuleSet {
        let path = package.appendingPathComponent("Sources/TaskRules/rules/task.yaml").path
        return try #require(RuleFileLoader().load([path]).ruleSet)
    }

    @Test func theOpenAPIDocumentIsTheExportOfTheRules() throws {
        #expect(
            try Self.committed("openapi.json")
                == SchemaExporter(Self.rules()).openAPI(operations: [OpenAPIOperation("ToDoTask=POST:/tasks")]).document
                .rendered())
    }

    @Test func theTypeOverridesAreTheExportOfTheRules() throws {
        let config = try OpenAPIGeneratorConfig(Self.rules(), module: "TaskRules", generate: ["types", "server"])
        #expect(config.typeOverrides.map { $0.schema } == ["TaskTitle", "TaskNote", "TaskDueDate", "ToDoTask"])
        #expect(try Self.committed("openapi-generator-config.yaml") == config.rendered())
    }
}
