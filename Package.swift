// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "rulecheck",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "RuleCore", targets: ["RuleCore"]),
        .library(name: "RuleYAML", targets: ["RuleYAML"]),
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
        // Tests
        .testTarget(name: "RuleCoreTests", dependencies: ["RuleCore"], resources: [.copy("Conformance")]),
        .testTarget(name: "RuleYAMLTests", dependencies: ["RuleYAML", "RuleCore"]),
    ]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
