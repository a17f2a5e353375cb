import ArgumentParser
import Foundation
import RuleCore
import RuleSpec

/// `rulecheck [test] [PATH…]`: runs the spec cases.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test", abstract: "Run the spec cases in PATH… (default: specs/).")

    @Argument(help: "Spec files or folders.")
    var paths: [String] = ["specs"]

    @OptionGroup var report: ReportOptions

    @Option(
        help: ArgumentHelp(
            "Run only the cases of this type or model, or whose name or printed label "
                + "('TaskTitle: in \"Buy milk\"') contains this text; repeat for more."))
    var filter: [String] = []

    @Option(
        help: ArgumentHelp("Run only share K of N, a stable partition of all cases.", valueName: "K/N"),
        transform: Shard.argument)
    var shard: Shard?

    @Flag(help: "Stop after the first failing case.")
    var failFast = false

    @Option(
        help: ArgumentHelp(
            "Validate the cases with another implementation: a command, run once, that answers JSON lines, "
                + "or an http:// URL that answers each as a POST (docs/conformance.md).", valueName: "command"))
    var implementation: String?

    @Option(
        help: ArgumentHelp(
            "Send each case of MODEL as the JSON body of a request to a real endpoint, and compare its verdict "
                + "(2xx valid; 422 problem details' codes by path; another 4xx fails the case); repeatable; "
                + "the other cases are skipped, and counted "
                + "(docs/server.md).", valueName: "MODEL=METHOD:URL"), transform: Endpoint.argument)
    var endpoint: [Endpoint] = []

    @Option(help: ArgumentHelp("How long the implementation may take to answer one case.", valueName: "seconds"))
    var timeout: Double = 10

    @Flag(
        help: "Also report what the cases cover of the rules: codes, checks passed, boundaries (docs/testing-rules.md)."
    )
    var coverage = false

    @Option(help: ArgumentHelp("Write the coverage as JSON to FILE.", valueName: "file"))
    var coverageOutput: String?

    @Option(help: ArgumentHelp("Fail (exit 1) when the coverage is below PERCENT.", valueName: "percent"))
    var minCoverage: Double?

    @Flag(
        help: ArgumentHelp(
            "Fill in the expectation of every case that has only 'in:' with its current result; "
                + "--update=all also rewrites every expectation that differs from it, and lists what changed."))
    var update = false

    /// `--update=all`, which `Rulecheck.main` spells so for argument parser.
    @Flag(name: .customLong("update-all"), help: .hidden)
    var updateAll = false

    func validate() throws {
        if let implementation, implementation.unicodeScalars.allSatisfy(PinnedUnicode.isWhiteSpace) {
            throw ValidationError("--implementation takes a command, such as 'python3 impl.py'")
        }
        if !endpoint.isEmpty && implementation != nil {
            throw ValidationError("--endpoint and --implementation check different things; use one at a time")
        }
        if !(timeout > 0) { throw ValidationError("--timeout must be more than 0 seconds, not \(timeout)") }
        if let minCoverage, !(0...100).contains(minCoverage) {
            throw ValidationError("--min-coverage takes a percentage from 0 to 100, not \(minCoverage)")
        }
        if (update || updateAll) && (implementation != nil || !endpoint.isEmpty) {
            throw ValidationError(
                "--update records this rulecheck's results; it cannot be combined with --implementation")
        }
    }

    func run() throws {
        let output: ReportOutput
        do {
            output = try report.output.map(ReportOutput.file) ?? .standardOutput()
        } catch {
            DiagnosticPrinter.print([error])
            throw ExitCode(2)
        }
        let summary = runSpecs(reportingTo: output)
        do {
            try output.close()
        } catch {
            DiagnosticPrinter.print([error])
            throw ExitCode(2)
        }
        printTotals(of: summary)
        if summary.exitCode != 0 { throw ExitCode(summary.exitCode) }
        if coverage || coverageOutput != nil || minCoverage != nil {
            try reportCoverage(toStandardOutput: output.isTerminal || report.output != nil || report.format == .human)
        }
    }

    /// The options of the run, as the arguments say.
    private var runOptions: SpecRunOptions {
        var options = SpecRunOptions(
            jobs: report.jobs, filters: filter, shard: shard, failFast: failFast,
            implementation: implementation, timeout: timeout, update: update || updateAll)
        options.updateAll = updateAll
        for parsed in endpoint { options.endpoints[parsed.model] = parsed }
        return options
    }

    /// Runs the spec files, writing the report in its format to `output`, with a progress line on
    /// standard error when it is a terminal the report does not share.
    private func runSpecs(reportingTo output: ReportOutput) -> SpecRunner.Summary {
        let colors = output.isTerminal && TerminalStyle(fileDescriptor: STDOUT_FILENO).isEnabled
        // NB: the progress line shares no terminal line with the report: only when stdout goes elsewhere.
        let progress =
            TerminalStyle(fileDescriptor: STDERR_FILENO).isEnabled
                && (report.output != nil || isatty(STDOUT_FILENO) == 0)
            ? ProgressLine() : nil
        var runner = SpecRunner(
            options: runOptions,
            onDiagnostic: {
                progress?.clear()
                DiagnosticPrinter.print([$0])
            })
        if let progress { runner.onProgress = { progress.update(cases: $0) } }
        defer { progress?.clear() }
        switch report.format {
        case .human:
            var reporter = HumanReporter(output: output, colors: colors)
            return runner.run(paths, reporter: &reporter)
        case .json:
            var reporter = JSONReporter(output: output)
            return runner.run(paths, reporter: &reporter)
        case .junit:
            var reporter = JUnitReporter(output: output)
            return runner.run(paths, reporter: &reporter)
        case .tap:
            var reporter = TAPReporter(output: output)
            return runner.run(paths, reporter: &reporter)
        case .sarif:
            var reporter = SARIFReporter(output: output, version: Rulecheck.toolVersion)
            return runner.run(paths, reporter: &reporter)
        }
    }

    /// The counts on the terminal when the report went to a file, and what `--update` changed.
    private func printTotals(of summary: SpecRunner.Summary) {
        if report.output != nil {
            print(
                HumanReporter.counts(
                    passed: summary.passed, failed: summary.failed, errors: summary.errors, skipped: summary.skipped))
        }
        if update || updateAll {
            FileHandle.standardError.write(Data("filled in \(summary.recorded) expectations\n".utf8))
        }
        if updateAll {
            let changes = summary.rewritten.map { $0 + "\n" }.joined()
            FileHandle.standardError.write(Data((changes + "rewrote \(summary.rewritten.count) expectations\n").utf8))
        }
    }

    /// Measures and reports the coverage; exit 1 below `--min-coverage`.
    private func reportCoverage(toStandardOutput: Bool) throws {
        let (measured, diagnostics) = SpecCoverage.measure(paths)
        DiagnosticPrinter.print(diagnostics)
        if diagnostics.hasErrors { throw ExitCode(2) }
        let summary = CoverageReporter.human(measured)
        if toStandardOutput {
            print(summary, terminator: "")
        } else {
            FileHandle.standardError.write(Data(summary.utf8))
        }
        if let coverageOutput {
            try ReportOutput.write(CoverageReporter.json(measured), to: coverageOutput)
        }
        if let minCoverage, measured.percent < minCoverage {
            FileHandle.standardError.write(
                Data(
                    "rulecheck: error: coverage \(MutationReporter.percent(measured.percent)) is below --min-coverage \(minCoverage)\n"
                        .utf8))
            throw ExitCode(1)
        }
    }
}

extension Shard {
    /// `--shard K/N`, read once where the arguments are parsed.
    static func argument(_ text: String) throws -> Shard {
        guard let shard = Shard(text) else {
            throw ValidationError("share K of N takes 1 ≤ K ≤ N, such as 2/4")
        }
        return shard
    }
}

extension Endpoint {
    /// `--endpoint MODEL=METHOD:URL`, read once where the arguments are parsed.
    static func argument(_ text: String) throws -> Endpoint {
        do {
            return try Endpoint(text)
        } catch {
            throw ValidationError("\(error)")
        }
    }
}
