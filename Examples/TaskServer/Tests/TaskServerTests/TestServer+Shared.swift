import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The servers the tests run against, whatever the framework: `Examples/TaskServer`'s and
/// `Examples/VaporServer`'s `TestServer.swift` each start theirs (`start(rulesFolder:clock:testMode:)`),
/// and this file, the same in both (a symbolic link), with `TaskServerTests.swift` and
/// `DriftCheckTests.swift`, holds both servers to the same requests, answers and drift checks.
extension TestServer {
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
