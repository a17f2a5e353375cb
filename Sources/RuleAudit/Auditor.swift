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

        /// `csv` for a `.csv` or `.csv.gz` file, else `jsonl`.
        public static func of(path: String) -> InputFormat {
            let name = ASCIICase.lower(path)
            return name.hasScalarSuffix(".csv") || name.hasScalarSuffix(".csv.gz") ? .csv : .jsonl
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
        /// The files and folders that could not be read or used, each with its error: folders first.
        public var unreadFiles: [UnreadFile] = []

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
        let judge = AuditJudge(validator: validator, options: options)
        let reader = RecordReader(judge: judge, shape: validator.recordShape, options: options)
        let (files, found, unreadFolders) = RecordFiles.expand(files)
        let (tally, diagnostics, unread) = reader.run(files, progress: progress)
        return Report(
            subject: validator.name, files: files, tally: tally, diagnostics: found + diagnostics,
            unreadFiles: unreadFolders + unread)
    }
}

/// Validates each record with one validator into an ``AuditTally``.
private struct AuditJudge: RecordJudge {
    let validator: Validator
    let options: Auditor.Options

    func tally() -> AuditTally { AuditTally(examplesPerCode: options.examplesPerCode) }

    func judge(_ input: ValidationInput, file: Int, line: Int, into tally: inout AuditTally) {
        if options.readOnly {
            tally.countValid(file: file)
            return
        }
        // NB: the verdict only: a valid record's validated value is never built (docs/performance.md).
        let violations = validator.violations(of: input, context: options.context)
        if violations.isEmpty {
            tally.countValid(file: file)
        } else {
            tally.countInvalid(file: file, line: line, violations: violations.map(\.counted))
        }
    }

    func countUnreadable(
        file: Int, line: Int, reason: AuditTally.Unreadable, message: String, into tally: inout AuditTally
    ) {
        tally.countUnreadable(file: file, line: line, reason: reason, message: message)
    }

    func merge(_ part: AuditTally, into tally: inout AuditTally) { tally.merge(part) }

    func records(_ tally: AuditTally) -> Int { tally.records }
}

extension Violation {
    /// The violation as a tally counts it: its dotted path, code and echoed value.
    var counted: (path: String, code: String, value: String?) { (path.joined(separator: "."), code, value) }
}
