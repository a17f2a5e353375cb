import Foundation

/// The repository's `conformance/` folder: external test data that the Swift, JavaScript and Python
/// tests all read (see its README.md), found from this file's place rather than copied as a resource.
enum ConformanceFolder {
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("conformance")

    /// The text of `file` in the folder.
    static func text(_ file: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
    }
}
