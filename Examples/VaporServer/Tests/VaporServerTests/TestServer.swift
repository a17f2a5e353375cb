import Foundation
import RuleCore
import Vapor
import VaporServerApp

/// The example server (Vapor 4), and a deliberately wrong one, running on 127.0.0.1 for the whole
/// test run; the servers and requests are in `TestServer+Shared.swift`, and `ServerTests.swift`,
/// `DriftCheckTests.swift` and that file are `Examples/TaskServer`'s own (symbolic links): the same
/// requests, answers and drift checks hold the Vapor server to what the Hummingbird one does.
enum TestServer {
    static func start(
        rulesFolder: String, clock: @escaping @Sendable () -> Date = { now }, testMode: Bool = false
    ) async throws -> Int {
        let rules = try VaporServerApp.rules(in: rulesFolder)
        let app = try await Application.make(.testing)
        app.logger.logLevel = .error
        VaporServerApp.configure(
            app, rules: rules, clock: clock, timeZone: TimeZone(identifier: "UTC")!, honoringTestToday: testMode)
        // NB: runs until the test process ends.
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        guard let port = app.http.server.shared.localAddress?.port else { throw CancellationError() }
        // NB: kept until the process ends: an Application freed before its shutdown traps.
        _ = Unmanaged.passRetained(app)
        return port
    }
}
