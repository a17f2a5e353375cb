import ArgumentParser
import RuleExport

/// `rulecheck export openapi [RULES…]`.
struct ExportOpenAPICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Export the rules as an OpenAPI 3.1 document with a components.schemas entry per type and model.")

    @OptionGroup var options: ExportOptions

    func run() throws {
        let export = SchemaExporter(try options.load()).openAPI()
        try options.write(export.document.rendered(), warnings: export.warnings)
    }
}
