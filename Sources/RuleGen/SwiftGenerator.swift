public import RuleCore

/// Generates Swift value objects from a compiled rule set: one file per rule file, in which each
/// type becomes a value object and each model a struct that validates all its fields at once.
///
/// Generated files import `RuleCore` and Foundation only, and call `RuleCore` for every semantic.
/// The output depends on the rules alone (their order, no dates), so the same rules always give
/// the same bytes.
/// ```swift
/// let loaded = RuleFileLoader().load(["rules/task.yaml"])
/// let sources = [RuleSource(path: "rules/task.yaml", foundIn: "rules/task.yaml")]
/// let result = SwiftGenerator(rules: loaded.ruleSet!, sources: sources).generate()
/// result.files[0].name   // "task.rules.swift"
/// ```
public struct SwiftGenerator: Sendable {
    /// What generation gives: a file per source when no diagnostic is an error, and every diagnostic.
    public struct Result: Sendable {
        /// The generated files, in the order of the sources; empty when any diagnostic is an error.
        public var files: [GeneratedFile]
        /// Names the generated code cannot use, and checks whose violations it cannot tell apart.
        public var diagnostics: [Diagnostic]
    }

    /// The rules to generate from.
    public let rules: RuleSet
    /// The rule files whose declarations to generate, each into a file of its own.
    public let sources: [RuleSource]

    /// Creates a generator of `sources`' declarations in `rules`.
    public init(rules: RuleSet, sources: [RuleSource]) {
        self.rules = rules
        self.sources = sources
    }

    /// Generates a file for each source.
    public func generate() -> Result {
        let names = SourceNames(
            displayPaths: Dictionary(sources.map { ($0.path, $0.displayPath) }, uniquingKeysWith: { first, _ in first })
        )
        let checker = SwiftNameChecker()
        let paths = Set(sources.map(\.path))
        let customChecks = CustomCheckGenerator(rules: rules, sources: sources)
        let diagnostics =
            outputCollisions() + customChecks.diagnostics()
            + checker.diagnostics(
                types: rules.types.map(\.declaration).filter { paths.contains($0.range?.start.file ?? "") },
                models: rules.models.filter { paths.contains($0.range?.start.file ?? "") })
            + checker.diagnostics(rules: rules, files: paths)
        var files: [GeneratedFile] = []
        for source in sources {
            let printer = CodePrinter()
            printer.line("\(GeneratedFile.headerPrefix) from \(source.displayPath). DO NOT EDIT.")
            printer.line("// swift-format-ignore-file")
            let types = rules.types.filter { $0.declaration.range?.start.file == source.path }.map { type in
                ValueObjectGenerator(
                    type: type, validator: rules.typeValidator(named: type.name)!, rules: rules, names: names,
                    customChecks: customChecks)
            }
            let models = rules.models.filter { $0.range?.start.file == source.path }.map { model in
                ModelGenerator(
                    model: model, validator: rules.modelValidator(named: model.name)!, rules: rules, names: names)
            }
            let forms = models.map { FormGenerator(model: $0) }
            // NB: every rule file declares something: the loader rejects one that does not.
            // NB: Foundation for the violations' `LocalizedError` conformance, which RuleCore declares,
            // and for `Decimal` (a decimal type's value) and `Date` (a form's date field) in public declarations.
            // The helpers generated code calls are RuleCore's SPI `Generated`, not API an app reads.
            printer.lines(["public import Foundation", "@_spi(Generated) public import RuleCore", ""])
            printer.doc(
                "The RuleCore API this file was generated for; when it cannot be found, generate this file again.")
            printer.line("private typealias RuleCoreVersion = RuleCoreGeneratedCodeVersion1")
            customChecks.print(source, to: printer)
            types.forEach { $0.print(to: printer) }
            models.forEach { $0.print(to: printer) }
            forms.forEach { $0.print(to: printer) }
            var contents = printer.text
            // NB: Foundation publicly only where a public declaration names one of its types, so
            // that an app's build warns of no import it does not use.
            if !contents.contains(/\b(Decimal|Date)\b/) {
                contents.replace("public import Foundation\n", with: "import Foundation\n", maxReplacements: 1)
            }
            files.append(GeneratedFile(name: source.outputName, contents: contents))
        }
        return Result(files: diagnostics.hasErrors ? [] : files, diagnostics: diagnostics)
    }

    private func outputCollisions() -> [Diagnostic] {
        var first: [String: RuleSource] = [:]
        var diagnostics: [Diagnostic] = []
        for source in sources {
            if let other = first[source.outputName] {
                diagnostics.append(
                    .error(
                        "rule files '\(other.displayPath)' and '\(source.displayPath)' would both generate '\(source.outputName)'; rename one of them",
                        at: nil))
            } else {
                first[source.outputName] = source
            }
        }
        return diagnostics
    }
}
