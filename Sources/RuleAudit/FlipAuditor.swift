public import RuleCore

/// Validates every record of stored files with two rule sets' validators of one model or type, OLD's
/// and NEW's, and counts the records whose verdict flips: `rulecheck diff OLD NEW --data FILE…`.
///
/// Files are read as ``Auditor`` reads them, in parallel batches with flat memory.
public struct FlipAuditor: Sendable {
    /// What the two rule sets do to the stored records.
    public struct Report: Sendable {
        /// The type or model compared.
        public var subject: String
        /// The files, in the order given.
        public var files: [String]
        public var tally: FlipTally
        /// Files that could not be read or used, and empty files.
        public var diagnostics: [Diagnostic]
        /// The files and folders that could not be read or used, each with its error: folders first.
        public var unreadFiles: [UnreadFile] = []

        /// Whether a file could not be read or used.
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    private let old: Validator
    private let new: Validator
    private let options: Auditor.Options

    /// An auditor comparing `old` with `new`, validators of one model or of one type.
    ///
    /// A CSV header needs a column for each field both models declare; a field only one declares
    /// is absent from a record whose file has no column for it.
    public init(old: Validator, new: Validator, options: Auditor.Options = Auditor.Options()) {
        self.old = old
        self.new = new
        self.options = options
    }

    /// Reads `files` in order; `progress` receives the records counted so far, from any thread.
    public func run(_ files: [String], progress: (@Sendable (Int) -> Void)? = nil) -> Report {
        var shape = new.recordShape
        shape.requiredColumns = shape.requiredColumns.filter(old.recordShape.requiredColumns.contains)
        let judge = FlipJudge(old: old, new: new, options: options)
        let (files, found, unreadFolders) = RecordFiles.expand(files)
        let (tally, diagnostics, unread) = RecordReader(judge: judge, shape: shape, options: options)
            .run(files, progress: progress)
        return Report(
            subject: new.name, files: files, tally: tally, diagnostics: found + diagnostics,
            unreadFiles: unreadFolders + unread)
    }
}

/// The counts of a comparison on stored records, which add up the same in any order.
public struct FlipTally: Sendable, Equatable {
    /// Every record as OLD validates it, unreadable lines included.
    public var old: AuditTally
    /// Every record as NEW validates it.
    public var new: AuditTally
    /// Records OLD accepts and NEW rejects, counted by NEW's violations.
    public var tightened: AuditTally
    /// Records OLD rejects and NEW accepts, counted by OLD's violations.
    public var loosened: AuditTally
    /// Records both reject with different codes, counted by NEW's violations.
    public var recoded: AuditTally

    /// An empty tally keeping `examplesPerCode` examples of each code.
    public init(examplesPerCode: Int) {
        old = AuditTally(examplesPerCode: examplesPerCode)
        new = old
        tightened = old
        loosened = old
        recoded = old
    }

    /// Counts a record with OLD's and NEW's violations (none when valid).
    public mutating func count(file: Int, line: Int, old before: [Violation], new after: [Violation]) {
        Self.count(before, file: file, line: line, into: &old)
        Self.count(after, file: file, line: line, into: &new)
        switch (before.isEmpty, after.isEmpty) {
        case (true, false):
            tightened.countInvalid(file: file, line: line, violations: after.map(\.counted))
        case (false, true):
            loosened.countInvalid(file: file, line: line, violations: before.map(\.counted))
        case (false, false) where Set(before.map(\.code)) != Set(after.map(\.code)):
            recoded.countInvalid(file: file, line: line, violations: after.map(\.counted))
        default: break
        }
    }

    /// Counts a line that is not a record, on both sides.
    public mutating func countUnreadable(file: Int, line: Int, reason: AuditTally.Unreadable, message: String) {
        old.countUnreadable(file: file, line: line, reason: reason, message: message)
        new.countUnreadable(file: file, line: line, reason: reason, message: message)
    }

    /// Adds `other`'s counts and keeps the first examples of both.
    public mutating func merge(_ other: FlipTally) {
        old.merge(other.old)
        new.merge(other.new)
        tightened.merge(other.tightened)
        loosened.merge(other.loosened)
        recoded.merge(other.recoded)
    }

    private static func count(_ violations: [Violation], file: Int, line: Int, into tally: inout AuditTally) {
        if violations.isEmpty {
            tally.countValid(file: file)
        } else {
            tally.countInvalid(file: file, line: line, violations: violations.map(\.counted))
        }
    }
}

/// Validates each record with OLD's and NEW's validators into a ``FlipTally``.
private struct FlipJudge: RecordJudge {
    let old: Validator
    let new: Validator
    let options: Auditor.Options

    func tally() -> FlipTally { FlipTally(examplesPerCode: options.examplesPerCode) }

    func judge(_ input: ValidationInput, file: Int, line: Int, into tally: inout FlipTally) {
        tally.count(
            file: file, line: line, old: Array(old.violations(of: input, context: options.context)),
            new: Array(new.violations(of: input, context: options.context)))
    }

    func countUnreadable(
        file: Int, line: Int, reason: AuditTally.Unreadable, message: String, into tally: inout FlipTally
    ) {
        tally.countUnreadable(file: file, line: line, reason: reason, message: message)
    }

    func merge(_ part: FlipTally, into tally: inout FlipTally) { tally.merge(part) }

    func records(_ tally: FlipTally) -> Int { tally.new.records }
}
