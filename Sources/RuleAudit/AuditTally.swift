/// One place in the audited files that a report shows: a violation, or a line that could not be read.
public struct AuditExample: Hashable, Sendable, Comparable {
    /// The file's index among the audited files, which orders examples by file order.
    public var file: Int
    /// The line the record starts on, from 1.
    public var line: Int
    /// The field path, dotted (`""` for a type's own value, or a line that was not read).
    public var path: String
    /// The violation's code, or why the line could not be read (``AuditTally/Unreadable``).
    public var code: String
    /// The value as the violation echoes it; `nil` when it is sensitive or there is none.
    public var value: String?
    /// Why the line could not be read, with the column, for an unreadable line.
    public var message: String?

    public static func < (a: AuditExample, b: AuditExample) -> Bool {
        (a.file, a.line, a.path, a.code) < (b.file, b.line, b.path, b.code)
    }
}

/// A file given to an audit, or a folder, that could not be read or used, and why: the message of its error diagnostic.
public struct UnreadFile: Hashable, Sendable {
    public var file: String
    public var message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }
}

/// The counts of an audit, which add up the same in any order: batches validated on several threads
/// merge into the same tally, and the examples kept are the first in file order.
public struct AuditTally: Sendable, Equatable {
    /// Why a line is not a record.
    public enum Unreadable: String, Sendable, CaseIterable {
        /// Not JSON: bad syntax or invalid UTF-8.
        case notJSON
        /// JSON, but not an object where a model's record was expected.
        case notObject
        /// Not a CSV record: bad quotes or invalid UTF-8.
        case notCSV
        /// A CSV record with more or fewer cells than the header has columns.
        case wrongCellCount
        /// Longer than the limit on a record's size.
        case tooLong
    }

    /// Counts of one file.
    public struct FileCounts: Sendable, Equatable {
        public var records = 0
        public var valid = 0
        public var invalid = 0
        public var unreadable = 0
    }

    /// How many examples of each code, and of each reason a line was unreadable, are kept.
    public let examplesPerCode: Int
    /// Records read, unreadable lines included; blank lines are not records.
    public var records = 0
    public var valid = 0
    /// Records the rules reject.
    public var invalid = 0
    /// Lines that are not a record: not JSON, not an object, not CSV, too long.
    public var unreadable = 0
    /// Records with at least one violation of each code.
    public var codes: [String: Int] = [:]
    /// Records with at least one violation at each field path (`""` for a type's own value).
    public var paths: [String: Int] = [:]
    /// Records with at least one violation of each code at each path.
    public var pathCodes: [String: [String: Int]] = [:]
    /// Unreadable lines by reason (``Unreadable``).
    public var reasons: [String: Int] = [:]
    /// The first violations of each code in file order.
    public var examples: [String: [AuditExample]] = [:]
    /// The first unreadable lines of each reason in file order.
    public var unreadableExamples: [String: [AuditExample]] = [:]
    /// Counts by file index.
    public var files: [Int: FileCounts] = [:]

    /// An empty tally keeping `examplesPerCode` examples of each code.
    public init(examplesPerCode: Int) {
        self.examplesPerCode = examplesPerCode
    }

    /// Counts a valid record.
    public mutating func countValid(file: Int) {
        records += 1
        valid += 1
        files[file, default: FileCounts()].records += 1
        files[file, default: FileCounts()].valid += 1
    }

    /// Counts an invalid record and its violations, each as `(path, code, value)`.
    public mutating func countInvalid(file: Int, line: Int, violations: [(path: String, code: String, value: String?)])
    {
        records += 1
        invalid += 1
        files[file, default: FileCounts()].records += 1
        files[file, default: FileCounts()].invalid += 1
        var seenCodes: Set<String> = []
        var seenPaths: Set<String> = []
        var seenPairs: Set<[String]> = []
        for violation in violations {
            if seenCodes.insert(violation.code).inserted { codes[violation.code, default: 0] += 1 }
            if seenPaths.insert(violation.path).inserted { paths[violation.path, default: 0] += 1 }
            if seenPairs.insert([violation.path, violation.code]).inserted {
                pathCodes[violation.path, default: [:]][violation.code, default: 0] += 1
            }
            Self.keep(
                AuditExample(
                    file: file, line: line, path: violation.path, code: violation.code, value: violation.value),
                in: &examples[violation.code, default: []], limit: examplesPerCode)
        }
    }

    /// Counts a line that is not a record, with why.
    public mutating func countUnreadable(file: Int, line: Int, reason: Unreadable, message: String) {
        records += 1
        unreadable += 1
        files[file, default: FileCounts()].records += 1
        files[file, default: FileCounts()].unreadable += 1
        reasons[reason.rawValue, default: 0] += 1
        Self.keep(
            AuditExample(file: file, line: line, path: "", code: reason.rawValue, message: message),
            in: &unreadableExamples[reason.rawValue, default: []], limit: examplesPerCode)
    }

    /// Adds `other`'s counts and keeps the first examples of both.
    public mutating func merge(_ other: AuditTally) {
        records += other.records
        valid += other.valid
        invalid += other.invalid
        unreadable += other.unreadable
        codes.merge(other.codes, uniquingKeysWith: +)
        paths.merge(other.paths, uniquingKeysWith: +)
        reasons.merge(other.reasons, uniquingKeysWith: +)
        for (path, counts) in other.pathCodes { pathCodes[path, default: [:]].merge(counts, uniquingKeysWith: +) }
        for (file, counts) in other.files {
            var mine = files[file, default: FileCounts()]
            mine.records += counts.records
            mine.valid += counts.valid
            mine.invalid += counts.invalid
            mine.unreadable += counts.unreadable
            files[file] = mine
        }
        for (code, found) in other.examples {
            for example in found { Self.keep(example, in: &examples[code, default: []], limit: examplesPerCode) }
        }
        for (reason, found) in other.unreadableExamples {
            for example in found {
                Self.keep(example, in: &unreadableExamples[reason, default: []], limit: examplesPerCode)
            }
        }
    }

    /// Inserts `example` in order into `list`, keeping the first `limit`.
    private static func keep(_ example: AuditExample, in list: inout [AuditExample], limit: Int) {
        if list.count >= limit {
            guard let last = list.last, example < last else { return }
            list.removeLast()
        }
        let index = list.firstIndex { example < $0 } ?? list.endIndex
        list.insert(example, at: index)
    }
}
