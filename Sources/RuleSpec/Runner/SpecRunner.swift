import Foundation
public import RuleCore
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
        /// Every error that kept cases from running, each counted: a spec file's (its rules did not
        /// load, it could not be read, a case could not be read, with each of a file's errors,
        /// its rules' too), and the run's: JUnit's and JSON's `errors`, and the human report's `N errors`.
        public var errors = 0
        /// Cases that an `--endpoint` run could not send: a type's, or a model's without an endpoint.
        public var skipped = 0
        /// The models that `--endpoint` names whose cases ran, and every name the rules declare.
        var endpointModelsRun: Set<String> = []
        var declaredNames: Set<String> = []
        /// Expectations that `--update` filled in.
        public var recorded = 0
        /// Expectations that `--update=all` rewrote, each as `place: TYPE: in …: was X, now Y`.
        public var rewritten: [String] = []

        /// 2 when any input could not be used, else 1 when any case failed, else 0.
        public var exitCode: Int32 { diagnostics.hasErrors ? 2 : failed > 0 ? 1 : 0 }
    }

    /// What to run and how.
    public var options: SpecRunOptions
    /// Receives each diagnostic as soon as it is found, for printing while the run goes on.
    public var onDiagnostic: @Sendable (Diagnostic) -> Void

    /// Receives the number of cases run so far after each batch, for a progress line.
    public var onProgress: @Sendable (_ cases: Int) -> Void = { _ in }

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
            diagnostics.append(
                .error("no spec files (*.yaml, *.yml) in \(paths.map { "'\($0)'" }.joined(separator: ", "))", at: nil))
        }
        report(diagnostics, into: &summary)
        diagnostics.filter { $0.severity == .error }.forEach { reporter.record(error: $0) }
        var runErrors = diagnostics.count { $0.severity == .error }
        var rules = SpecFileChecker(options: options)
        var ranAny = false
        var implementation: (any Implementation)?
        if let command = options.implementation, !files.isEmpty {
            do {
                implementation =
                    command.hasScalarPrefix("http://") || command.hasScalarPrefix("https://")
                    ? try HTTPImplementation(url: command, timeout: options.timeout)
                    : try ImplementationProcess(command: command, timeout: options.timeout)
            } catch {
                report([.error(error.message, at: nil)], into: &summary)
                reporter.record(error: .error(error.message, at: nil))
                summary.errors += 1 + diagnostics.count { $0.severity == .error }
                reporter.finish(passed: 0, failed: 0, errors: summary.errors)
                return summary
            }
        }
        for file in files {
            let stop = runFile(
                file, rules: &rules, implementation: implementation, reporter: &reporter, summary: &summary,
                ranAny: &ranAny)
            if stop { break }
        }
        implementation?.stop()
        // NB: an endpoint for a model no case is of would check nothing, silently: a typo, most often.
        // (Not when rules did not load, or a filter or shard left its cases out.)
        let wholeRun = !summary.diagnostics.hasErrors && options.filters.isEmpty && options.shard == nil
        for model in options.endpoints.keys.sorted() where wholeRun && !summary.endpointModelsRun.contains(model) {
            let fix = Suggestion.closest(to: model, among: summary.declaredNames.sorted())
            let error = Diagnostic.error(
                "--endpoint \(model)=…: no case of the spec files is of model '\(model)'", at: nil, fix: fix)
            report([error], into: &summary)
            reporter.record(error: error)
            runErrors += 1
        }
        if !ranAny, !summary.diagnostics.hasErrors, !options.filters.isEmpty || options.shard == nil {
            let quoted = options.filters.map { "'\($0)'" }.joined(separator: ", ")
            let what =
                options.filters.isEmpty
                ? "the spec files hold no cases"
                : "no case matches the filter\(options.filters.count == 1 ? "" : "s") \(quoted)"
            report([.error(what, at: nil)], into: &summary)
            reporter.record(error: .error(what, at: nil))
            runErrors += 1
        }
        summary.errors += runErrors
        reporter.finish(passed: summary.passed, failed: summary.failed, errors: summary.errors)
        return summary
    }

    /// One spec file's run: its counts, and what `--update` fills in and rewrites.
    private struct FileRun {
        var passed = 0
        var failed = 0
        var skipped = 0
        var updater = SpecFileUpdater()
        var rewritten: [String] = []
    }

    /// Runs one file; returns whether the run must stop (`--fail-fast` after a failure, or an
    /// implementation that failed).
    private func runFile(
        _ file: String, rules checker: inout SpecFileChecker, implementation: (any Implementation)?,
        reporter: inout some SpecReporter, summary: inout Summary, ranAny: inout Bool
    ) -> Bool {
        var run = FileRun()
        var source: YAMLInput?
        // NB: errors already reported for an earlier file, such as its rules', that this file shares.
        var sharedErrors: [Diagnostic] = []
        let found = summary.diagnostics.count
        reporter.beginFile(file)
        defer {
            // NB: a file with a mistake is left as it is: the user fixes it first, then updates.
            if run.updater.count > 0, let source, !source.wasTruncated, !summary.diagnostics[found...].hasErrors {
                do {
                    try run.updater.write(Array(source.bytes), to: file)
                    summary.recorded += run.updater.count - run.rewritten.count
                    summary.rewritten += run.rewritten
                } catch {
                    report([error], into: &summary)
                }
            }
            let errors = sharedErrors + summary.diagnostics[found...].filter { $0.severity == .error }
            errors.forEach { reporter.record(error: $0) }
            summary.errors += errors.count
            reporter.endFile(file, passed: run.passed, failed: run.failed)
            summary.passed += run.passed
            summary.failed += run.failed
            summary.skipped += run.skipped
        }
        let opened: SpecFileChecker.Opened
        do {
            opened = try SpecFileChecker.open(file, options: options, pipelined: pipelined)
            source = opened.input
        } catch {
            report([error], into: &summary)
            return false
        }
        let header = opened.header
        guard
            let ruleSet = checker.rules(
                for: header, of: file, report: { report($0, into: &summary) }, shared: &sharedErrors)?.rules
        else { return false }
        // NB: with more than one job, a file of a megabyte or more is parsed on a thread of its
        // own, beside the one that decodes its cases and the ones that validate them.
        let validationJobs = options.jobs - (pipelined(opened.input) ? 1 : 0)
        let clock = ClockReadings()
        let context =
            header.today.map { ValidationContext(today: $0) }
            ?? ValidationContext(clock: { clock.read() }, timeZone: .current)
        defer {
            // NB: a spec without 'today:' passes today and may fail tomorrow; say which day it used.
            if let day = clock.firstDay, implementation == nil, !header.writesToday {
                report(
                    [
                        .note(
                            "no 'today:' in the spec file, so date checks used the clock's date, \(day); "
                                + "add 'today: \(day)' for the same result every day", at: RuleSetCache.start(of: file))
                    ], into: &summary)
            }
        }
        // NB: an endpoint answers its verdict, not the normalized value, so `out` compares validity only.
        let evaluator = CaseEvaluator(language: header.language, comparesValues: options.endpoints.isEmpty)
        let batches = CaseBatchSource(reader: opened.reader, rules: ruleSet, options: options, file: file)
        // NB: with one job, reading and validating take turns on this thread; with more, reading
        // runs ahead on a thread of its own and the jobs validate each batch in shares.
        let readAhead = options.jobs > 1 ? ReadAhead(batches) : nil
        defer { readAhead?.stop() }
        while true {
            var batch = readAhead?.next() ?? batches.next()
            report(batch.diagnostics, into: &summary)
            if !options.endpoints.isEmpty {
                summary.declaredNames.formUnion(ruleSet.names)
                skipCasesNoEndpointTakes(in: &batch, of: file, reporter: &reporter, run: &run)
                for entry in batch.cases { summary.endpointModelsRun.insert(entry.specCase.typeName) }
            }
            if !batch.cases.isEmpty {
                ranAny = true
                // NB: another implementation, or real endpoints, answer in turn; this one checks in shares.
                let asked: (checked: [Checked], failure: Diagnostic?)? =
                    !options.endpoints.isEmpty
                    ? askEndpoints(
                        about: batch.cases, language: header.language, today: header.today, rules: ruleSet,
                        evaluator: evaluator)
                    : implementation.map {
                        let asked = ask(
                            $0, about: batch.cases, context: context, language: header.language, rules: ruleSet)
                        let checked = asked.results.enumerated().map {
                            Checked(result: $1, failure: evaluator.evaluate(batch.cases[$0].specCase, result: $1))
                        }
                        return (checked, asked.failure)
                    }
                let checked =
                    asked?.checked
                    ?? check(batch.cases, context: context, evaluator: evaluator, jobs: validationJobs)
                if record(checked, of: batch.cases, in: file, rules: ruleSet, reporter: &reporter, run: &run) {
                    return true
                }
                if let failure = asked?.failure {
                    report([failure], into: &summary)
                    return true
                }
                onProgress(summary.passed + summary.failed + run.passed + run.failed)
            }
            if batch.isLast { return false }
        }
    }

    /// Takes out of `batch` the cases no `--endpoint` takes, each recorded as skipped with why:
    /// an endpoint takes a model's body.
    private func skipCasesNoEndpointTakes(
        in batch: inout CaseBatchSource.Batch, of file: String, reporter: inout some SpecReporter, run: inout FileRun
    ) {
        for entry in batch.cases where options.endpoints[entry.specCase.typeName] == nil {
            let specCase = entry.specCase
            let reason =
                if case .model = entry.validator { "no --endpoint for model '\(specCase.typeName)'" } else {
                    "a type's case: an endpoint takes a model's body"
                }
            reporter.record(
                CaseOutcome(
                    file: file, location: specCase.range.start, typeName: specCase.typeName,
                    name: specCase.name, inputText: specCase.inputText, skipped: reason))
            run.skipped += 1
        }
        batch.cases.removeAll { options.endpoints[$0.specCase.typeName] == nil }
    }

    /// Records each case's outcome, or fills in (`--update`) or rewrites (`--update=all`) its
    /// expectation; returns whether the run must stop (`--fail-fast` after a failure).
    private func record(
        _ checked: [Checked], of cases: [CaseBatchSource.Entry], in file: String, rules ruleSet: RuleSet,
        reporter: inout some SpecReporter, run: inout FileRun
    ) -> Bool {
        for (index, item) in checked.enumerated() {
            let (result, outcome) = (item.result, item.failure)
            let (specCase, validator) = (cases[index].specCase, cases[index].validator)
            if case .unrecorded(let slot) = specCase.expectation {
                run.updater.fill(slot, with: result, validator: validator, rules: ruleSet)
                continue
            }
            guard outcome != nil || reporter.recordsPassingCases else {
                run.passed += 1
                continue
            }
            if let outcome, !outcome.isMessage, let bytes = specCase.expectationBytes {
                run.updater.replace(bytes, with: result, validator: validator, rules: ruleSet)
                run.rewritten.append(
                    "\(specCase.range.start): \(specCase.typeName): in \(specCase.inputText): was \(outcome.expected), now \(outcome.actual)"
                )
                run.passed += 1
                continue
            }
            reporter.record(
                CaseOutcome(
                    file: file, location: specCase.range.start, typeName: specCase.typeName,
                    name: specCase.name, inputText: specCase.inputText, failure: outcome))
            if outcome == nil {
                run.passed += 1
            } else {
                run.failed += 1
                if options.failFast { return true }
            }
        }
        return false
    }

    /// A case's result and how it missed its expectation, if it did.
    // NB: a struct, not a tuple, for the reason CaseBatchSource.Entry gives.
    struct Checked {
        var result: ValidationResult
        var failure: SpecFailure?
    }

    /// Validates a batch and compares each result with its expectation, on `jobs` threads when
    /// there are several; results in the batch's order, whatever order the threads finish in.
    private func check(
        _ batch: [CaseBatchSource.Entry], context: ValidationContext, evaluator: CaseEvaluator, jobs: Int
    ) -> [Checked] {
        let one = { @Sendable (entry: CaseBatchSource.Entry) -> Checked in
            let result = entry.validator.validate(entry.specCase.input, context: context)
            return Checked(result: result, failure: evaluator.evaluate(entry.specCase, result: result))
        }
        // NB: a slice of fewer cases than this costs more to hand over than to check.
        let slices = batch.count / Self.casesPerShare
        let shares = min(jobs, slices)
        guard shares > 1 else { return batch.map(one) }
        var checked = [Checked?](repeating: nil, count: batch.count)
        // NB: each job takes the next slice until none is left, rather than a fixed share: a job
        // whose thread is not scheduled (the cores busy reading) then leaves its slices to the
        // others instead of holding the batch up.
        let taken = Locked(0)
        checked.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            DispatchQueue.concurrentPerform(iterations: shares) { _ in
                while case let slice = taken.withLock({ taken in
                    defer { taken += 1 }
                    return taken
                }), slice < slices {
                    let end = slice == slices - 1 ? batch.count : (slice + 1) * Self.casesPerShare
                    for index in slice * Self.casesPerShare..<end { buffer[index] = one(batch[index]) }
                }
            }
        }
        return checked.map { $0! }
    }

    /// The fewest cases one thread checks of a batch.
    static let casesPerShare = 64

    /// The smallest spec file parsed on a thread of its own: below it, the thread costs more than it saves.
    static let pipelinedFileSize = 1 << 20

    /// Whether libyaml parses `input` on a thread of its own, beside the one that decodes its
    /// cases: with more than one job, for a file of a megabyte or more. The two take about one
    /// core between them, so the jobs validate in one share fewer (on 2 cores, validating in two
    /// shares beside them took 1.41 times the bare parse, in one 1.25).
    private func pipelined(_ input: YAMLInput) -> Bool {
        options.jobs > 1 && input.count >= Self.pipelinedFileSize
    }

    /// Sends each case to its model's endpoint in turn, up to the first that cannot be reached or
    /// answers neither 2xx nor 4xx; a failure tells what the endpoint answered (`endpoint answered
    /// 201 (valid)`), and a 4xx other than 422 is a failed case with its status and body.
    private func askEndpoints(
        about batch: [CaseBatchSource.Entry], language: String, today: LocalDate?, rules: RuleSet,
        evaluator: CaseEvaluator
    ) -> (checked: [Checked], failure: Diagnostic?) {
        let checker = EndpointChecker(endpoints: options.endpoints, client: HTTPClient(timeout: options.timeout))
        var checked: [Checked] = []
        for entry in batch {
            let specCase = entry.specCase
            let answer: EndpointAnswer
            do {
                answer = try checker.verdict(
                    specCase, validator: entry.validator, rules: rules, language: language, today: today)
            } catch {
                return (checked, .error(error.message, at: specCase.range))
            }
            guard let result = answer.result else {
                let expectation = CaseEvaluator.expectation(of: specCase)
                let failure = expectation.map {
                    SpecFailure(
                        expected: $0.text, actual: answer.description, expectedJSON: $0.json,
                        actualJSON: ReportJSON.object([
                            ("status", "\(answer.status)"), ("body", JSONString.quoted(answer.body)),
                        ]))
                }
                checked.append(Checked(result: .valid(nil), failure: failure))
                continue
            }
            var failure = evaluator.evaluate(specCase, result: result)
            if failure != nil, !failure!.isMessage { failure!.actual = answer.description }
            checked.append(Checked(result: result, failure: failure))
        }
        return (checked, nil)
    }

    /// Asks `implementation` for each case's result in turn, up to the first case it does not
    /// answer properly, which the failure is about.
    private func ask(
        _ implementation: any Implementation, about batch: [CaseBatchSource.Entry], context: ValidationContext,
        language: String, rules: RuleSet
    ) -> (results: [ValidationResult], failure: Diagnostic?) {
        var results: [ValidationResult] = []
        for entry in batch {
            let (specCase, validator) = (entry.specCase, entry.validator)
            let request = JSONLines.request(
                type: specCase.typeName, input: specCase.input, today: context.today(), language: language)
            let response: String
            do {
                response = try implementation.exchange(request)
            } catch {
                return (results, .error(error.message, at: specCase.range))
            }
            do {
                results.append(
                    try JSONLines.result(fromResponse: response, validator: validator, rules: rules, language: language)
                )
            } catch {
                let shown = SpecCase.quoted(response.count > 80 ? response.prefix(80) + "…" : response)
                return (results, .error("the implementation's answer \(error.message): \(shown)", at: specCase.range))
            }
        }
        return (results, nil)
    }

    /// A case whose input or expectations name a field its model does not have, or fields of
    /// a type: a typo that would otherwise fail or pass for the wrong reason.
    static func checkFields(of specCase: SpecCase, against validator: Validator, suggestionsLeft: inout Int)
        -> Diagnostic?
    {
        guard case .model(let model) = validator else {
            // NB: a type's case names no field, which is asked without collecting the names (once per case).
            var namesField = !specCase.messages.isEmpty && specCase.messages.keys.contains { !$0.isEmpty }
            switch specCase.expectation {
            case .errors(let byPath): namesField = namesField || byPath.keys.contains { !$0.isEmpty }
            case .out(.record(let fields)): namesField = namesField || !fields.isEmpty
            default: break
            }
            guard !namesField else {
                return .error(
                    "'\(validator.name)' is a type, not a model; expect its value as a scalar and its errors as a list of codes",
                    at: specCase.range)
            }
            return nil
        }
        // NB: every named field is looked up where it is, with no array of names, no split and no
        // sort: the smallest unknown name is kept, so the diagnostic names the same one as sorting
        // did. Collecting, splitting by Character and sorting cost a model's case 28,000 instructions.
        let names = model.rule.fields.map(\.name)
        var unknown: Substring?
        func look(up path: String) {
            // NB: the first part between dots that is not empty, as `split(separator: ".")` gave.
            let rest = path.drop { $0 == "." }
            let field = rest.utf8.firstIndex(of: UInt8(ascii: ".")).map { rest[..<$0] } ?? rest
            guard !names.contains(where: { $0 == field }), unknown.map({ field < $0 }) ?? true else { return }
            unknown = field
        }
        // NB: an empty path in `message` or `errors` is the model's own value; as a field's key it is unknown.
        for path in specCase.messages.keys where !path.isEmpty { look(up: path) }
        if case .errors(let byPath) = specCase.expectation {
            for path in byPath.keys where !path.isEmpty { look(up: path) }
        }
        if case .out(.record(let fields)) = specCase.expectation { fields.keys.forEach(look) }
        if case .record(let fields) = specCase.input { fields.keys.forEach(look) }
        guard let unknown = unknown.map(String.init) else { return nil }
        suggestionsLeft -= 1
        let fix = suggestionsLeft >= 0 ? Suggestion.closest(to: unknown, among: names) : nil
        return .error("model '\(model.name)' has no field '\(unknown)'", at: specCase.range, fix: fix)
    }

    private func report(_ diagnostics: [Diagnostic], into summary: inout Summary) {
        summary.diagnostics += diagnostics
        diagnostics.forEach(onDiagnostic)
    }
}

/// Whether a date check asked the clock for today, and the day it got first.
private final class ClockReadings: Sendable {
    private let day = Locked(LocalDate?.none)

    /// Now, noting the day of the first reading.
    func read() -> Date {
        let now = Date()
        day.withLock { day in if day == nil { day = LocalDate(now, in: .current) } }
        return now
    }

    /// The day of the first reading, if there was one.
    var firstDay: LocalDate? { day.withLock { $0 } }
}
