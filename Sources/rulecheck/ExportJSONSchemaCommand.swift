import ArgumentParser
import RuleExport

/// `rulecheck export jsonschema [RULES…]`.
struct ExportJSONSchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jsonschema",
        abstract: "Export the rules as a JSON Schema 2020-12 document with a $defs entry per type and model.")

    @OptionGroup var options: ExportOptions

    func run() throws {
        let export = SchemaExporter(try options.load()).jsonSchema()
        try options.write(export.document.rendered(), warnings: export.warnings)
    }
}
