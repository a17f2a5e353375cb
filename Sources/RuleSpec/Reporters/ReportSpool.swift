import Foundation

/// Text kept in an anonymous temporary file rather than in memory, for a report whose start
/// depends on its end (JUnit's totals), so that a run of millions of cases stays small. Written
/// first, then read back once from the start, in pieces of a given length.
final class ReportSpool {
    // NB: tmpfile(3) unlinks the file at once; it disappears when closed or when the process ends.
    private let file: UnsafeMutablePointer<FILE>?
    private var memory: [UInt8] = []
    private var memoryRead = 0
    /// The bytes written so far.
    private(set) var count = 0

    init() {
        file = tmpfile()
    }

    deinit { if let file { fclose(file) } }

    /// Appends `bytes`, UTF-8 text.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        count += bytes.count
        guard let file else {
            memory.append(contentsOf: bytes)  // no temporary file: keep it in memory rather than lose it
            return
        }
        _ = fwrite(bytes.baseAddress, 1, bytes.count, file)
    }

    /// Rewinds to the start, for ``copy(_:to:)`` to read what was written.
    func rewind() {
        memoryRead = 0
        if let file {
            fflush(file)
            Foundation.rewind(file)
        }
    }

    /// Writes the next `count` bytes after the last ones copied (or the start) to `output`, in blocks.
    func copy(_ count: Int, to output: ReportOutput) {
        guard let file else {
            let end = min(memory.count, memoryRead + count)
            output.write(bytes: memory[memoryRead..<end])
            memoryRead = end
            return
        }
        var left = count
        var block = [UInt8](repeating: 0, count: min(count, 1 << 16))
        while left > 0 {
            let read = fread(&block, 1, min(left, block.count), file)
            if read == 0 { break }
            output.write(bytes: block[..<read])
            left -= read
        }
    }
}
