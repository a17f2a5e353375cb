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

    @Option(help: "Run only the cases of this type or model, or whose name contains this text.")
    var filter: String?

    @Option(help: ArgumentHelp("Run only share K of N, a stable partition of all cases.", valueName: "K/N"))
    var shard: String?

    @Flag(help: "Stop after the first failing case.")
    var failFast = false

    func validate() throws {
        if let shard, Shard(shard) == nil {
            throw ValidationError("--shard takes K/N with 1 ≤ K ≤ N, such as 2/4; found '\(shard)'")
        }
    }

    func run() throws {
        let options = SpecRunOptions(jobs: report.jobs, filter: filter, shard: shard.flatMap(Shard.init), failFast: failFast)
        let output: ReportOutput
        do {
            output = try report.output.map(ReportOutput.file) ?? .standardOutput()
        } catch {
            DiagnosticPrinter.print([error])
            throw ExitCode(2)
        }
        let colors = output.isTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        let runner = SpecRunner(options: options, onDiagnostic: { DiagnosticPrinter.print([$0]) })
        let summary: SpecRunner.Summary
        switch report.format {
        case .human:
            var reporter = HumanReporter(output: output, colors: colors)
            summary = runner.run(paths, reporter: &reporter)
        case .json:
            var reporter = JSONReporter(output: output)
            summary = runner.run(paths, reporter: &reporter)
        case .junit:
            var reporter = JUnitReporter(output: output)
            summary = runner.run(paths, reporter: &reporter)
        case .tap:
            var reporter = TAPReporter(output: output)
            summary = runner.run(paths, reporter: &reporter)
        }
        do {
            try output.close()
        } catch {
            DiagnosticPrinter.print([error])
            throw ExitCode(2)
        }
        if report.output != nil { print("\(summary.passed) passed, \(summary.failed) failed") }
        if summary.exitCode != 0 { throw ExitCode(summary.exitCode) }
    }
}
