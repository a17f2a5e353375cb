import Foundation
import RuleCore

/// One JSON document: counts per file and overall, and every failure with its location.
///
/// ```json
/// {"passed": 40, "failed": 1, "files": [{"file": "specs/task.yaml", "passed": 40, "failed": 1,
///   "failures": [{"line": 14, "column": 7, "type": "TaskTitle", "input": "\"   \"", …}]}]}
/// ```
public struct JSONReporter: SpecReporter {
    /// The whole report.
    public struct Report: Codable, Sendable {
        /// Cases that met their expectation.
        public var passed: Int
        /// Cases that did not.
        public var failed: Int
        /// Each spec file, in run order.
        public var files: [File]
    }

    /// One spec file's counts and failures.
    public struct File: Codable, Sendable {
        /// The spec file's path.
        public var file: String
        /// Its cases that met their expectation.
        public var passed: Int
        /// Its cases that did not.
        public var failed: Int
        /// Its failing cases, in file order.
        public var failures: [Failure]
    }

    /// One failing case.
    public struct Failure: Codable, Sendable {
        /// Where the case starts: line, from 1.
        public var line: Int
        /// Where the case starts: column in scalars, from 1.
        public var column: Int
        /// The type or model under test.
        public var type: String
        /// The case's `name:`, if any.
        public var name: String?
        /// The input as written.
        public var input: String
        /// The expectation, as the human report shows it.
        public var expected: String
        /// What happened instead.
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
                line: outcome.location.line, column: outcome.location.column, type: outcome.typeName,
                name: outcome.name,
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
