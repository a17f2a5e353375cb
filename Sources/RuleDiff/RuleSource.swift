import Foundation
public import RuleCore
import RuleYAML

/// One side of a diff: a rules folder (or file) on disk, or `git:REV[:PATH]`, read with `git show`
/// without a checkout.
public struct RuleSource: Sendable {
    /// The side as the user wrote it.
    public let spelling: String
    /// The compiled rules.
    public let rules: RuleSet
    /// The file names as diagnostics and reports show them (`git:HEAD~1:rules/task.yaml`), by the
    /// path the loader read.
    let displayNames: [String: String]

    /// Why a side could not be used: its diagnostics, or a sentence.
    public struct LoadError: Error, Sendable {
        /// What went wrong, ready to print.
        public var message: String
        /// The loader's diagnostics, with file names as the user knows them.
        public var diagnostics: [Diagnostic]
    }

    /// The name a report shows for `file`.
    public func displayName(_ file: String) -> String { displayNames[file] ?? file }

    /// Loads `spelling`, named `side` (`OLD` or `NEW`) in errors.
    public static func load(_ spelling: String, side: String) throws(LoadError) -> RuleSource {
        guard spelling.hasScalarPrefix("git:") else {
            let result = RuleFileLoader.declarationsOnly().load([spelling])
            guard let rules = result.ruleSet else {
                throw LoadError(message: "\(side) '\(spelling)' does not load", diagnostics: result.diagnostics)
            }
            return RuleSource(spelling: spelling, rules: rules, displayNames: [:])
        }
        let rest = spelling.dropFirst("git:".count)
        let revision: String
        let path: String
        if let colon = rest.firstIndex(of: ":") {
            revision = String(rest[..<colon])
            path = String(rest[rest.index(after: colon)...])
        } else {
            revision = String(rest)
            path = "rules"
        }
        guard !revision.isEmpty, !revision.hasScalarPrefix("-") else {
            throw LoadError(message: "\(side) '\(spelling)': no revision given; write git:REV[:PATH]", diagnostics: [])
        }
        guard (try? git(["rev-parse", "--git-dir"])) != nil else {
            throw LoadError(
                message:
                    "\(side) '\(spelling)': the folder '\(FileManager.default.currentDirectoryPath)' is in no git repository",
                diagnostics: [])
        }
        guard (try? git(["rev-parse", "--verify", "-q", revision + "^{commit}"])) != nil else {
            throw LoadError(
                message: "\(side) '\(spelling)': no revision '\(revision)' in the git repository here", diagnostics: [])
        }
        let listed: String
        do {
            listed = try git(["ls-tree", "-r", "--name-only", "--full-tree", revision, "--", path])
        } catch {
            throw LoadError(message: "\(side) '\(spelling)': \(error.message)", diagnostics: [])
        }
        let files = listed.split(separator: "\n").map(String.init)
            .filter { $0.hasScalarSuffix(".yaml") || $0.hasScalarSuffix(".yml") }
        guard !files.isEmpty else {
            throw LoadError(
                message: "\(side) '\(spelling)': no rule files (*.yaml, *.yml) at '\(path)' in revision '\(revision)'",
                diagnostics: [])
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("rulecheck-diff-\(ProcessInfo.processInfo.processIdentifier)-\(side)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var displayNames: [String: String] = [:]
        var written: [String] = []
        let texts: [Data]
        do {
            // NB: every file in one `git cat-file --batch`, not a process each: on Linux a process
            // costs tens of milliseconds to start and to wait for.
            texts = try blobs(files.map { "\(revision):\($0)" })
        } catch {
            throw LoadError(message: "\(side) '\(spelling)': \(error.message)", diagnostics: [])
        }
        for (file, text) in zip(files, texts) {
            let target = folder.appendingPathComponent(file)
            try? FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard (try? text.write(to: target)) != nil else {
                throw LoadError(message: "\(side) '\(spelling)': cannot write '\(target.path)'", diagnostics: [])
            }
            displayNames[target.path] = "git:\(revision):\(file)"
            written.append(target.path)
        }
        let result = RuleFileLoader.declarationsOnly().load(written)
        guard let rules = result.ruleSet else {
            let renamed = result.diagnostics.map { renaming($0, displayNames) }
            throw LoadError(message: "\(side) '\(spelling)' does not load", diagnostics: renamed)
        }
        return RuleSource(spelling: spelling, rules: rules, displayNames: displayNames)
    }

    private static func renaming(_ diagnostic: Diagnostic, _ names: [String: String]) -> Diagnostic {
        var diagnostic = diagnostic
        if var range = diagnostic.range, let name = names[range.start.file] {
            range.start.file = name
            range.end.file = name
            diagnostic.range = range
        }
        diagnostic.notes = diagnostic.notes.map { renaming($0, names) }
        return diagnostic
    }

    struct GitError: Error {
        var message: String
    }

    private static func git(_ arguments: [String]) throws(GitError) -> String {
        String(decoding: try gitData(arguments), as: UTF8.self)
    }

    /// The contents of each object named (`REV:PATH`), read by one `git cat-file --batch`.
    private static func blobs(_ names: [String]) throws(GitError) -> [Data] {
        let output = try gitData(["cat-file", "--batch"], input: Data(names.map { $0 + "\n" }.joined().utf8))
        var blobs: [Data] = []
        var index = output.startIndex
        for name in names {
            // NB: each object is "<oid> blob <size>\n<contents>\n", or "<name> missing\n".
            guard let newline = output[index...].firstIndex(of: UInt8(ascii: "\n")) else {
                throw GitError(message: "git cat-file ended before '\(name)'")
            }
            let header = String(decoding: output[index..<newline], as: UTF8.self).split(separator: " ")
            guard header.count == 3, header[1] == "blob", let size = Int(header[2]),
                output.distance(from: newline, to: output.endIndex) > size
            else {
                throw GitError(message: "'\(name)' is not a file in git")
            }
            let start = output.index(after: newline)
            blobs.append(output[start..<output.index(start, offsetBy: size)])
            index = output.index(start, offsetBy: size + 1)
        }
        return blobs
    }

    private static func gitData(_ arguments: [String], input: Data? = nil) throws(GitError) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let output = Pipe()
        let error = Pipe()
        let standardInput = input.map { _ in Pipe() }
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput ?? FileHandle.nullDevice
        // NB: waited for through its termination handler: Foundation's waitUntilExit polls a run loop.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw GitError(message: "cannot run git: \(error.localizedDescription)")
        }
        let errorData = Locked(Data?.none)
        let reader = Thread {
            let data = error.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = data }
        }
        reader.start()
        if let input, let standardInput {
            // NB: written on a thread of its own, so that git never waits on a full output pipe for it.
            Thread {
                standardInput.fileHandleForWriting.write(input)
                try? standardInput.fileHandleForWriting.close()
            }.start()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        exited.wait()
        while errorData.withLock({ $0 == nil }) { usleep(1000) }
        guard process.terminationStatus == 0 else {
            let text = String(decoding: errorData.withLock { $0 } ?? Data(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            throw GitError(message: text.isEmpty ? "git \(arguments.joined(separator: " ")) failed" : text)
        }
        return data
    }
}
