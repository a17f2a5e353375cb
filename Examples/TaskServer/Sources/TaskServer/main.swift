import Foundation
import Hummingbird
import TaskServerApp

// TaskServer [--rules FOLDER] [--host HOST] [--port PORT] [--test-today yes]: the seeds' endpoints on
// the rules in FOLDER; `--test-today yes` (drift checks only, never in production) takes today from a
// request's Rulecheck-Today header (docs/server.md).
var options: [String: String] = ["--rules": "rules", "--host": "127.0.0.1", "--port": "8080", "--test-today": "no"]
var arguments = CommandLine.arguments.dropFirst()
while let name = arguments.popFirst() {
    guard options[name] != nil, let value = arguments.popFirst() else {
        FileHandle.standardError.write(
            Data("usage: TaskServer [--rules FOLDER] [--host HOST] [--port PORT] [--test-today yes|no]\n".utf8))
        exit(2)
    }
    options[name] = value
}
guard ["yes", "no"].contains(options["--test-today"]!) else {
    FileHandle.standardError.write(Data("error: --test-today takes yes or no\n".utf8))
    exit(2)
}
guard let port = Int(options["--port"]!), (0...65535).contains(port) else {
    FileHandle.standardError.write(Data("error: --port takes a number from 0 to 65535\n".utf8))
    exit(2)
}
do {
    let rules = try TaskServerApp.rules(in: options["--rules"]!)
    try await TaskServerApp.application(
        rules: rules, host: options["--host"]!, port: port, honoringTestToday: options["--test-today"] == "yes"
    ).runService()
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
