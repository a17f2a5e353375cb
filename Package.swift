// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "rulecheck",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "RuleCore", targets: ["RuleCore"]),
        .library(name: "RuleYAML", targets: ["RuleYAML"]),
        .library(name: "RuleSpec", targets: ["RuleSpec"]),
        .executable(name: "rulecheck", targets: ["rulecheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2")
    ],
    targets: [
        // Core
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "RuleCore"),
        .target(name: "RuleYAML", dependencies: ["RuleCore", "CLibYAML"]),
        .target(name: "RuleSpec", dependencies: ["RuleCore", "RuleYAML"]),
        // Tools
        .executableTarget(
            name: "rulecheck",
            dependencies: ["RuleCore", "RuleYAML", "RuleSpec", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Tests
        .target(name: "RuleTestSupport", path: "Tests/RuleTestSupport"),
        .testTarget(name: "RuleCoreTests", dependencies: ["RuleCore"], resources: [.copy("Conformance")]),
        .testTarget(name: "RuleYAMLTests", dependencies: ["RuleYAML", "RuleCore", "RuleTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "RuleSpecTests", dependencies: ["RuleSpec", "RuleYAML", "RuleCore", "RuleTestSupport"]),
        .testTarget(name: "HostileInputTests", dependencies: ["RuleCore", "RuleYAML", "RuleSpec", "RuleTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "EndToEndTests", dependencies: ["RuleTestSupport", "rulecheck"]),
    ]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
