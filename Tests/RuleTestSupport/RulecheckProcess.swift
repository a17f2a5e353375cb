public import Foundation

/// What a run of the built `rulecheck` binary printed and returned.
public struct RunResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs the `rulecheck` binary that `swift build` put beside the test bundle.
public enum Rulecheck {
    /// The built binary: next to the test products in `.build/<configuration>/`.
    public static var binary: URL {
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: folder.appendingPathComponent("rulecheck").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("rulecheck")
    }

    /// Runs `rulecheck arguments…` in `directory` with `stdin` as input and `NO_COLOR` set,
    /// and waits for it.
    public static func run(
        _ arguments: [String], in directory: URL, stdin: String = "", environment: [String: String] = [:]
    ) throws -> RunResult {
        try run(arguments, in: directory, stdin: Data(stdin.utf8), environment: environment)
    }

    /// Runs `rulecheck arguments…` in `directory` with the bytes of `stdin` as input, which need
    /// not be UTF-8, and `NO_COLOR` set, and waits for it.
    public static func run(
        _ arguments: [String], in directory: URL, stdin: Data, environment: [String: String] = [:]
    ) throws -> RunResult {
        try Subprocess.run(
            binary, arguments, in: directory, stdin: stdin, environment: ["NO_COLOR": "1"].merging(environment) { $1 })
    }
}

/// Runs programs for tests.
public enum Subprocess {
    /// Runs `executable arguments…` in `directory` (default: the current one) with `stdin` as
    /// input and `environment` added to ours, and waits for it.
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, stdin: String = "",
        environment: [String: String] = [:]
    ) throws -> RunResult {
        try run(executable, arguments, in: directory, stdin: Data(stdin.utf8), environment: environment)
    }

    /// Runs `executable arguments…` in `directory` (default: the current one) with the bytes of
    /// `stdin` as input and `environment` added to ours, and waits for it.
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, stdin: Data,
        environment: [String: String] = [:]
    ) throws -> RunResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // NB: read stdout and stderr on other threads while writing stdin, or a full pipe buffer deadlocks the child.
        let errorData = Buffer()
        let outputData = Buffer()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorData.data = error.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) {
            outputData.data = output.fileHandleForReading.readDataToEndOfFile()
        }
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return RunResult(
            status: process.terminationStatus, stdout: String(decoding: outputData.data, as: UTF8.self),
            stderr: String(decoding: errorData.data, as: UTF8.self))
    }

    /// The program `name` on the `PATH`, when there is one.
    public static func program(_ name: String) -> URL? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// `python3` on the `PATH`, when there is one.
    public static var python: URL? { program("python3") }

    /// Whether `python3` can import every one of `modules`.
    public static func pythonHas(_ modules: String...) -> Bool {
        guard let python else { return false }
        let imports = modules.map { "import \($0)" }.joined(separator: "; ")
        return (try? run(python, ["-c", imports]).status) == 0
    }

    private final class Buffer: @unchecked Sendable {
        var data = Data()  // written by one thread, read after the group's wait
    }
}
