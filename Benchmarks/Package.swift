// swift-tools-version:6.1
import PackageDescription

// A separate package, so that users of the library never build the benchmark tooling.
// Run from this folder: `swift package benchmark` (see docs/performance.md).
let package = Package(
    name: "RulecheckBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "rulecheck", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "SeedValueObjects",
            dependencies: [.product(name: "RuleCore", package: "rulecheck")],
            path: "Benchmarks/SeedValueObjects",
            plugins: [.plugin(name: "RuleGenPlugin", package: "rulecheck")]
        ),
        // The baselines every rule is measured against: seeded inputs, hand-tuned and seed-style code.
        .target(name: "Baselines", path: "Benchmarks/Baselines"),
        // One rule validated one way, for callgrind's instruction counts (callgrind.sh).
        .executableTarget(
            name: "ValidatorProfile",
            dependencies: [
                "Baselines", "SeedValueObjects", .product(name: "RuleCore", package: "rulecheck"),
                .product(name: "RuleYAML", package: "rulecheck"),
            ],
            path: "Benchmarks/ValidatorProfile"
        ),
        // The example server's invalid sign-up without the server, for callgrind (problem-details.sh).
        .executableTarget(
            name: "ProblemDetailsProfile",
            dependencies: [
                .product(name: "RuleCore", package: "rulecheck"), .product(name: "RuleYAML", package: "rulecheck"),
            ],
            path: "Benchmarks/ProblemDetailsProfile"
        ),
        .executableTarget(
            name: "ValidatorBenchmarks",
            dependencies: [
                "Baselines",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "RuleCore", package: "rulecheck"),
                .product(name: "RuleYAML", package: "rulecheck"),
                "SeedValueObjects",
            ],
            path: "Benchmarks/ValidatorBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
