import Foundation
import PackagePlugin

/// Runs `rulecheck generate swift` on a target's rule files before the target compiles: the files
/// in its `rules/` folder, or else every `.yaml` and `.yml` file of the target.
///
/// It only finds files and builds the command line; the build reruns it when a rule file changes.
@main
struct RuleGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let yamlFiles = module.sourceFiles.map(\.url).filter { ["yaml", "yml"].contains($0.pathExtension) }
        let folder = module.directoryURL.appending(path: "rules")
        let inFolder = yamlFiles.filter { $0.path.hasPrefix(folder.path + "/") }
        let inputs = inFolder.isEmpty ? yamlFiles : inFolder
        guard !inputs.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")
        // NB: named as `rulecheck` names them: by the path inside `rules/`, else by the file's name.
        let outputs = inputs.map { file in
            let name = inFolder.isEmpty ? file.lastPathComponent : String(file.path.dropFirst(folder.path.count + 1))
            return output.appending(path: OutputNaming.swiftFileName(forRuleFile: name))
        }
        let rules = inFolder.isEmpty ? inputs.map(\.path) : [folder.path]
        return [
            .buildCommand(
                displayName: "Generating Swift value objects for \(module.name) from \(inputs.count) rule files",
                executable: try context.tool(named: "rulecheck").url,
                arguments: ["generate", "swift"] + rules + ["--output", output.path],
                inputFiles: inputs,
                outputFiles: outputs)
        ]
    }
}
