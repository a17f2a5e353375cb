import Foundation
public import RuleCore

/// Validates every record of stored files (JSON Lines or CSV) with one type or model, on all cores,
/// and counts what the rules reject.
///
/// Files are read in chunks on the calling thread and cut into batches of whole records, which
/// `jobs` threads read and validate, each into its own ``AuditTally``; the tallies merge in any
/// order to the same counts, and the examples kept are the first in file order. Memory stays
/// within a few batches per thread whatever the files' size.
public struct Auditor: Sendable {
    /// How files are read.
    public enum InputFormat: String, Sendable, CaseIterable {
        /// One JSON value per line: a model's record as an object, a type's value as any JSON value.
        case jsonl
        /// A header row naming the columns, then one record per row; each cell is text, read by its field's type.
        case csv

        /// `csv` for a `.csv` file, else `jsonl`.
        public static func of(path: String) -> InputFormat {
            ASCIICase.lower(path).hasScalarSuffix(".csv") ? .csv : .jsonl
        }
    }

    /// What an audit can be set to do.
    public struct Options: Sendable {
        /// The format of every file; `nil` takes each file's from its extension.
        public var format: InputFormat?
        /// How many examples of each code the report keeps.
        public var examplesPerCode = 3
        /// How many threads validate (default: the number of cores).
        public var jobs = ProcessInfo.processInfo.activeProcessorCount
        /// The longest record read, in bytes; a longer line is counted unreadable and skipped.
        public var maxRecordBytes = 16 << 20
        /// Read the records without validating them: the baseline of the benchmark.
        public var readOnly = false
        /// The date that counts as today.
        public var context = ValidationContext()

        public init() {}
    }

    /// What an audit found.
    public struct Report: Sendable {
        /// The type or model audited with.
        public var subject: String
        /// The files, in the order given.
        public var files: [String]
        public var tally: AuditTally
        /// Files that could not be read or used, and empty files.
        public var diagnostics: [Diagnostic]

        /// Whether a file could not be read or used.
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    private let validator: Validator
    private let options: Options

    /// An auditor validating with `validator`.
    public init(validator: Validator, options: Options = Options()) {
        self.validator = validator
        self.options = options
    }

