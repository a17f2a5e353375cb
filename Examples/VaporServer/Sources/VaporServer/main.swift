import Foundation
import Vapor
import VaporServerApp

// VaporServer [--rules FOLDER] [--host HOST] [--port PORT] [--test-today yes]: the seeds' endpoints
// on the rules in FOLDER; `--test-today yes` (drift checks only, never in production) takes today
// from a request's Rulecheck-Today header (docs/server.md).

/// Serves until the process is stopped.
func serve(_ options: ServerOptions) async throws {
    let rules = try VaporServerApp.rules(in: options.rules)
    // NB: Vapor's own command line is not used: the options above are the server's.
    let app = try await Application.make(.production)
    VaporServerApp.configure(app, rules: rules, honoringTestToday: options.honoringTestToday)
    try await app.server.start(address: .hostname(options.host, port: options.port))
    try await app.server.onShutdown.get()
    try await app.asyncShutdown()
}

do {
    try await serve(ServerOptions.parse(CommandLine.arguments.dropFirst(), program: "VaporServer").get())
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
