// swift-tools-version:6.1
import PackageDescription

// The seeds' login and ToDo screens, as view models over value objects that `RuleGenPlugin`
// generates from `Sources/TaskApp/rules/` on every build.
let package = Package(
    name: "TaskApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        // NB: `name:` names the package whatever folder the repository is cloned into.
        .package(name: "rulecheck", path: "../..")
    ],
    targets: [
        .target(
            name: "TaskApp",
            dependencies: [.product(name: "RuleCore", package: "rulecheck")],
            plugins: [.plugin(name: "RuleGenPlugin", package: "rulecheck")]
        ),
        .testTarget(name: "TaskAppTests", dependencies: ["TaskApp", .product(name: "RuleCore", package: "rulecheck")]),
    ]
)

for target in package.targets {
    target.swiftSettings = [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