    /// Audits `files` in order; `progress` receives the records counted so far, from any thread.
    public func run(_ files: [String], progress: (@Sendable (Int) -> Void)? = nil) -> Report {
        let queue = BatchQueue(capacity: 2 * max(options.jobs, 1))
        let tallies = Locked([AuditTally]())
        let counted = Locked(0)
        let group = DispatchGroup()
        for _ in 0..<max(options.jobs, 1) {
            group.enter()
            let thread = Thread { [self] in
                var tally = AuditTally(examplesPerCode: options.examplesPerCode)
                while let batch = queue.take() {
                    let before = tally.records
                    audit(batch, into: &tally)
                    if let progress {
                        let total = counted.withLock { count in
                            count += tally.records - before
                            return count
                        }
                        progress(total)
                    }
                }
                tallies.withLock { $0.append(tally) }
                group.leave()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        var diagnostics: [Diagnostic] = []
        for (index, file) in files.enumerated() {
            read(file, index: index, into: queue, diagnostics: &diagnostics)
        }
        queue.finish()
        group.wait()
        var tally = AuditTally(examplesPerCode: options.examplesPerCode)
        for part in tallies.withLock({ $0 }) { tally.merge(part) }
        return Report(subject: validator.name, files: files, tally: tally, diagnostics: diagnostics)
    }

    /// Reads `file` in batches onto `queue`; what keeps it from being read goes to `diagnostics`.
    private func read(_ file: String, index: Int, into queue: BatchQueue, diagnostics: inout [Diagnostic]) {
        let start = SourceRange(start: SourceLocation(file: file, line: 1, column: 1))
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
            diagnostics.append(.error("cannot read '\(file)': it is a folder; name the files in it", at: nil))
            return
        }
        let descriptor = open(file, O_RDONLY)
        guard descriptor >= 0 else {
            diagnostics.append(.error("cannot read '\(file)': \(String(cString: strerror(errno)))", at: nil))
            return
        }
        defer { close(descriptor) }
        let isCSV = (options.format ?? .of(path: file)) == .csv
        var batcher = RecordBatcher(
            descriptor: descriptor, file: index, isCSV: isCSV, maxRecordBytes: options.maxRecordBytes)
        var columns: CSVColumns?
        var isEmpty = true
        do {
            while var batch = try batcher.next() {
                isEmpty = false
                if isCSV, columns == nil {
                    guard let header = batch.records.first, batch.tooLong.first != 1 else {
                        diagnostics.append(.error("the header row of '\(file)' is longer than the limit", at: start))
                        return
                    }
                    batch.records.removeFirst()
                    do {
                        columns = try self.columns(of: batch.bytes[header.start..<header.end], file: file)
                    } catch {
                        diagnostics.append(error)
                        return
                    }
                }
                batch.columns = columns
                queue.put(batch)
            }
        } catch {
            diagnostics.append(.error("cannot read '\(file)': \(error.localizedDescription)", at: nil))
            return
        }
        if isEmpty { diagnostics.append(.warning("'\(file)' is empty: no records", at: start)) }
    }

    /// The columns of a CSV header row, each a field of the model; for a type, the one column.
    ///
    /// - Throws: `Diagnostic` when the row is not CSV, or a field of the model has no column.
    private func columns(of row: ArraySlice<UInt8>, file: String) throws(Diagnostic) -> CSVColumns {
        let start = SourceRange(start: SourceLocation(file: file, line: 1, column: 1))
        var row = row
        if row.starts(with: [0xEF, 0xBB, 0xBF]) { row = row.dropFirst(3) }
        if row.last == UInt8(ascii: "\r") { row = row.dropLast() }
        let names: [String]
        do {
            names = try CSVRow.cells(row)
        } catch {
            throw .error("the header row is not CSV: \(error.message)", at: start)
        }
        switch validator {
        case .model(let model):
            let missing = model.rule.fields.map(\.name).filter { !names.contains($0) }
            if !missing.isEmpty {
                let list = missing.map { "'\($0)'" }.joined(separator: ", ")
                let noun = missing.count == 1 ? "column" : "columns"
                throw .error(
                    "no \(noun) \(list) for the field\(missing.count == 1 ? "" : "s") of model '\(model.name)'; "
                        + "the header has \(names.map { "'\($0)'" }.joined(separator: ", "))", at: start)
            }
        case .type(let type):
            if names.count != 1 {
                throw .error(
                    "a CSV file audited as type '\(type.name)' has one column; the header has \(names.count)", at: start
                )
            }
        }
        return CSVColumns(names: names)
    }

    /// Reads and validates each record of `batch` into `tally`.
    private func audit(_ batch: RecordBatch, into tally: inout AuditTally) {
        for line in batch.tooLong {
            tally.countUnreadable(
                file: batch.file, line: line, reason: .tooLong,
                message: "longer than the limit of \(options.maxRecordBytes) bytes")
        }
        batch.bytes.withUnsafeBufferPointer { bytes in
            for span in batch.records {
                var end = span.end
                if end > span.start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let record = UnsafeBufferPointer(rebasing: bytes[span.start..<end])
                guard record.contains(where: { !Self.isBlank($0) }) else { continue }
                let input: ValidationInput
                if let columns = batch.columns {
                    guard
                        let read = csvInput(record, columns: columns, line: span.line, file: batch.file, tally: &tally)
                    else { continue }
                    input = read
                } else {
                    do throws(JSONReadError) {
                        input = try JSONReader().read(UnsafeRawBufferPointer(record))
                    } catch {
                        tally.countUnreadable(
                            file: batch.file, line: span.line, reason: .notJSON,
                            message: "column \(error.column): \(error.message)")
                        continue
                    }
                    if case .model = validator, !isRecord(input) {
                        tally.countUnreadable(
                            file: batch.file, line: span.line, reason: .notObject,
                            message: "\(input.kindDescription), not a JSON object")
                        continue
                    }
                }
                if options.readOnly {
                    tally.countValid(file: batch.file)
                    continue
                }
                switch validator.validate(input, context: options.context) {
                case .valid: tally.countValid(file: batch.file)
                case .invalid(let violations):
                    tally.countInvalid(
                        file: batch.file, line: span.line,
                        violations: violations.map { ($0.path.joined(separator: "."), $0.code, $0.value) })
                }
            }
        }
    }

    /// A CSV record as the input its cells make: an empty cell is absent, any other its text.
    private func csvInput(
        _ record: UnsafeBufferPointer<UInt8>, columns: CSVColumns, line: Int, file: Int, tally: inout AuditTally
    ) -> ValidationInput? {
        let cells: [String]
        do {
            cells = try CSVRow.cells(record)
        } catch {
            tally.countUnreadable(
                file: file, line: line, reason: .notCSV, message: "byte \(error.offset + 1): \(error.message)")
            return nil
        }
        guard cells.count == columns.names.count else {
            tally.countUnreadable(
                file: file, line: line, reason: .wrongCellCount,
                message: "\(cells.count) cells; the header has \(columns.names.count) columns")
            return nil
        }
        if case .type = validator { return cells[0].isEmpty ? .absent : .text(cells[0]) }
        var fields: [String: ValidationInput] = [:]
        fields.reserveCapacity(cells.count)
        for (name, cell) in zip(columns.names, cells) { fields[name] = cell.isEmpty ? .absent : .text(cell) }
        return .record(fields)
    }

    private func isRecord(_ input: ValidationInput) -> Bool {
        if case .record = input { true } else { false }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}

/// Batches handed from the reading thread to the validating ones, at most `capacity` waiting.
final class BatchQueue: @unchecked Sendable {
    // NB: `items` and `finished` are guarded by `condition`.
    private let condition = NSCondition()
    private var items: [RecordBatch] = []
    private var finished = false
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds a batch, waiting while `capacity` are waiting.
    func put(_ batch: RecordBatch) {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity { condition.wait() }
        items.append(batch)
        condition.broadcast()
    }

    /// The next batch, waiting for one; `nil` once ``finish()`` was called and none is left.
    func take() -> RecordBatch? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !finished { condition.wait() }
        guard !items.isEmpty else { return nil }
        condition.broadcast()
        return items.removeFirst()
    }

    /// Marks the end: no batch comes after.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }
}
