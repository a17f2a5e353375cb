import Foundation
import Hummingbird
import TaskServerApp

// TaskServer [--rules FOLDER] [--host HOST] [--port PORT] [--test-today yes]: the seeds' endpoints on
// the rules in FOLDER; `--test-today yes` (drift checks only, never in production) takes today from a
// request's Rulecheck-Today header (docs/server.md).
do {
    let options = try ServerOptions.parse(CommandLine.arguments.dropFirst(), program: "TaskServer").get()
    let rules = try TaskServerApp.rules(in: options.rules)
    try await TaskServerApp.application(
        rules: rules, host: options.host, port: options.port, honoringTestToday: options.honoringTestToday
    ).runService()
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
