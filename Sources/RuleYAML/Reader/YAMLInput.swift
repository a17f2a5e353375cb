import Foundation
package import RuleCore

/// The bytes of one YAML source, read once into a buffer at a stable heap address, as libyaml
/// needs between calls, and shared by the parser and whoever quotes the source.
///
/// NB: a spec file of a million cases is some 90 MB: reading it straight into this buffer keeps
/// one copy in memory, where a `Data` turned into an array turned into a parser's copy kept three.
///
/// A file of ``mappedSize`` bytes or more is mapped instead, and ``dropPages(before:)`` gives back
/// the pages the parser has passed, so that memory does not grow with the file: they fault back in
/// from the page cache when a diagnostic or `--update` reads them.
package final class YAMLInput: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// Whether `storage` is a read-only private mapping of the file rather than heap memory.
    private let isMapped: Bool

    /// The size from which a file is mapped rather than read: only generated spec files are this large.
    package static let mappedSize = 16 << 20

    /// How many bytes the UTF-8 check reads before it gives their pages back; tests make it small.
    package var checkBlock = 8 << 20

    /// The bytes; valid for as long as this input lives, and never written after `init`.
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: storage[..<count]) }

    /// An input holding a copy of `bytes`.
    package init(copying bytes: some Collection<UInt8>) {
        storage = .allocate(capacity: max(bytes.count, 1))
        _ = storage.initialize(from: bytes)
        count = bytes.count
        isMapped = false
    }

    /// The number of bytes.
    package let count: Int

    private init(storage: UnsafeMutableBufferPointer<UInt8>, count: Int, isMapped: Bool = false) {
        self.storage = storage
        self.count = count
        self.isMapped = isMapped
    }

    deinit {
        if isMapped { munmap(storage.baseAddress, storage.count) } else { storage.deallocate() }
    }

    /// Gives back the memory of the whole pages before `offset` of a mapped file; they are read
    /// again from the file if used. Does nothing for input in heap memory.
    package func dropPages(before offset: Int) {
        guard isMapped, let base = storage.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = min(offset, count) / page * page
        if end > 0 { _ = madvise(base, end, MADV_DONTNEED) }
    }

    /// Reads the file at `path`, refusing it before reading when it is larger than `limits` allow;
    /// maps it when it has `mappingFrom` bytes or more.
    ///
    /// - Throws: `Diagnostic` when the file cannot be read or is too large.
    package static func read(_ path: String, limits: YAMLLimits, mappingFrom: Int = mappedSize) throws(Diagnostic)
        -> YAMLInput
    {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .error("cannot read '\(path)'", at: nil)
        }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()).map(Int.init) ?? 0
        if let error = limits.sizeError(size, file: path) { throw error }
        try? handle.seek(toOffset: 0)
        // NB: a mapping reads the file as it is when touched, so a file truncated during the run
        // would fault (SIGBUS); only huge generated files are mapped, where memory matters more.
        if size >= max(mappingFrom, 1),
            let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, handle.fileDescriptor, 0), address != MAP_FAILED
        {
            let base = address.assumingMemoryBound(to: UInt8.self)
            return YAMLInput(storage: UnsafeMutableBufferPointer(start: base, count: size), count: size, isMapped: true)
        }
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
            throw .error("cannot read '\(path)': it changed while it was read", at: nil)
        }
        return YAMLInput(storage: storage, count: size)
    }
}
