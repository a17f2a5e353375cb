public import Foundation

/// A test input file that sits beside the tests reading it, found through `#filePath`.
public struct Fixture: Sendable, CustomStringConvertible {
    /// The fixture file.
    public let url: URL

    /// The file's name, which names the test case.
    public var description: String { url.lastPathComponent }

    /// The fixture's sibling with another extension, such as its `.expected` golden file.
    public func sibling(ext: String) -> URL {
        url.deletingPathExtension().appendingPathExtension(ext)
    }

    /// Every file ending in `.ext` in `folder`, relative to the calling test file, sorted by name.
    ///
    /// Traps when the folder is missing or holds no such file: a parameterized test over no
    /// fixtures would pass having run nothing. NB: it runs while the test's arguments are built,
    /// before any test can record an issue, so trapping is the one way to fail the run.
    public static func all(in folder: String, ext: String, filePath: String = #filePath) -> [Fixture] {
        let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(folder)
            .standardizedFileURL
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            preconditionFailure("no fixtures ending in .\(ext) in \(directory.path): \(error.localizedDescription)")
        }
        let fixtures = names.filter { $0.hasSuffix("." + ext) }.sorted().map {
            Fixture(url: directory.appendingPathComponent($0))
        }
        if fixtures.isEmpty {
            preconditionFailure("no fixtures ending in .\(ext) in \(directory.path)")
        }
        return fixtures
    }
}
