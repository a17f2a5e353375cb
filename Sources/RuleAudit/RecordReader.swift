import Foundation
import RuleCore

/// What is done with each record read: validated by one rule set (``Auditor``) or two (``FlipAuditor``), and counted.
protocol RecordJudge: Sendable {
    associatedtype Tally: Sendable
    /// An empty tally.
    func tally() -> Tally
    /// Validates `input`, the record at `line` of the `file`th file, into `tally`.
    func judge(_ input: ValidationInput, file: Int, line: Int, into tally: inout Tally)
    /// Counts a line that is not a record.
    func countUnreadable(
        file: Int, line: Int, reason: AuditTally.Unreadable, message: String, into tally: inout Tally)
    /// Adds `part` to `tally`.
    func merge(_ part: Tally, into tally: inout Tally)
    /// How many records `tally` counts, for the progress line.
    func records(_ tally: Tally) -> Int
}

/// The shape records must have: a model's fields, or a type's one value.
struct RecordShape: Sendable {
    /// The model's name, or the type's.
    var name: String
    /// Whether a record is a model's (a JSON object, a CSV row of fields) or a type's value.
    var isModel: Bool
    /// The fields a CSV header must have a column for.
    var requiredColumns: [String]
}

/// Reads files in batches of whole records on the calling thread and hands each record's input to
/// `jobs` threads, each judging into its own tally; the tallies merge in any order.
struct RecordReader<Judge: RecordJudge> {
    let judge: Judge
    let shape: RecordShape
    let options: Auditor.Options

