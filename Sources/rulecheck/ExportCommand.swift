import ArgumentParser

/// `rulecheck export …`: the rules in the forms backends and apps read.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the rules as JSON Schema, OpenAPI, or message catalogs.",
        discussion: """
            A rule that the standard keywords of a schema cannot express exactly is left to the \
            x-rulecheck-* keywords, and a warning on standard error names it (exit code 0).
            """,
        subcommands: [
            ExportJSONSchemaCommand.self, ExportOpenAPICommand.self, ExportOpenAPIConfigCommand.self,
            ExportMessagesCommand.self, ExportRuntimeDataCommand.self,
        ])
}
