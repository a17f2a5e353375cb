import ArgumentParser
import RuleCore
import RuleExport

/// `rulecheck export openapi [RULES…] [--operation MODEL=METHOD:PATH]…`.
struct ExportOpenAPICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Export the rules as an OpenAPI 3.1 document with a components.schemas entry per type and model.")

    @OptionGroup var options: ExportOptions

    @Option(
        help: ArgumentHelp(
            "An operation whose JSON request body is MODEL (repeatable), such as ToDoTask=POST:/tasks.",
            valueName: "MODEL=METHOD:PATH"))
    var operation: [String] = []

    func run() throws {
        let operations = try operation.map { text in
            do { return try OpenAPIOperation(text) } catch { throw ValidationError("--operation: \(error)") }
        }
        let exporter = SchemaExporter(try options.load())
        for operation in operations {
            if let problem = exporter.problem(with: operation) {
                throw ValidationError(
                    "--operation: \(problem.message)" + (problem.fix.map { "; did you mean '\($0.name)'?" } ?? ""))
            }
        }
        let export = exporter.openAPI(operations: operations)
        try options.write(export.document.rendered(), warnings: export.warnings)
    }
}
