import Foundation
import Vapor
import VaporServerApp

// VaporServer [--rules FOLDER] [--host HOST] [--port PORT] [--test-today yes]: the seeds' endpoints
// on the rules in FOLDER; `--test-today yes` (drift checks only, never in production) takes today
// from a request's Rulecheck-Today header (docs/server.md).
var options: [String: String] = ["--rules": "rules", "--host": "127.0.0.1", "--port": "8080", "--test-today": "no"]
var arguments = CommandLine.arguments.dropFirst()
while let name = arguments.popFirst() {
    guard options[name] != nil, let value = arguments.popFirst() else {
        FileHandle.standardError.write(
            Data("usage: VaporServer [--rules FOLDER] [--host HOST] [--port PORT] [--test-today yes|no]\n".utf8))
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
/// Serves until the process is stopped.
func serve(rulesFolder: String, host: String, port: Int, honoringTestToday: Bool) async throws {
    let rules = try VaporServerApp.rules(in: rulesFolder)
    // NB: Vapor's own command line is not used: the options above are the server's.
    let app = try await Application.make(.production)
    VaporServerApp.configure(app, rules: rules, honoringTestToday: honoringTestToday)
    try await app.server.start(address: .hostname(host, port: port))
    try await app.server.onShutdown.get()
    try await app.asyncShutdown()
}

do {
    try await serve(
        rulesFolder: options["--rules"]!, host: options["--host"]!, port: port,
        honoringTestToday: options["--test-today"] == "yes")
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
