import Foundation
import RuleGen
import Testing

@Suite struct OutputNamingTests {
    struct Naming: Sendable, CustomTestStringConvertible {
        var path: String
        var argument: String
        var displayPath: String
        var outputName: String
        var testDescription: String { "\(path) found in \(argument)" }
    }

    @Test(
        "rule files are named by their place in their rules folder",
        arguments: [
            Naming(
                path: "rules/task.yaml", argument: "rules", displayPath: "rules/task.yaml",
                outputName: "task.rules.swift"),
            Naming(
                path: "rules/task.yaml", argument: "rules/", displayPath: "rules/task.yaml",
                outputName: "task.rules.swift"),
            Naming(
                path: "rules/auth/login.yml", argument: "rules", displayPath: "rules/auth/login.yml",
                outputName: "auth_login.rules.swift"),
            Naming(
                path: "/work/App/Sources/App/rules/task.yaml", argument: "/work/App/Sources/App/rules",
                displayPath: "rules/task.yaml",
                outputName: "task.rules.swift"),
            Naming(path: "./task.yaml", argument: ".", displayPath: "task.yaml", outputName: "task.rules.swift"),
            Naming(
                path: "rules/task.yaml", argument: "rules/task.yaml", displayPath: "rules/task.yaml",
                outputName: "task.rules.swift"),
            Naming(
                path: "./rules/task.yaml", argument: "./rules/task.yaml", displayPath: "rules/task.yaml",
                outputName: "task.rules.swift"),
            Naming(
                path: "/work/App/task.rules.yaml", argument: "/work/App/task.rules.yaml",
                displayPath: "task.rules.yaml", outputName: "task.rules.rules.swift"),
        ])
    func naming(_ naming: Naming) {
        let source = RuleSource(path: naming.path, foundIn: naming.argument)
        #expect(source.displayPath == naming.displayPath)
        #expect(source.outputName == naming.outputName)
    }

    @Test func thePluginsCopyOfOutputNamingIsTheSame() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
            .standardizedFileURL
        let original = try Data(contentsOf: root.appendingPathComponent("Sources/RuleGen/OutputNaming.swift"))
        let copy = try Data(contentsOf: root.appendingPathComponent("Plugins/RuleGenPlugin/OutputNaming.swift"))
        #expect(copy == original, "copy Sources/RuleGen/OutputNaming.swift to Plugins/RuleGenPlugin/")
    }
}
