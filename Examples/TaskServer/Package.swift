// swift-tools-version:6.1
import PackageDescription

// The seeds' sign-up and task endpoints on a Hummingbird 2 server that validates every request body
// with the repository's rules through RuleHummingbird, the package's trait-gated library.
let package = Package(
    name: "TaskServer",
    platforms: [.macOS(.v14)],
    dependencies: [
        // NB: `name:` names the package whatever folder the repository is cloned into.
        .package(name: "rulecheck", path: "../..", traits: ["Hummingbird"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    ],
    targets: [
        .target(
            name: "TaskServerApp",
            dependencies: [
                .product(name: "RuleCore", package: "rulecheck"),
                .product(name: "RuleYAML", package: "rulecheck"),
                .product(name: "RuleHummingbird", package: "rulecheck"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(name: "TaskServer", dependencies: ["TaskServerApp"]),
        .testTarget(
            name: "TaskServerTests",
            dependencies: [
                "TaskServerApp",
                .product(name: "RuleCore", package: "rulecheck"),
                .product(name: "RuleSpec", package: "rulecheck"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
    ]
)

for target in package.targets {
    target.swiftSettings = [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
