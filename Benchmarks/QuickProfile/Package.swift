// swift-tools-version:6.1
import PackageDescription

// ValidatorProfile without the benchmark package and the build plugin, whose release build of
// rulecheck takes longer than a loaded machine gives: the same main.swift and baselines (linked),
// and the seed rules' generated code from the goldens GeneratedCodeTests keeps current (linked).
// `QUICK=1 ../callgrind.sh` counts with it (docs/performance.md).
let package = Package(
    name: "QuickProfile",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "rulecheck", path: "../..")],
    targets: [
        .target(name: "Baselines"),
        .target(name: "SeedValueObjects", dependencies: [.product(name: "RuleCore", package: "rulecheck")]),
        .executableTarget(
            name: "ValidatorProfile",
            dependencies: [
                "Baselines", "SeedValueObjects", .product(name: "RuleCore", package: "rulecheck"),
                .product(name: "RuleYAML", package: "rulecheck"),
            ]
        ),
    ]
)
