// swift-tools-version:6.1
import PackageDescription

// The seed task's OpenAPI document, exported by `rulecheck export openapi`, through Apple's
// swift-openapi-generator, whose `typeOverrides` (from `rulecheck export openapi-config`) put the
// value objects that `RuleGenPlugin` generates in place of its own types: a request body decodes
// only when the rules accept it, and a rejected one says the rule's code.
let package = Package(
    name: "OpenAPIApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        // NB: `name:` names the package whatever folder the repository is cloned into.
        .package(name: "rulecheck", path: "../.."),
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
    ],
    targets: [
        // The value objects, in a module of their own so that `typeOverrides` can name them
        // `TaskRules.TaskTitle` beside the generator's `Components.Schemas.TaskTitle`.
        .target(
            name: "TaskRules",
            dependencies: [.product(name: "RuleCore", package: "rulecheck")],
            plugins: [.plugin(name: "RuleGenPlugin", package: "rulecheck")]
        ),
        .target(
            name: "OpenAPIApp",
            dependencies: [
                "TaskRules",
                .product(name: "RuleCore", package: "rulecheck"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .testTarget(
            name: "OpenAPIAppTests",
            dependencies: [
                "OpenAPIApp", "TaskRules",
                .product(name: "RuleCore", package: "rulecheck"),
                .product(name: "RuleYAML", package: "rulecheck"),
                .product(name: "RuleExport", package: "rulecheck"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
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
