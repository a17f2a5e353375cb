import RuleCore
import Foundation

/// One JSON document: counts per file and overall, and every failure with its location.
///
/// ```json
/// {"passed": 40, "failed": 1, "files": [{"file": "specs/task.yaml", "passed": 40, "failed": 1,
///   "failures": [{"line": 14, "column": 7, "type": "TaskTitle", "input": "\"   \"", …}]}]}
/// ```
public struct JSONReporter: SpecReporter {
    /// The whole report.
    public struct Report: Codable, Sendable {
        public var passed: Int
        public var failed: Int
        public var files: [File]
    }

    /// One spec file's counts and failures.
    public struct File: Codable, Sendable {
        public var file: String
        public var passed: Int
        public var failed: Int
        public var failures: [Failure]
    }

    /// One failing case.
    public struct Failure: Codable, Sendable {
        public var line: Int
        public var column: Int
        public var type: String
        public var name: String?
        public var input: String
        public var expected: String
        public var actual: String
    }

    private let output: ReportOutput
    private var files: [File] = []

    /// Creates a reporter writing to `output`.
    public init(output: ReportOutput) {
        self.output = output
    }

    public mutating func beginFile(_ file: String) {
        files.append(File(file: file, passed: 0, failed: 0, failures: []))
    }

    public mutating func record(_ outcome: CaseOutcome) {
        guard let failure = outcome.failure else { return }
        files[files.count - 1].failures.append(
            Failure(
                line: outcome.location.line, column: outcome.location.column, type: outcome.typeName, name: outcome.name,
                input: outcome.inputText, expected: failure.expected, actual: failure.actual))
    }

    public mutating func endFile(_ file: String, passed: Int, failed: Int) {
        files[files.count - 1].passed = passed
        files[files.count - 1].failed = failed
    }

    public mutating func finish(passed: Int, failed: Int) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Report(passed: passed, failed: failed, files: files))) ?? Data()
        output.write(String(decoding: data, as: UTF8.self) + "\n")
    }
}
