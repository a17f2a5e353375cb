import RuleCore
import RuleExport
import Testing

/// The examples in the doc comments of the export entry points, run on the repository's rules.
@Suite struct DocumentationExampleTests {
    @Test func theSchemaExporterExample() throws {
        let rules = try RepositoryRules.load()
        let export = SchemaExporter(rules).jsonSchema()
        let schema = export.document.rendered()
        #expect(schema.hasPrefix("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\""))
        #expect(
            export.warnings.first?.message.hasPrefix(
                "'required' applies after normalize: [trim], but JSON Schema sees ") == true)
        #expect(!export.approximated.contains("Password"))
    }

    @Test func theMessageCatalogExample() throws {
        let catalog = MessageCatalog(try RepositoryRules.load())
        #expect(catalog.entries.first?.key == "EmailAddress.emptyEmail")
        let xcstrings = catalog.stringCatalog().rendered(.xcode)
        #expect(xcstrings.hasPrefix("{\n  \"sourceLanguage\" : \"en\","))
    }

    @Test func theOpenAPIGeneratorConfigExample() throws {
        let config = OpenAPIGeneratorConfig(try RepositoryRules.load(), module: "TaskRules").rendered()
        let lines = config.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(
            Array(lines.prefix(7)) == [
                "generate:", #"  - "types""#, "additionalImports:", #"  - "TaskRules""#, "typeOverrides:", "  schemas:",
                #"    "EmailAddress": "TaskRules.EmailAddress""#,
            ])
        #expect(lines.contains(#"    "TaskTitle": "TaskRules.TaskTitle""#))
    }

    @Test func theOpenAPIOperationExample() throws {
        let operation = try OpenAPIOperation("ToDoTask=POST:/tasks")
        #expect(operation.operationID == "postToDoTask")
        #expect(operation.method == "post" && operation.path == "/tasks" && operation.model == "ToDoTask")
    }
}
