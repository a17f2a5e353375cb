public import Foundation

/// A fresh folder under the system's temporary directory, removed when the value is released.
public final class TemporaryFolder: Sendable {
    /// The folder.
    public let url: URL

    /// Creates an empty folder.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `text` to `path` inside the folder, creating folders on the way, and returns its URL.
    @discardableResult
    public func write(_ text: String, to path: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The text of the file at `path` inside the folder.
    public func read(_ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }
}
