import Foundation

/// Text kept in an anonymous temporary file rather than in memory, for a report whose start
/// depends on its end (JUnit's totals), so that a run of millions of cases stays small.
final class ReportSpool {
    // NB: tmpfile(3) unlinks the file at once; it disappears when closed or when the process ends.
    private let file: UnsafeMutablePointer<FILE>?
    private var memory: String = ""

    init() {
        file = tmpfile()
    }

    deinit { if let file { fclose(file) } }

    /// Appends `text`.
    func write(_ text: String) {
        guard let file else {
            memory += text  // no temporary file: keep it in memory rather than lose it
            return
        }
        var text = text
        text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, file) }
    }

    /// Writes everything appended to `output`, in blocks, and empties the spool.
    func copy(to output: ReportOutput) {
        drain { output.write(bytes: $0) }
    }

    /// Appends everything appended here to `spool`, and empties this one.
    func copy(to spool: ReportSpool) {
        drain { bytes in
            if let file = spool.file {
                bytes.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, file) }
            } else {
                spool.memory += String(decoding: bytes, as: UTF8.self)
            }
        }
    }

    private func drain(_ body: (ArraySlice<UInt8>) -> Void) {
        guard let file else {
            body(ArraySlice(memory.utf8))
            memory = ""
            return
        }
        fflush(file)
        rewind(file)
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&block, 1, block.count, file)
            if count == 0 { break }
            body(block[..<count])
        }
        rewind(file)
        _ = ftruncate(fileno(file), 0)
    }
}
