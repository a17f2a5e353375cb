// swift-tools-version:6.1
// Builds rulecheck's DocC documentation with swift-docc-plugin, which this package depends on so that
// the library's own package does not: an app that depends on rulecheck never resolves the plugin.
import PackageDescription

let package = Package(
    name: "rulecheck-docs",
    dependencies: [
        .package(name: "rulecheck", path: ".."),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
    ],
    targets: []
)
