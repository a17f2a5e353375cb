import ArgumentParser
import RuleExport

/// The forms of `rulecheck export messages`.
enum MessagesFormat: String, ExpressibleByArgument, CaseIterable {
    case xcstrings, json
}

/// `rulecheck export messages [RULES…] --format xcstrings|json`.
struct ExportMessagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "messages",
        abstract: "Export every message, keyed TYPE.code, in every language: an Apple String Catalog or plain JSON.")

    @OptionGroup var options: ExportOptions

    @Option(help: "xcstrings (an Apple String Catalog) or json.")
    var format: MessagesFormat = .xcstrings

    func run() throws {
        let catalog = MessageCatalog(try options.load())
        let document = format == .xcstrings ? catalog.stringCatalog().rendered(.xcode) : catalog.plainJSON().rendered()
        try options.write(document, warnings: catalog.warnings)
    }
}
