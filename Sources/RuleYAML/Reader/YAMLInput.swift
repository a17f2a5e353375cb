internal import CFileMapping
import Foundation
package import RuleCore

/// The bytes of one YAML source, read once into a buffer at a stable heap address, as libyaml
/// needs between calls, and shared by the parser and whoever quotes the source.
///
/// NB: a spec file of a million cases is some 90 MB: reading it straight into this buffer keeps
/// one copy in memory, where a `Data` turned into an array turned into a parser's copy kept three.
package final class YAMLInput: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// The slot of ``storage``'s mapping when it maps the file read-only (its pages can be dropped
    /// and fault back in from the page cache), or `nil` for a heap copy.
    private let mapping: Int32?

    /// The bytes; valid for as long as this input lives, and never written after `init`.
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: storage[..<count]) }

    /// An input holding a copy of `bytes`.
    package init(copying bytes: some Collection<UInt8>) {
        storage = .allocate(capacity: max(bytes.count, 1))
        _ = storage.initialize(from: bytes)
        count = bytes.count
        mapping = nil
    }

    /// The number of bytes.
    package let count: Int

    private init(storage: UnsafeMutableBufferPointer<UInt8>, count: Int, mapping: Int32?) {
        self.storage = storage
        self.count = count
        self.mapping = mapping
    }

    deinit {
        if let mapping {
            rc_unmap_file(mapping)
        } else {
            storage.deallocate()
        }
    }

    /// Whether the file shrank while it was mapped, so that some of ``bytes`` read as zeros
    /// instead of what the file held: whatever was read from them must be reported as a file that
    /// changed while it was read (``changedError(file:)``), never used.
    package var wasTruncated: Bool { mapping.map { rc_mapping_was_truncated($0) != 0 } ?? false }

    /// The error for a file that changed while it was read.
    package static func changedError(file: String) -> Diagnostic {
        .error("cannot read '\(file)': it changed while it was read", at: nil)
    }

    /// Hands back the resident pages wholly inside `bytes`, when the bytes are a mapped file:
    /// they are read again from the page cache if anything reads them later (a diagnostic's quote,
    /// `--update`), so that reading a 90 MB spec file keeps only a window of it resident.
    ///
    /// - Returns: where the pages handed back end (a page boundary), for the next call to start at.
    @discardableResult
    package func release(_ bytes: Range<Int>) -> Int {
        let page = Self.pageSize
        let start = bytes.lowerBound / page * page
        let end = min(bytes.upperBound, count) / page * page
        guard mapping != nil, end > start else { return max(start, bytes.lowerBound) }
        madvise(storage.baseAddress! + start, end - start, MADV_DONTNEED)
        return end
    }

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// The size of the file at `path` in bytes, from its metadata, reading none of it; `nil` when
    /// there is no such file.
    package static func size(of path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Reads the file at `path`, refusing it before reading when it is larger than `limits` allow.
    ///
    /// - Throws: `Diagnostic` when the file cannot be read or is too large.
    package static func read(_ path: String, limits: YAMLLimits) throws(Diagnostic) -> YAMLInput {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .error("cannot read '\(path)'", at: nil)
        }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()).map(Int.init) ?? 0
        if let error = limits.sizeError(size, file: path) { throw error }
        var mapped: UnsafePointer<UInt8>?
        // NB: mapped read-only, so that a huge spec file is never copied into memory whole; a file
        // that shrinks while mapped reads as zeros past its end and is reported (``wasTruncated``).
        if size > 0, case let slot = rc_map_file(handle.fileDescriptor, size, &mapped), slot >= 0, let mapped {
            return YAMLInput(
                storage: UnsafeMutableBufferPointer(start: UnsafeMutablePointer(mutating: mapped), count: size),
                count: size, mapping: slot)
        }
        try? handle.seek(toOffset: 0)
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(size, 1))
        var filled = 0
        // NB: read(2) in a loop: a file may come in pieces, and may change size while read.
        while filled < size {
            let got = Foundation.read(handle.fileDescriptor, storage.baseAddress! + filled, size - filled)
            guard got > 0 else { break }
            filled += got
        }
        guard filled == size else {
            storage.deallocate()
            throw changedError(file: path)
        }
        return YAMLInput(storage: storage, count: size, mapping: nil)
    }
}
