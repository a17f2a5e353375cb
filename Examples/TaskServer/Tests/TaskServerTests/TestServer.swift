import Foundation
import Hummingbird
import RuleCore
import TaskServerApp

/// The example server (Hummingbird 2), and a deliberately wrong one, running on 127.0.0.1 for the
/// whole test run; the servers and requests are in `TestServer+Shared.swift`.
enum TestServer {
    static func start(
        rulesFolder: String, clock: @escaping @Sendable () -> Date = { now }, testMode: Bool = false
    ) async throws -> Int {
        let rules = try TaskServerApp.rules(in: rulesFolder)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = TaskServerApp.application(
            rules: rules, host: "127.0.0.1", port: 0, clock: clock, timeZone: TimeZone(identifier: "UTC")!,
            honoringTestToday: testMode, onServerRunning: { continuation.yield($0) })
        // NB: runs until the test process ends.
        Task.detached { try await app.runService() }
        for await port in ports { return port }
        throw CancellationError()
    }
}
