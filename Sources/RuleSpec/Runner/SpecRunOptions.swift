import Foundation
public import RuleCore
public import RuleYAML

/// What to run and how: parallelism, the selection of cases, and the reader's limits.
public struct SpecRunOptions: Sendable {
    /// How many threads validate cases; with more than one, reading runs ahead on a thread of its own.
    public var jobs: Int
    /// Run only the cases that some filter selects: a filter is a type or model's name, text in a
    /// case's name, or text in its label as reports print it (`TaskTitle: in "  a  "`); none runs all.
    public var filters: [String]
    /// Run only this share of the cases.
    public var shard: Shard?
    /// Stop after the first failing case.
    public var failFast: Bool
    /// A command that starts another implementation of the rules, which validates every case
    /// over the conformance protocol instead of this library (`docs/conformance.md`).
    public var implementation: String?
    /// How long the implementation may take to answer one case, in seconds.
    public var timeout: Double
    /// Fill in the expectation of every case that has none with its current result, rewriting
    /// its file with nothing else changed.
    public var update: Bool
    /// `--endpoint`: the models whose cases go to real endpoints, by model; only their cases run.
    public var endpoints: [String: Endpoint] = [:]
    /// Also rewrite every expectation that differs from the current result (`--update=all`).
    public var updateAll = false
    /// The limits for reading rule files; ``YAMLLimits/default`` unless changed.
    public var ruleLimits = YAMLLimits.default
    /// The limits for reading spec files; ``YAMLLimits/specFile`` unless changed.
    public var specLimits = YAMLLimits.specFile
    /// The implementations of the rules' custom checks (format 1.3): cases of a type using one with
    /// none here are an error, unless ``implementation`` runs them.
    public var customChecks = CustomChecks()

    /// Creates options; by default every case runs, on every core, against this library.
    public init(
        jobs: Int? = nil, filters: [String] = [], shard: Shard? = nil, failFast: Bool = false,
        implementation: String? = nil,
        timeout: Double = 10, update: Bool = false
    ) {
        self.jobs = max(1, jobs ?? SpecRunOptions.cores)
        self.filters = filters
        self.shard = shard
        self.failFast = failFast
        self.implementation = implementation
        self.timeout = timeout
        self.update = update
    }

    /// The machine's active cores.
    public static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    func selects(_ specCase: SpecCase, file: String) -> Bool {
        if !filters.isEmpty, !filters.contains(where: { specCase.matches($0) }) { return false }
        return shard?.contains(file: file, ordinal: specCase.ordinal) ?? true
    }
}
