// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "rulecheck",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "RuleCore", targets: ["RuleCore"]),
        .library(name: "RuleTooling", targets: ["RuleTooling"]),
        .library(name: "RuleYAML", targets: ["RuleYAML"]),
        .library(name: "RuleSpec", targets: ["RuleSpec"]),
        .library(name: "RuleExport", targets: ["RuleExport"]),
        .library(name: "RuleGen", targets: ["RuleGen"]),
        // NB: empty unless the trait Hummingbird is enabled, so that library users never build Hummingbird.
        .library(name: "RuleHummingbird", targets: ["RuleHummingbird"]),
        // NB: empty unless the trait Vapor is enabled, so that library users never build Vapor.
        .library(name: "RuleVapor", targets: ["RuleVapor"]),
        .executable(name: "rulecheck", targets: ["rulecheck"]),
        .plugin(name: "RuleGenPlugin", targets: ["RuleGenPlugin"]),
    ],
    traits: [
        .trait(name: "Hummingbird", description: "RuleHummingbird: validate request bodies in a Hummingbird 2 server."),
        .trait(name: "Vapor", description: "RuleVapor: validate request bodies in a Vapor 4 server."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        .package(url: "https://github.com/vapor/vapor", exact: "4.122.3"),
    ],
    targets: [
        // Core
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // NB: zlib, for `rulecheck audit`'s .gz files: no pkg-config, since macOS ships zlib in its SDK.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // NB: mmap with a SIGBUS guard, in C: a signal handler must not run Swift code.
        .target(name: "CFileMapping"),
        .target(name: "RuleCore"),
        // NB: what tools need and no app does (lint, mutation, the checks' consumer tables), out of what apps link.
        .target(name: "RuleTooling", dependencies: ["RuleCore"]),
        .target(name: "RuleYAML", dependencies: ["RuleCore", "CLibYAML", "CFileMapping"]),
        .target(name: "RuleSpec", dependencies: ["RuleCore", "RuleTooling", "RuleYAML"]),
        .target(name: "RuleExport", dependencies: ["RuleCore", "RuleTooling"]),
        .target(name: "RuleGen", dependencies: ["RuleCore"]),
        // NB: `rulecheck diff`'s comparison by meaning; tools only, never linked by apps.
        .target(name: "RuleDiff", dependencies: ["RuleCore", "RuleTooling", "RuleYAML", "RuleSpec"]),
        // NB: `rulecheck audit`: stored records (JSON Lines, CSV) against the rules; tools only.
        .target(name: "RuleAudit", dependencies: ["RuleCore", "RuleSpec", "CZlib"]),
        // NB: `rulecheck lsp`: the Language Server Protocol over stdio, its framing and types written here; tools only.
        .target(name: "RuleLSP", dependencies: ["RuleCore", "RuleTooling", "RuleYAML", "RuleSpec", "RuleGen"]),
        .target(
            name: "RuleHummingbird",
            dependencies: [
                "RuleCore",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["Hummingbird"])),
            ]
        ),
        .target(
            name: "RuleVapor",
            dependencies: [
                "RuleCore",
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
            ]
        ),
        // Tools
        .executableTarget(
            name: "rulecheck",
            dependencies: [
                "RuleCore", "RuleTooling", "RuleYAML", "RuleSpec", "RuleExport", "RuleGen", "RuleDiff", "RuleAudit",
                "RuleLSP", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(name: "RuleGenPlugin", capability: .buildTool(), dependencies: ["rulecheck"]),
        // Tests
        .target(name: "RuleTestSupport", path: "Tests/RuleTestSupport"),
        .testTarget(name: "RuleCoreTests", dependencies: ["RuleCore"]),
        .testTarget(name: "RuleToolingTests", dependencies: ["RuleTooling", "RuleCore"]),
        .testTarget(
            name: "RuleYAMLTests", dependencies: ["RuleYAML", "RuleCore", "RuleTestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "RuleSpecTests", dependencies: ["RuleSpec", "RuleYAML", "RuleCore", "RuleTooling", "RuleTestSupport"]),
        .testTarget(name: "RuleLSPTests", dependencies: ["RuleLSP", "RuleCore"]),
        .testTarget(name: "RuleAuditTests", dependencies: ["RuleAudit", "RuleCore", "RuleYAML"]),
        .testTarget(
            name: "RuleExportTests",
            dependencies: ["RuleExport", "RuleSpec", "RuleYAML", "RuleCore", "RuleTooling", "RuleTestSupport"],
            exclude: ["Golden", "Scripts"]),
        .testTarget(
            name: "RuleGenTests", dependencies: ["RuleGen", "RuleExport", "RuleYAML", "RuleCore", "RuleTestSupport"]),
        // NB: Golden/ holds the output for rules/ and Features/rules/, which RuleGenTests compares and this compiles.
        .testTarget(
            name: "GeneratedCodeTests", dependencies: ["RuleCore", "RuleYAML", "RuleSpec", "RuleTestSupport"],
            exclude: ["Features"]),
        .testTarget(
            name: "HostileInputTests", dependencies: ["RuleCore", "RuleYAML", "RuleSpec", "RuleTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["RuleTestSupport", "RuleCore", "rulecheck"], exclude: ["Fixtures"]),
    ]
)

for target in package.targets where target.type != .system && target.type != .plugin && target.name != "CFileMapping" {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
