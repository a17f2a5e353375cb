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
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"].merging(environment) { $1 }) { $1 }
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        // NB: read stderr on another thread while reading stdout, or a full pipe buffer deadlocks the child.
        let errorData = ErrorBuffer()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorData.data = error.fileHandleForReading.readDataToEndOfFile() }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return RunResult(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: errorData.data, as: UTF8.self))
    }

    private final class ErrorBuffer: @unchecked Sendable {
        var data = Data()  // written by one thread, read after the group's wait
    }
}
