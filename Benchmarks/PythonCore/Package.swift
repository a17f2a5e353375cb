// swift-tools-version:6.1
import PackageDescription

// A prototype (issue 39, speed): the Swift engine behind a C ABI, as a shared library that the
// Python package loads with ctypes when present. A separate package, so that `swift build` of
// rulecheck never builds it. Build: `swift build -c release` here (docs/performance.md, "Python").
let package = Package(
    name: "RulecheckPythonCore",
    products: [
        .library(name: "RulecheckPythonCore", type: .dynamic, targets: ["RulecheckPythonCore"])
    ],
    dependencies: [.package(name: "rulecheck", path: "../..")],
    targets: [
        .target(
            name: "RulecheckPythonCore",
            dependencies: [
                "CPythonABI", .product(name: "RuleCore", package: "rulecheck"),
                .product(name: "RuleYAML", package: "rulecheck"),
            ]
        ),
        // NB: declarations of CPython's stable ABI, resolved in the Python process; no Python headers.
        .target(name: "CPythonABI"),
    ]
)
