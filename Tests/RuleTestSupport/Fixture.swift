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
    public static func all(in folder: String, ext: String, filePath: String = #filePath) -> [Fixture] {
        let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map {
            Fixture(url: directory.appendingPathComponent($0))
        }
    }
}
