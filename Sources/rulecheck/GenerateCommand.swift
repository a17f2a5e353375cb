import ArgumentParser
import Foundation
import RuleCore
import RuleExport
import RuleGen
import RuleYAML

/// `rulecheck generate swift|typescript|python [RULES…] --output DIR`: generates code from rules.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate", abstract: "Generate code from the rules.",
        subcommands: [GenerateSwiftCommand.self, GenerateTypeScriptCommand.self, GeneratePythonCommand.self])
}

/// The rule files of the arguments, each with the name of its output, and the rules they compile to.
private func loadSources(_ arguments: [String]) throws -> (sources: [RuleSource], rules: RuleSet) {
    var diagnostics: [Diagnostic] = []
    let sources = arguments.flatMap { argument in
        RuleFileLoader.yamlFiles(at: [argument], diagnostics: &diagnostics).map {
            RuleSource(path: $0, foundIn: argument)
        }
    }
    let loaded = RuleFileLoader.declarationsOnly().load(sources.map(\.path))
    DiagnosticPrinter.print(diagnostics + loaded.diagnostics)
    guard let ruleSet = loaded.ruleSet, !diagnostics.hasErrors else { throw ExitCode(2) }
    return (sources, ruleSet)
}

/// Writes `files` into `output` where their text changed, removes stale ones, and says so.
private func write(
    _ files: [GeneratedFile], into output: String, suffixes: [String]? = nil, header: String? = nil
) throws {
    let folder = URL(fileURLWithPath: output, isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let written = try files.filter { try $0.write(into: folder) }.count
    let removed = try GeneratedFile.removeStale(
        in: folder, keeping: Set(files.map(\.name)), suffixes: suffixes, header: header)
    print(
        "\(files.count) files in \(output): \(written) written, \(files.count - written) unchanged"
            + (removed.isEmpty ? "" : ", \(removed.count) removed"))
}

/// `rulecheck generate swift`: writes a Swift file of value objects for each rule file.
struct GenerateSwiftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swift",
        abstract: "Write a Swift file of value objects for each rule file in RULES….",
        discussion: """
            A file is written only when its text changes, so that builds compile only what changed; \
            files generated earlier for rule files that no longer exist are removed.
            """)

    @Argument(help: "Rule files or folders.")
    var rules: [String] = ["rules"]

    @Option(help: ArgumentHelp("The folder to write the Swift files into; created when missing.", valueName: "dir"))
    var output: String

    func run() throws {
        let (sources, ruleSet) = try loadSources(rules)
        let generated = SwiftGenerator(rules: ruleSet, sources: sources).generate()
        DiagnosticPrinter.print(generated.diagnostics)
        guard !generated.diagnostics.hasErrors else { throw ExitCode(2) }
        try write(generated.files, into: output)
    }
}

/// `rulecheck generate typescript`: writes a TypeScript module for each rule file, for the
/// JavaScript runtime, and one that loads the rules.
struct GenerateTypeScriptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "typescript",
        abstract: "Write a TypeScript module of types and validators for each rule file in RULES….",
        discussion: """
            Each module declares a type for each type and an interface for each model, as the \
            JavaScript runtime gives their valid values, and a validator (validateName) and a Standard \
            Schema (NameSchema) for each; rulecheck.schema.ts holds the rules and loads them once. \
            A file is written only when its text changes; stale generated files are removed. See \
            docs/javascript.md.
            """)

    @Argument(help: "Rule files or folders.")
    var rules: [String] = ["rules"]

    @Option(
        help: ArgumentHelp("The folder to write the TypeScript files into; created when missing.", valueName: "dir"))
    var output: String

    @Option(
        help: ArgumentHelp(
            "The module specifier to import the runtime from: the package name, or a path such as ../runtimes/js/src/index.js.",
            valueName: "specifier"))
    var runtime = "rulecheck"

    func run() throws {
        let (sources, ruleSet) = try loadSources(rules)
        let schema = SchemaExporter(ruleSet).jsonSchema().document.rendered()
        let generated = TypeScriptGenerator(rules: ruleSet, sources: sources, schema: schema, runtime: runtime)
            .generate()
        DiagnosticPrinter.print(generated.diagnostics)
        guard !generated.diagnostics.hasErrors else { throw ExitCode(2) }
        try write(
            generated.files, into: output, suffixes: [".rules.ts", TypeScriptGenerator.schemaFileName],
            header: TypeScriptGenerator.headerPrefix)
    }
}

/// `rulecheck generate python`: writes one Python module of typed values for the Python package.
struct GeneratePythonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "python",
        abstract: "Write a Python module of typed values for the rule files in RULES….",
        discussion: """
            The module declares an alias for each type, naming the class of its valid values, and a \
            frozen dataclass for each model, which the Python package's FastAPI integration gives with \
            as_type=. It is written only when its text changes. See docs/python.md.
            """)

    @Argument(help: "Rule files or folders.")
    var rules: [String] = ["rules"]

    @Option(
        help: ArgumentHelp("The folder to write the Python module into; created when missing.", valueName: "dir"))
    var output: String

    @Option(help: ArgumentHelp("The module's name, without .py.", valueName: "name"))
    var module = "rule_models"

    func validate() throws {
        guard PythonGenerator.isIdentifier(module), !PythonGenerator.reserved.contains(module) else {
            throw ValidationError("'\(module)' is not a Python module name; use letters, digits and '_'")
        }
    }

    func run() throws {
        let (sources, ruleSet) = try loadSources(rules)
        let generated = PythonGenerator(rules: ruleSet, sources: sources, module: module).generate()
        DiagnosticPrinter.print(generated.diagnostics)
        guard !generated.diagnostics.hasErrors else { throw ExitCode(2) }
        // NB: no stale files are removed: modules of other rules (another --module) may share the folder.
        try write(generated.files, into: output, suffixes: [])
    }
}