    /// Reads `files` in order; what keeps a file from being read goes to the diagnostics, and the
    /// file with its error to the unread files.
    func run(_ files: [String], progress: (@Sendable (Int) -> Void)?) -> (Judge.Tally, [Diagnostic], [UnreadFile]) {
        let queue = BatchQueue(capacity: 2 * max(options.jobs, 1))
        let tallies = Locked([Judge.Tally]())
        let counted = Locked(0)
        let group = DispatchGroup()
        for _ in 0..<max(options.jobs, 1) {
            group.enter()
            let thread = Thread { [self] in
                var tally = judge.tally()
                while let batch = queue.take() {
                    let before = judge.records(tally)
                    read(batch, into: &tally)
                    if let progress {
                        let total = counted.withLock { count in
                            count += judge.records(tally) - before
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
        var unread: [UnreadFile] = []
        for (index, file) in files.enumerated() {
            let before = diagnostics.count
            read(file, index: index, into: queue, diagnostics: &diagnostics)
            if let error = diagnostics[before...].first(where: { $0.severity == .error }) {
                unread.append(UnreadFile(file: file, message: error.message))
            }
        }
        queue.finish()
        group.wait()
        var tally = judge.tally()
        for part in tallies.withLock({ $0 }) { judge.merge(part, into: &tally) }
        return (tally, diagnostics, unread)
    }

    /// Reads `file` in batches onto `queue`; what keeps it from being read goes to `diagnostics`.
    private func read(_ file: String, index: Int, into queue: BatchQueue, diagnostics: inout [Diagnostic]) {
        let start = SourceRange(start: SourceLocation(file: file, line: 1, column: 1))
        let descriptor = open(file, O_RDONLY)
        guard descriptor >= 0 else {
            diagnostics.append(.error("cannot read '\(file)': \(String(cString: strerror(errno)))", at: nil))
            return
        }
        defer { close(descriptor) }
        let isCSV = (options.format ?? .of(path: file)) == .csv
        var gzip: GzipReader?
        if RecordFiles.isGzip(file) {
            do {
                gzip = try GzipReader(descriptor: descriptor)
            } catch {
                diagnostics.append(.error("cannot read '\(file)': \(error.message)", at: nil))
                return
            }
        }
        var batcher = RecordBatcher(
            descriptor: descriptor, gzip: gzip, file: index, isCSV: isCSV, maxRecordBytes: options.maxRecordBytes)
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
        if shape.isModel {
            let missing = shape.requiredColumns.filter { !names.contains($0) }
            if !missing.isEmpty {
                let list = missing.map { "'\($0)'" }.joined(separator: ", ")
                let noun = missing.count == 1 ? "column" : "columns"
                throw .error(
                    "no \(noun) \(list) for the field\(missing.count == 1 ? "" : "s") of model '\(shape.name)'; "
                        + "the header has \(names.map { "'\($0)'" }.joined(separator: ", "))", at: start)
            }
        } else if names.count != 1 {
            throw .error(
                "a CSV file audited as type '\(shape.name)' has one column; the header has \(names.count)", at: start)
        }
        return CSVColumns(names: names)
    }

    /// Reads each record of `batch` and judges it into `tally`.
    private func read(_ batch: RecordBatch, into tally: inout Judge.Tally) {
        for line in batch.tooLong {
            judge.countUnreadable(
                file: batch.file, line: line, reason: .tooLong,
                message: "longer than the limit of \(options.maxRecordBytes) bytes", into: &tally)
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
                        judge.countUnreadable(
                            file: batch.file, line: span.line, reason: .notJSON,
                            message: "column \(error.column): \(error.message)", into: &tally)
                        continue
                    }
                    if shape.isModel, !isRecord(input) {
                        judge.countUnreadable(
                            file: batch.file, line: span.line, reason: .notObject,
                            message: "\(input.kindDescription), not a JSON object", into: &tally)
                        continue
                    }
                }
                judge.judge(input, file: batch.file, line: span.line, into: &tally)
            }
        }
    }

    /// A CSV record as the input its cells make: an empty cell is absent, any other its text.
    private func csvInput(
        _ record: UnsafeBufferPointer<UInt8>, columns: CSVColumns, line: Int, file: Int, tally: inout Judge.Tally
    ) -> ValidationInput? {
        let cells: [String]
        do {
            cells = try CSVRow.cells(record)
        } catch {
            judge.countUnreadable(
                file: file, line: line, reason: .notCSV, message: "byte \(error.offset + 1): \(error.message)",
                into: &tally)
            return nil
        }
        guard cells.count == columns.names.count else {
            judge.countUnreadable(
                file: file, line: line, reason: .wrongCellCount,
                message: "\(cells.count) cells; the header has \(columns.names.count) columns", into: &tally)
            return nil
        }
        if !shape.isModel { return cells[0].isEmpty ? .absent : .text(cells[0]) }
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

/// The files an audit reads: each file named, and each folder's record files.
enum RecordFiles {
    /// The names a folder's files must end with to be read, each also with `.gz`.
    static let extensions = [".jsonl", ".ndjson", ".csv"]

    /// `paths` with each folder replaced by the record files in it and in its subfolders, sorted by
    /// path (`.jsonl`, `.ndjson`, `.csv`, each also `.gz`; names starting with `.` or `_` skipped, as
    /// Spark's `_SUCCESS` is); a folder without one is an error, and an unread file.
    static func expand(_ paths: [String]) -> ([String], [Diagnostic], [UnreadFile]) {
        var files: [String] = []
        var diagnostics: [Diagnostic] = []
        var unread: [UnreadFile] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                files.append(path)
                continue
            }
            let found = recordFiles(in: path)
            if found.isEmpty {
                let kinds = extensions.map { "\($0)" }.joined(separator: ", ")
                let error = Diagnostic.error(
                    "cannot read '\(path)': a folder with no record file (\(kinds), or .gz of them)", at: nil)
                diagnostics.append(error)
                unread.append(UnreadFile(file: path, message: error.message))
            }
            files += found
        }
        return (files, diagnostics, unread)
    }

    /// Whether `path` is read as gzip: it ends with `.gz`.
    static func isGzip(_ path: String) -> Bool { ASCIICase.lower(path).hasScalarSuffix(".gz") }

    /// The record files under `folder`, sorted by path.
    private static func recordFiles(in folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            if name.hasScalarPrefix(".") || name.hasScalarPrefix("_") {
                if walker.fileAttributes?[.type] as? FileAttributeType == .typeDirectory { walker.skipDescendants() }
                continue
            }
            var plain = ASCIICase.lower(name)
            if plain.hasScalarSuffix(".gz") { plain = String(plain.dropLast(3)) }
            guard extensions.contains(where: { plain.hasScalarSuffix($0) }) else { continue }
            let path = folder.hasScalarSuffix("/") ? folder + relative : folder + "/" + relative
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                found.append(path)
            }
        }
        // NB: by bytes, not by the locale: the same order on every machine.
        return found.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
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

extension Validator {
    /// The shape of the records this validator reads.
    var recordShape: RecordShape {
        switch self {
        case .model(let model):
            RecordShape(name: model.name, isModel: true, requiredColumns: model.rule.fields.map(\.name))
        case .type(let type): RecordShape(name: type.name, isModel: false, requiredColumns: [])
        }
    }
}
