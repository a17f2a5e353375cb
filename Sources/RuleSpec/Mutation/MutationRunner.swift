import Foundation
public import RuleCore
public import RuleTooling
import RuleYAML

/// Mutates the rules that spec files test, one change at a time, and runs the cases against
/// each mutant in process: the spec files are read once, each mutant is compiled once, and a
/// mutant is killed by the first case whose expectation it misses.
///
/// ```swift
/// let report = MutationRunner().run(["specs"])
/// report.survivors.map(\.mutation.title)   // [] for a suite that notices every change
/// ```
public struct MutationRunner: Sendable {
    /// One mutant's fate.
    public struct Result: Sendable {
        /// The change made.
        public var mutation: RuleMutation
        /// Where the case that noticed the change is, or `nil` when no case did.
        public var killedBy: SourceRange?
        /// For a survivor, when asked for: a case that kills it.
        public var suggestion: SuggestedCase?
        /// The settings of the spec file that tests the mutated type or model, for a file of suggestions.
        public var header: SpecHeader?

        /// Whether the change went unnoticed; an equivalent mutation never survives.
        public var survived: Bool { killedBy == nil && mutation.equivalence == nil }
    }

    /// What a run found.
    public struct Report: Sendable {
        /// Every mutant's fate, in the order of the rule files.
        public var results: [Result] = []
        /// Mistakes in spec or rule files, and cases that fail before any mutation.
        public var diagnostics: [Diagnostic] = []
        /// Mutations that do not compile (a `required` on a type made optional): no mutants.
        public var invalid = 0

        /// The mutants no case noticed.
        public var survivors: [Result] { results.filter(\.survived) }
        /// The mutants some case noticed.
        public var killed: Int { results.count { $0.killedBy != nil } }
        /// The mutants known to change no verdict.
        public var equivalent: Int { results.count { $0.mutation.equivalence != nil } }
        /// Killed mutants in percent of those that could be killed; 100 when there are none.
        public var score: Double {
            let total = killed + survivors.count
            return total == 0 ? 100 : Double(killed) * 100 / Double(total)
        }
        /// 2 when the input could not be used, else 1 when a mutant survived, else 0.
        public var exitCode: Int32 { diagnostics.hasErrors ? 2 : survivors.isEmpty ? 0 : 1 }
    }

    /// The cases of one spec file, read once.
    struct SpecFile: Sendable {
        var header: SpecHeader
        var cases: [SpecCase]
    }

    /// The limits for rule files and spec files.
    public var options: SpecRunOptions
    /// The text of files, by path, that wins over the files on disk (an editor's unsaved buffers).
    public var overlay: [String: [UInt8]]

    /// Creates a runner.
    public init(options: SpecRunOptions = SpecRunOptions(), overlay: [String: [UInt8]] = [:]) {
        self.options = options
        self.overlay = overlay
    }

    /// Mutates the rules of the spec files at `paths` and runs their cases against each mutant;
    /// with `suggest`, finds a case that kills each survivor. With `subject`, only the mutants of
    /// that type or model are made.
    public func run(_ paths: [String], suggest: Bool = false, only subject: String? = nil) -> Report {
        var report = Report()
        let files = RuleFileLoader.yamlFiles(at: paths, diagnostics: &report.diagnostics)
        if files.isEmpty && report.diagnostics.isEmpty {
            report.diagnostics.append(
                .error("no spec files (*.yaml, *.yml) in \(paths.joined(separator: ", "))", at: nil))
        }
        var byRules: [(path: String, files: [SpecFile])] = []
        for file in files {
            guard let (rulesPath, specFile) = read(file, diagnostics: &report.diagnostics) else { continue }
            if let index = byRules.firstIndex(where: { $0.path == rulesPath }) {
                byRules[index].files.append(specFile)
            } else {
                byRules.append((rulesPath, [specFile]))
            }
        }
        guard !report.diagnostics.hasErrors else { return report }
        for (rulesPath, specFiles) in byRules {
            mutate(rulesPath, specFiles, suggest: suggest, only: subject, into: &report)
        }
        return report
    }

