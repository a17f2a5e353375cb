import Foundation

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

    /// A file at `path`, written beside it as a temporary file and renamed over it by ``close()``.
    ///
    /// The temporary file is `.NAME.HOST.PID.tmp`; one that a run killed before its rename left
    /// behind is removed by the next run on the same host, once its process is gone.
    ///
    /// - Throws: `CocoaError` when the folder cannot be written.
    public static func file(_ path: String) throws -> ReportOutput {
        let final = URL(fileURLWithPath: path)
        let prefix = ".\(final.lastPathComponent).\(hostName)."
        removeStaleTemporaries(beside: final, prefix: prefix)
        let temporary = final.deletingLastPathComponent().appendingPathComponent("\(prefix)\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        let handle = try FileHandle(forWritingTo: temporary)
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
    /// - Throws: `CocoaError` when the rename fails.
    public func close() throws {
        flush()
        guard case .file(let final, let temporary, let handle) = target else { return }
        try handle.synchronize()
        try handle.close()
        // NB: rename(2) replaces the old report in one step; a reader never sees half a file.
        guard rename(temporary.path, final.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: final.path])
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
        where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            guard let pid = pid_t(name.dropFirst(prefix.count).dropLast(".tmp".count)), pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
