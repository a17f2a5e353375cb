import Foundation
import Hummingbird
import RuleCore
import TaskServerApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The example server, and a deliberately wrong one, running on 127.0.0.1 for the whole test run.
enum TestServer {
    /// The repository's root, found from this file.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// 2026-11-22T20:00:00Z: the 22nd in UTC, the server's time zone, and the 23rd in Tokyo.
    static let now = Date(timeIntervalSince1970: 1_795_377_600)

    /// The server on the repository's rules; its port.
    static let right = Task { try await start(rulesFolder: root.appendingPathComponent("rules").path) }

    /// The server on the repository's rules and the real clock, in the test mode that takes today
    /// from a drift check's `Rulecheck-Today` header; its port.
    static let testMode = Task {
        try await start(rulesFolder: root.appendingPathComponent("rules").path, clock: { Date() }, testMode: true)
    }

    /// A server whose task titles may have 25 characters instead of 20; its port.
    static let wrong = Task { () throws -> Int in
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wrong-rules-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in ["login.yaml", "signup.yaml", "task.yaml"] {
            var text = try String(contentsOf: root.appendingPathComponent("rules/\(file)"), encoding: .utf8)
            if file == "task.yaml" { text = text.replacingOccurrences(of: "max: 20", with: "max: 25") }
            try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        return try await start(rulesFolder: folder.path)
    }

    private static func start(
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

    /// A real HTTP request to `path` on the server on `port`.
    static func request(
        _ path: String, method: String = "POST", port: Int, body: Data, headers: [String: String] = [:]
    ) async throws -> (status: Int, headers: [String: String], body: Data) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields["\(name)".lowercased()] = "\(value)" }
        return (http.statusCode, fields, data)
    }
}
