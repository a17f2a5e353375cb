import ArgumentParser
import Foundation
import RuleExport

/// `rulecheck export runtime-data --js FILE --python FILE`: the engine's knowledge that the
/// JavaScript and Python runtimes read, written from the Swift source (hidden: for this repository).
struct ExportRuntimeDataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "runtime-data",
        abstract: "Write the runtimes' generated data: checks, bounds, normalizers, dates, problem texts.",
        shouldDisplay: false)

    @Option(help: "The JavaScript module to write, such as runtimes/js/src/rulecheck-data.js.")
    var js: String?

    @Option(help: "The Python module to write, such as runtimes/python/src/rulecheck_runtime/_rulecheck_data.py.")
    var python: String?

    func run() throws {
        guard js != nil || python != nil else { throw ValidationError("give --js FILE, --python FILE, or both") }
        if let js { try Data(RuntimeData.javaScript.utf8).write(to: URL(fileURLWithPath: js)) }
        if let python { try Data(RuntimeData.python.utf8).write(to: URL(fileURLWithPath: python)) }
    }
}
