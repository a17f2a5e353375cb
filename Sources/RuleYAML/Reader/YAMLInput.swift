import Foundation
package import RuleCore

/// The bytes of one YAML source, read once into a buffer at a stable heap address, as libyaml
/// needs between calls, and shared by the parser and whoever quotes the source.
///
/// NB: a spec file of a million cases is some 90 MB: reading it straight into this buffer keeps
/// one copy in memory, where a `Data` turned into an array turned into a parser's copy kept three.
package final class YAMLInput: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<UInt8>

    /// The bytes; valid for as long as this input lives, and never written after `init`.
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: storage[..<count]) }

    /// An input holding a copy of `bytes`.
    package init(copying bytes: some Collection<UInt8>) {
        storage = .allocate(capacity: max(bytes.count, 1))
        _ = storage.initialize(from: bytes)
        count = bytes.count
    }

    /// The number of bytes.
    package let count: Int

    private init(storage: UnsafeMutableBufferPointer<UInt8>, count: Int) {
        self.storage = storage
        self.count = count
    }

    deinit {
        storage.deallocate()
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
            throw .error("cannot read '\(path)': it changed while it was read", at: nil)
        }
        return YAMLInput(storage: storage, count: size)
    }
}
