// swift-tools-version:6.1
// libFuzzer targets for rulecheck; never built by library users. Build and run them with `Fuzz/run.sh`,
// which passes `-sanitize=fuzzer,address` to every module, the root package's included.
import PackageDescription

let package = Package(
    name: "RulecheckFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "rulecheck", path: "..")],
    targets: [
        .target(name: "CFuzzerDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver"]),
        .executableTarget(
            name: "FuzzYAMLReader", dependencies: ["FuzzSupport", .product(name: "RuleYAML", package: "rulecheck")]),
        .executableTarget(
            name: "FuzzRuleFile", dependencies: ["FuzzSupport", .product(name: "RuleYAML", package: "rulecheck")]),
        .executableTarget(
            name: "FuzzSpecFile",
            dependencies: [
                "FuzzSupport", .product(name: "RuleSpec", package: "rulecheck"),
                .product(name: "RuleYAML", package: "rulecheck"), .product(name: "RuleCore", package: "rulecheck"),
            ]),
        .executableTarget(
            name: "FuzzValidators",
            dependencies: [
                "FuzzSupport", .product(name: "RuleCore", package: "rulecheck"),
                .product(name: "RuleYAML", package: "rulecheck"),
            ]),
        .executableTarget(
            name: "FuzzPattern", dependencies: ["FuzzSupport", .product(name: "RuleCore", package: "rulecheck")]),
        .executableTarget(
            name: "FuzzJSONReader", dependencies: ["FuzzSupport", .product(name: "RuleCore", package: "rulecheck")]),
    ]
)
