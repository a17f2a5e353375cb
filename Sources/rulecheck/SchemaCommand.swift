import ArgumentParser
import RuleExport

/// `rulecheck schema rules|specs`: the JSON Schema of a file format, for editors.
struct SchemaCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case rules, specs
    }

    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract:
            "Print the JSON Schema (draft-07) of the rule-file or spec-file format, for editors (docs/editors.md).")

    @Argument(help: "The format: rules or specs.")
    var format: Format

    func run() {
        print((format == .rules ? FormatSchema.rules() : FormatSchema.specs()).rendered(), terminator: "")
    }
}
