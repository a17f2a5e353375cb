import Foundation
public import RuleCore

/// Where a report goes: standard output as it is written, or a file replaced atomically when
/// the report is complete, so that a run killed mid-write leaves the previous report intact.
public final class ReportOutput {
    private enum Target {
        case standardOutput
        case file(final: URL, temporary: URL, handle: FileHandle)
    }

    private let target: Target
    private var buffer: [UInt8] = []
    /// Whether the output is a terminal, where colours help.
    public let isTerminal: Bool

    /// Standard output.
    public static func standardOutput() -> ReportOutput {
        ReportOutput(target: .standardOutput, isTerminal: isatty(STDOUT_FILENO) == 1)
    }

    /// A file at `path`, written beside it as a temporary file and renamed over it by ``close()``;
    /// a file replaced keeps its permissions.
    ///
    /// The temporary file is `.NAME.HOST.PID.tmp`; one that a run killed before its rename left
    /// behind is removed by the next run on the same host, once its process is gone.
    ///
    /// - Throws: `Diagnostic` when the folder does not exist or cannot be written.
    public static func file(_ path: String) throws(Diagnostic) -> ReportOutput {
        let final = URL(fileURLWithPath: path)
        let folder = final.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            let written = (path as NSString).deletingLastPathComponent
            throw .error("cannot write the report '\(path)': no folder '\(written.isEmpty ? "." : written)'", at: nil)
        }
        let prefix = ".\(final.lastPathComponent).\(hostName)."
        removeStaleTemporaries(beside: final, prefix: prefix)
        let temporary = folder.appendingPathComponent("\(prefix)\(getpid()).tmp")
        let permissions = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions]
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: nil, attributes: permissions.map { [.posixPermissions: $0] }),
            let handle = try? FileHandle(forWritingTo: temporary)
        else {
            throw .error("cannot write the report '\(path)': the folder '\(folder.path)' is not writable", at: nil)
        }
        return ReportOutput(target: .file(final: final, temporary: temporary, handle: handle), isTerminal: false)
    }

    private init(target: Target, isTerminal: Bool) {
        self.target = target
        self.isTerminal = isTerminal
    }

    /// Appends `text`; written out in blocks.
    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Appends `bytes`, UTF-8 text; written out in blocks.
    func write(bytes: ArraySlice<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes out what is buffered.
    public func flush() {
        guard !buffer.isEmpty else { return }
        switch target {
        case .standardOutput: FileHandle.standardOutput.write(Data(buffer))
        case .file(_, _, let handle): handle.write(Data(buffer))
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, and for a file, syncs it and renames it into place.
    ///
    /// - Throws: `Diagnostic` when the file cannot be completed or renamed into place.
    public func close() throws(Diagnostic) {
        flush()
        guard case .file(let final, let temporary, let handle) = target else { return }
        // NB: rename(2) replaces the old report in one step; a reader never sees half a file.
        guard (try? handle.synchronize()) != nil, (try? handle.close()) != nil, rename(temporary.path, final.path) == 0
        else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw .error("cannot write the report '\(final.path)': \(reason)", at: nil)
        }
        // NB: syncing the folder makes the rename itself survive a power cut, not only a killed process.
        if let folder = FileHandle(forReadingAtPath: final.deletingLastPathComponent().path) {
            try? folder.synchronize()
            try? folder.close()
        }
    }

    /// This machine's name, which keeps runs on machines sharing a folder from removing each other's files.
    private static let hostName: String = {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "localhost" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// Removes the temporary files `PREFIX PID.tmp` beside `final` whose process no longer runs.
    private static func removeStaleTemporaries(beside final: URL, prefix: String) {
        let folder = final.deletingLastPathComponent()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasScalarPrefix(prefix) && name.hasScalarSuffix(".tmp") {
            guard let pid = pid_t(name.dropFirst(prefix.count).dropLast(".tmp".count)), pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