    func read(_ file: String, diagnostics: inout [Diagnostic]) -> (String, SpecFile)? {
        do throws(Diagnostic) {
            let source: YAMLInput
            if let text = overlay[file] {
                if let error = options.specLimits.sizeError(text.count, file: file) { throw error }
                source = YAMLInput(copying: text)
            } else {
                source = try YAMLInput.read(file, limits: options.specLimits)
            }
            let reader = try SpecFileReader(file: file, source: source, limits: options.specLimits)
            let header = try reader.readHeader()
            var cases: [SpecCase] = []
            while let specCase = try reader.nextCase() { cases.append(specCase) }
            diagnostics += reader.diagnostics
            guard let rulesPath = RuleSetCache.rulesPath(for: header) else {
                diagnostics.append(
                    .error(
                        "no 'rules:' in the spec file and no rules/ folder above it", at: RuleSetCache.start(of: file)))
                return nil
            }
            return (rulesPath, SpecFile(header: header, cases: cases))
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    private func mutate(
        _ rulesPath: String, _ specFiles: [SpecFile], suggest: Bool, only subject: String?, into report: inout Report
    ) {
        let loaded = RuleFileLoader(limits: options.ruleLimits, customChecks: options.customChecks.declaringOnly(true))
            .load([rulesPath], overlay: overlay)
        report.diagnostics += loaded.diagnostics
        guard let rules = loaded.ruleSet, !loaded.diagnostics.hasErrors else { return }
        // NB: a custom check with no implementation here passes every value, so a case expecting its
        // code would read as failing before any mutation, and a survivor or a suggested case would be
        // invented: the cases of such a type or model are an error, as in `rulecheck test`, and its
        // mutants are not made.
        var missingChecks: [String: [String]] = [:]
        func missing(_ name: String) -> [String] {
            if let known = missingChecks[name] { return known }
            let names = rules.unimplementedCustomChecks(of: name)
            missingChecks[name] = names
            return names
        }
        var refused: Set<String> = []
        // NB: a suite that fails as it is cannot tell a mutant from the original.
        for specFile in specFiles {
            for specCase in specFile.cases {
                if case let names = missing(specCase.typeName), !names.isEmpty {
                    if refused.insert(specCase.typeName).inserted {
                        report.diagnostics.append(
                            .error(
                                "cases of '\(specCase.typeName)' need custom check \(Self.quoted(names)), which "
                                    + "rulecheck has no implementation of; mutate them from a Swift test with "
                                    + "SpecRunOptions.customChecks", at: specCase.typeRange))
                    }
                } else if rules.validator(named: specCase.typeName) == nil {
                    report.diagnostics.append(.error("unknown type '\(specCase.typeName)'", at: specCase.typeRange))
                } else if firstFailure(in: [specFile], rules: rules, only: specCase) != nil {
                    report.diagnostics.append(
                        .error("the case fails before any mutation; fix it or the rule first", at: specCase.range))
                }
            }
        }
        guard !report.diagnostics.hasErrors else { return }
        // NB: suggestions are computed under the first spec file's today that has one, and written with its settings.
        let header = (specFiles.first { $0.header.today != nil } ?? specFiles[0]).header
        let today = header.today
        let suggester = CaseSuggester(
            rules: rules, context: today.map { ValidationContext(today: $0) } ?? ValidationContext(),
            inputs: Dictionary(grouping: specFiles.flatMap(\.cases), by: \.typeName).mapValues { $0.map(\.input) })
        var skipped: Set<String> = []
        // NB: the survivors to search for a case that kills them: where their result is, and the mutant.
        var survivors: [(index: Int, mutant: RuleSet)] = []
        for mutation in RuleMutator.mutations(types: loaded.types, models: loaded.models, rules: rules)
        where subject == nil || mutation.subject == subject {
            if case let names = missing(mutation.subject), !names.isEmpty {
                if skipped.insert(mutation.subject).inserted {
                    report.diagnostics.append(
                        .warning(
                            "no mutant of '\(mutation.subject)' was made: it needs custom check \(Self.quoted(names)), "
                                + "which rulecheck has no implementation of; mutate it from a Swift test with "
                                + "SpecRunOptions.customChecks", at: declaration(of: mutation.subject, in: rules)))
                }
                continue
            }
            guard mutation.equivalence == nil else {
                report.results.append(Result(mutation: mutation, killedBy: nil))
                continue
            }
            // NB: the custom checks' implementations, as the rules were loaded with.
            guard
                let mutant = try? RuleSet.compile(
                    types: mutation.types, models: mutation.models, declaredElsewhere: [],
                    customChecks: options.customChecks.declaringOnly(true))
            else {
                report.invalid += 1
                continue
            }
            var result = Result(mutation: mutation, killedBy: firstFailure(in: specFiles, rules: mutant))
            if suggest && result.survived {
                result.header = header
                survivors.append((report.results.count, mutant))
            }
            report.results.append(result)
        }
        // NB: each survivor's search stands alone (the memo they share is locked), so they run on
        // every core, each job taking the next one left; the suggestions keep the mutants' order.
        let (results, searches) = (report.results, survivors)
        let found = Locked([Int: SuggestedCase]())
        let taken = Locked(0)
        DispatchQueue.concurrentPerform(iterations: min(options.jobs, searches.count)) { _ in
            while case let next = taken.withLock({ taken in
                defer { taken += 1 }
                return taken
            }), next < searches.count {
                let (index, mutant) = searches[next]
                let mutation = results[index].mutation
                if let suggestion = suggester.suggest(for: mutant, subject: mutation.subject, change: mutation.change) {
                    found.withLock { $0[index] = suggestion }
                }
            }
        }
        for (index, suggestion) in found.withLock({ $0 }) { report.results[index].suggestion = suggestion }
    }

    private static func quoted(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }

    private func declaration(of name: String, in rules: RuleSet) -> SourceRange? {
        rules.types.first { $0.name == name }?.declaration.range ?? rules.models.first { $0.name == name }?.range
    }

    /// Where the first case that misses its expectation under `rules` is, if any.
    private func firstFailure(in specFiles: [SpecFile], rules: RuleSet, only: SpecCase? = nil) -> SourceRange? {
        for specFile in specFiles {
            let context = specFile.header.today.map { ValidationContext(today: $0) } ?? ValidationContext()
            let evaluator = CaseEvaluator(language: specFile.header.language)
            for specCase in only.map({ [$0] }) ?? specFile.cases {
                if case .unrecorded = specCase.expectation { continue }
                guard let validator = rules.validator(named: specCase.typeName) else { return specCase.range }
                let result = validator.validate(specCase.input, context: context)
                if evaluator.evaluate(specCase, result: result) != nil { return specCase.range }
            }
        }
        return nil
    }
}
