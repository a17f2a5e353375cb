public import RuleCore
import Foundation
import RuleYAML

/// Runs every case of the spec files under some paths against their rules, in parallel, and
/// reports in a deterministic order: file order, then case order.
///
/// ```swift
/// var reporter = HumanReporter(output: .standardOutput(), colors: false)
/// let summary = SpecRunner(options: SpecRunOptions()).run(["specs"], reporter: &reporter)
/// exit(summary.exitCode)   // 0 all passed, 1 some case failed, 2 the input could not be used
/// ```
public struct SpecRunner: Sendable {
    /// What a run found.
    public struct Summary: Sendable {
        /// Cases that met their expectation.
        public var passed = 0
        /// Cases that did not.
        public var failed = 0
        /// Mistakes in spec or rule files, and warnings.
        public var diagnostics: [Diagnostic] = []

        /// 2 when any input could not be used, else 1 when any case failed, else 0.
        public var exitCode: Int32 { diagnostics.hasErrors ? 2 : failed > 0 ? 1 : 0 }
    }

    /// How many cases are read before a batch is validated in parallel.
    static let batchSize = 2048

    /// What to run and how.
    public var options: SpecRunOptions
    /// Receives each diagnostic as soon as it is found, for printing while the run goes on.
    public var onDiagnostic: @Sendable (Diagnostic) -> Void

    /// Creates a runner.
    public init(options: SpecRunOptions, onDiagnostic: @escaping @Sendable (Diagnostic) -> Void = { _ in }) {
        self.options = options
        self.onDiagnostic = onDiagnostic
    }

    /// Runs the spec files at `paths` (files, or folders searched for `*.yaml` and `*.yml`).
    public func run(_ paths: [String], reporter: inout some SpecReporter) -> Summary {
        var summary = Summary()
        var diagnostics: [Diagnostic] = []
        let files = RuleFileLoader.yamlFiles(at: paths, diagnostics: &diagnostics)
        if files.isEmpty && diagnostics.isEmpty {
            diagnostics.append(.error("no spec files (*.yaml, *.yml) in \(paths.map { "'\($0)'" }.joined(separator: ", "))", at: nil))
        }
        report(diagnostics, into: &summary)
        var rules = RuleSetCache(limits: options.ruleLimits)
        var ranAny = false
        for file in files {
            let stop = runFile(file, rules: &rules, reporter: &reporter, summary: &summary, ranAny: &ranAny)
            if stop { break }
        }
        if !ranAny, !summary.diagnostics.hasErrors, options.filter != nil || options.shard == nil {
            let what = options.filter.map { "no case matches the filter '\($0)'" } ?? "the spec files hold no cases"
            report([.error(what, at: nil)], into: &summary)
        }
        reporter.finish(passed: summary.passed, failed: summary.failed)
        return summary
    }

