import RuleCore

/// A rule file as generation sees it: the path it was loaded from, the path generated comments
/// name it by, and the name of the Swift file generated from it.
public struct RuleSource: Hashable, Sendable {
    /// The path the file was loaded from, as its declarations' ranges name it.
    public var path: String
    /// The path that generated comments show, independent of the machine: `rules/task.yaml`.
    public var displayPath: String
    /// The generated file's name, such as `task.rules.swift`.
    public var outputName: String

    /// Creates a source from its three names.
    public init(path: String, displayPath: String, outputName: String) {
        self.path = path
        self.displayPath = displayPath
        self.outputName = outputName
    }

    /// A rule file found at `path` by searching `argument`, a file or folder given on the command line.
    ///
    /// A file found in a folder is named by the folder's name and its path inside it, wherever the
    /// folder is: `rules/auth/login.yaml`, generating `auth_login.rules.swift`. A file given alone
    /// is named as given, or by its file name when given by an absolute path.
    public init(path: String, foundIn argument: String) {
        self.path = path
        let folder = argument.hasScalarSuffix("/") ? String(argument.dropLast()) : argument
        let relative: String
        if path == argument {
            relative = Self.lastComponent(path)
            displayPath = path.hasScalarPrefix("/") ? relative : String(path.trimmingPrefix("./"))
        } else {
            relative = String(path.dropFirst(folder.count).drop { $0 == "/" })
            let folderName = Self.lastComponent(folder)
            displayPath = ["", ".", ".."].contains(folderName) ? relative : folderName + "/" + relative
        }
        outputName = OutputNaming.swiftFileName(forRuleFile: relative)
    }

    private static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
