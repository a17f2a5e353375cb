import ArgumentParser
import RuleExport

/// What swift-openapi-generator generates.
enum OpenAPIGeneratorMode: String, ExpressibleByArgument, CaseIterable {
    case types, client, server
}

/// `rulecheck export openapi-config [RULES…] --module NAME [--generate types|client|server]…`.
struct ExportOpenAPIConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi-config",
        abstract:
            "Export swift-openapi-generator's openapi-generator-config.yaml, whose typeOverrides decode each schema "
            + "of `export openapi` as the value object or model `generate swift` generates.")

    @OptionGroup var options: ExportOptions

    @Option(help: "The Swift module that holds the generated value objects and models.")
    var module: String

    @Option(help: "What the generator generates (repeatable): types, client or server.")
    var generate: [OpenAPIGeneratorMode] = [.types]

    func run() throws {
        let rules = try options.load()
        if let problem = OpenAPIGeneratorConfig.problem(withModule: module, in: rules) {
            throw ValidationError(problem)
        }
        let config = OpenAPIGeneratorConfig(rules, module: module, generate: generate.map(\.rawValue))
        try options.write(config.rendered(), warnings: [])
    }
}
