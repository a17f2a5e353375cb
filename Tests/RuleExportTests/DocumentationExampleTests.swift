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
}
