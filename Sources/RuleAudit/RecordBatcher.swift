import Foundation

/// A run of whole records of one file, read together: one buffer and where each record lies in it.
struct RecordBatch: Sendable {
    /// A record's bytes in ``RecordBatch/bytes``, without its line end, and the line it starts on.
    struct Span: Sendable {
        var start: Int
        var end: Int
        var line: Int
    }

    /// The file's index among the audited files.
    var file: Int
    var bytes: [UInt8]
    var records: [Span]
    /// The lines where a record longer than the limit starts; its bytes were dropped unread.
    var tooLong: [Int]
    /// A CSV file's columns, from its header row.
    var columns: CSVColumns?
}

/// Reads a file in chunks and cuts it into batches of whole records, so that memory stays within a
/// chunk and the longest record allowed, whatever the file's size.
///
/// A record ends at a line feed (`\r\n` too); in CSV, a line feed inside a quoted cell does not end
/// it. A record longer than `maxRecordBytes` is skipped to its end without being kept, and its line reported.
struct RecordBatcher {
    /// How much is read at a time: one batch's worth.
    static let chunkSize = 1 << 20

    private let descriptor: Int32
    /// The inflater of a gzip file, `nil` for a plain one.
    private let gzip: GzipReader?
    private let file: Int
    private let isCSV: Bool
    private let maxRecordBytes: Int
    /// The bytes of the record begun in an earlier chunk.
    private var pending: [UInt8] = []
    /// The line the pending record starts on, and the line the scan is at.
    private var recordLine = 1
    private var line = 1
    /// Whether the scan is inside a quoted CSV cell.
    private var inQuotes = false
    /// Whether the pending record is over the limit and dropped to its end.
    private var skipping = false
    private var ended = false

    /// Reads the open file `descriptor`, the `file`th audited, inflated by `gzip` when it is gzip.
    init(descriptor: Int32, gzip: GzipReader?, file: Int, isCSV: Bool, maxRecordBytes: Int) {
        self.descriptor = descriptor
        self.gzip = gzip
        self.file = file
        self.isCSV = isCSV
        self.maxRecordBytes = maxRecordBytes
    }

    /// The next batch, `nil` at the end of the file.
    ///
    /// - Throws: `POSIXError` when the file cannot be read; ``GzipReader/Failure`` when its gzip data is damaged.
    mutating func next() throws -> RecordBatch? {
        while !ended {
            var buffer = pending
            pending = []
            let scanFrom = buffer.count
            buffer.reserveCapacity(scanFrom + Self.chunkSize)
            let count = try read(appendingTo: &buffer, upTo: Self.chunkSize)
            var batch = RecordBatch(file: file, bytes: [], records: [], tooLong: [])
            if count == 0 {
                ended = true
                if skipping {
                    skipping = false
                } else if !buffer.isEmpty {
                    add(start: 0, end: buffer.count, to: &batch)
                }
            } else {
                let consumed = scan(buffer, from: scanFrom, into: &batch)
                if skipping {
                    buffer = []
                } else if buffer.count - consumed > maxRecordBytes {
                    batch.tooLong.append(recordLine)
                    skipping = true
                    buffer.removeSubrange(consumed...)
                } else if consumed == 0 {
                    // NB: no record ended: the buffer itself is kept, not copied, so that a long
                    // record costs linear time in its size.
                    pending = buffer
                    buffer = []
                } else {
                    pending = Array(buffer[consumed...])
                    buffer.removeSubrange(consumed...)
                }
            }
            guard !batch.records.isEmpty || !batch.tooLong.isEmpty else { continue }
            batch.bytes = buffer
            return batch
        }
        return nil
    }

    /// Finds the ends of records in `buffer` from `start`, adds each record to `batch`, and returns
    /// where the first unfinished record starts.
    private mutating func scan(_ buffer: [UInt8], from start: Int, into batch: inout RecordBatch) -> Int {
        var recordStart = 0
        buffer.withUnsafeBufferPointer { bytes in
            var index = start
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    if !inQuotes {
                        if skipping {
                            skipping = false
                        } else {
                            add(start: recordStart, end: index, to: &batch)
                        }
                        recordStart = index + 1
                        recordLine = line
                    }
                } else if isCSV, byte == UInt8(ascii: "\"") {
                    inQuotes.toggle()
                }
                index += 1
            }
        }
        return recordStart
    }

    /// Adds the record `start..<end` (a final `\r` dropped), or its line as too long.
    private func add(start: Int, end: Int, to batch: inout RecordBatch) {
        if end - start > maxRecordBytes {
            batch.tooLong.append(recordLine)
            return
        }
        batch.records.append(RecordBatch.Span(start: start, end: end, line: recordLine))
    }

    /// Reads up to `limit` bytes onto the end of `buffer`; 0 at the end of the file.
    private func read(appendingTo buffer: inout [UInt8], upTo limit: Int) throws -> Int {
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: limit))
        var total = 0
        while total < limit {
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { raw in
                    let target = raw.baseAddress! + old + total
                    if let gzip { return try gzip.read(into: target, count: limit - total) }
                    return Foundation.read(descriptor, target, limit - total)
                }
            } catch {
                buffer.removeSubrange((old + total)...)
                throw error
            }
            if count < 0 {
                if errno == EINTR { continue }
                let code = POSIXErrorCode(rawValue: errno) ?? .EIO
                buffer.removeSubrange((old + total)...)
                throw POSIXError(code)
            }
            if count == 0 { break }
            total += count
        }
        buffer.removeSubrange((old + total)...)
        return total
    }
}
