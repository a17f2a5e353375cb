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

    /// A file at `path`, written beside it as a temporary file and renamed over it by ``close()``;
    /// a file replaced keeps its permissions.
    ///
    /// - Throws: `CocoaError` when the folder cannot be written.
    public static func file(_ path: String) throws -> ReportOutput {
        let final = URL(fileURLWithPath: path)
        let temporary = final.deletingLastPathComponent().appendingPathComponent(".\(final.lastPathComponent).\(getpid()).tmp")
        let permissions = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions]
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: nil, attributes: permissions.map { [.posixPermissions: $0] })
        else {
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
    }
}