    /// Runs one file; returns whether the run must stop (`--fail-fast` after a failure).
    private func runFile(
        _ file: String, rules cache: inout RuleSetCache, reporter: inout some SpecReporter, summary: inout Summary,
        ranAny: inout Bool
    ) -> Bool {
        let specReader: SpecFileReader
        let header: SpecHeader
        do {
            let bytes = try readBytes(file)
            specReader = try SpecFileReader(file: file, bytes: bytes, limits: options.specLimits)
            header = try specReader.readHeader()
        } catch {
            report([error], into: &summary)
            return false
        }
        guard let rulesPath = RuleSetCache.rulesPath(for: header) else {
            report([.error("no 'rules:' in the spec file and no rules/ folder above it", at: RuleSetCache.start(of: file))], into: &summary)
            return false
        }
        guard FileManager.default.fileExists(atPath: rulesPath) else {
            report([.error("no rule file or folder at '\(rulesPath)'", at: header.rulesRange)], into: &summary)
            return false
        }
        guard let ruleSet = cache.load(rulesPath, onFirstLoad: { report($0, into: &summary) }) else { return false }
        let context = header.today.map { ValidationContext(today: $0) } ?? ValidationContext()
        var unknownTypes: Set<String> = []
        var suggestionsLeft = Suggestion.lookUpLimit
        var fileCounts = (passed: 0, failed: 0)
        var reportedDiagnostics = 0
        reporter.beginFile(file)
        defer {
            reporter.endFile(file, passed: fileCounts.passed, failed: fileCounts.failed)
            summary.passed += fileCounts.passed
            summary.failed += fileCounts.failed
        }
        var stop = false
        while !stop {
            var batch: [(SpecCase, CaseEvaluator)] = []
            do {
                while batch.count < Self.batchSize, let specCase = try specReader.nextCase() {
                    guard options.selects(specCase, file: file) else { continue }
                    guard let validator = ruleSet.validator(named: specCase.typeName) else {
                        if unknownTypes.insert(specCase.typeName).inserted {
                            suggestionsLeft -= 1
                            let fix = suggestionsLeft >= 0 ? Suggestion.closest(to: specCase.typeName, among: ruleSet.names) : nil
                            report([.error("unknown type '\(specCase.typeName)'", at: specCase.typeRange, fix: fix)], into: &summary)
                        }
                        continue
                    }
                    if let mistake = Self.checkFields(of: specCase, against: validator, suggestionsLeft: &suggestionsLeft) {
                        report([mistake], into: &summary)
                        continue
                    }
                    batch.append((specCase, CaseEvaluator(validator: validator, context: context, language: header.language)))
                }
            } catch {
                report([error], into: &summary)
                stop = true
            }
            let newDiagnostics = specReader.diagnostics.dropFirst(reportedDiagnostics)
            reportedDiagnostics += newDiagnostics.count
            report(Array(newDiagnostics), into: &summary)
            if batch.isEmpty { break }
            ranAny = true
            for (specCase, failure) in zip(batch.map(\.0), evaluate(batch)) {
                reporter.record(
                    CaseOutcome(
                        file: file, location: specCase.range.start, typeName: specCase.typeName, name: specCase.name,
                        inputText: specCase.inputText, failure: failure))
                if failure == nil {
                    fileCounts.passed += 1
                } else {
                    fileCounts.failed += 1
                    if options.failFast { return true }
                }
            }
        }
        return false
    }

    /// Validates a batch on up to `options.jobs` threads; results in the batch's order.
    private func evaluate(_ batch: [(SpecCase, CaseEvaluator)]) -> [SpecFailure?] {
        let jobs = min(options.jobs, max(1, batch.count / 64))
        guard jobs > 1 else { return batch.map { $0.1.evaluate($0.0) } }
        let results = UnsafeMutableBufferPointer<SpecFailure?>.allocate(capacity: batch.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let slots = SendableBuffer(results)
        DispatchQueue.concurrentPerform(iterations: jobs) { job in
            // NB: each job writes its own stride of slots, so no two threads touch one slot.
            for index in stride(from: job, to: batch.count, by: jobs) {
                slots.buffer[index] = batch[index].1.evaluate(batch[index].0)
            }
        }
        return Array(results)
    }

    /// A case whose input or expectations name a field its model does not have: a typo that
    /// would otherwise pass silently.
    static func checkFields(of specCase: SpecCase, against validator: Validator, suggestionsLeft: inout Int) -> Diagnostic? {
        guard case .model(let model) = validator else { return nil }
        let names = model.rule.fields.map(\.name)
        var named: [String] = []
        if case .record(let fields) = specCase.input { named += fields.keys.sorted() }
        if case .errors(let byPath) = specCase.expectation { named += byPath.keys.compactMap { $0.split(separator: ".").first.map(String.init) } }
        named += specCase.messages.keys.compactMap { $0.split(separator: ".").first.map(String.init) }
        if case .errors(let byPath) = specCase.expectation, byPath[""] != nil {
            return .error("the errors of a model case are listed by field, such as '{ \(names.first ?? "field"): [code] }'", at: specCase.range)
        }
        guard let unknown = named.first(where: { !names.contains($0) }) else { return nil }
        suggestionsLeft -= 1
        let fix = suggestionsLeft >= 0 ? Suggestion.closest(to: unknown, among: names) : nil
        return .error("model '\(model.name)' has no field '\(unknown)'", at: specCase.range, fix: fix)
    }

    private func report(_ diagnostics: [Diagnostic], into summary: inout Summary) {
        summary.diagnostics += diagnostics
        diagnostics.forEach(onDiagnostic)
    }

    private func readBytes(_ file: String) throws(Diagnostic) -> [UInt8] {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: file), options: .mappedIfSafe) else {
            throw .error("cannot read '\(file)'", at: nil)
        }
        // NB: checked before copying the (mapped) bytes, so that a file of many gigabytes costs nothing.
        if let error = options.specLimits.sizeError(data.count, file: file) { throw error }
        return [UInt8](data)
    }
}

/// A buffer whose disjoint slots several threads fill at once.
private struct SendableBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}
