import ArgumentParser
import RuleSpec

/// The report formats of `rulecheck test`.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case human, json, junit, tap, sarif
}

/// How a run reports and how many cases it validates at once.
struct ReportOptions: ParsableArguments {
    @Option(help: "The report format: human, json, junit, tap or sarif (SARIF 2.1.0, for code scanning).")
    var format: ReportFormat = .human

    @Option(
        help: ArgumentHelp(
            "Write the report to FILE (replaced atomically) instead of standard output.", valueName: "file"))
    var output: String?

    @Option(
        help: """
            How many threads validate cases (default: the number of cores); with more than one, \
            cases are read ahead on a thread of their own, and libyaml parses a spec file of a \
            megabyte or more on another, beside which one job fewer validates. Reports keep file \
            and case order.
            """)
    var jobs: Int?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs)") }
    }
}
