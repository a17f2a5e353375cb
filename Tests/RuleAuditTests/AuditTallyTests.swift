import RuleAudit
import Testing

@Suite struct AuditTallyTests {
    /// A record: its file, line and violations; none means valid.
    struct Record: Sendable {
        let file: Int
        let line: Int
        let violations: [(path: String, code: String, value: String?)]
    }

    static let records: [Record] = [
        Record(file: 0, line: 1, violations: []),
        Record(file: 0, line: 2, violations: [("title", "tooLong", "a long title"), ("note", "tooLong", "n")]),
        Record(file: 0, line: 3, violations: [("title", "tooLong", "x"), ("title", "tooLong", "y")]),
        Record(file: 1, line: 1, violations: [("dueDate", "tooEarly", "2020-01-01")]),
        Record(file: 1, line: 2, violations: []),
        Record(file: 1, line: 7, violations: [("title", "tooLong", nil)]),
        Record(file: 0, line: 9, violations: [("", "required", nil)]),
    ]

    static func tally(_ records: some Sequence<Record>) -> AuditTally {
        var tally = AuditTally(examplesPerCode: 2)
        for record in records {
            if record.violations.isEmpty {
                tally.countValid(file: record.file)
            } else {
                tally.countInvalid(file: record.file, line: record.line, violations: record.violations)
            }
        }
        return tally
    }

    @Test("counts are of records: a record with two violations of one code counts once")
    func counts() {
        let tally = Self.tally(Self.records)
        #expect(tally.records == 7)
        #expect(tally.valid == 2)
        #expect(tally.invalid == 5)
        #expect(tally.codes == ["tooLong": 3, "tooEarly": 1, "required": 1])
        #expect(tally.paths == ["title": 3, "note": 1, "dueDate": 1, "": 1])
        #expect(tally.pathCodes["title"] == ["tooLong": 3])
        #expect(tally.files[0]?.records == 4)
        #expect(tally.files[1]?.invalid == 2)
    }

    @Test("the examples kept are the first in file order", arguments: [1, 2, 3, 7])
    func examplesInFileOrder(split: Int) {
        // Batches validated in any order, on any thread, merge to the same tally.
        let parts = stride(from: 0, to: Self.records.count, by: split).map {
            Self.tally(Self.records[$0..<min($0 + split, Self.records.count)])
        }
        var merged = AuditTally(examplesPerCode: 2)
        for part in parts.reversed() { merged.merge(part) }
        #expect(merged == Self.tally(Self.records))
        let places = merged.examples["tooLong"]?.map { "\($0.file):\($0.line):\($0.path)" }
        #expect(places == ["0:2:note", "0:2:title"])
    }

    @Test("unreadable lines are counted by reason, with their first lines")
    func unreadable() {
        var tally = AuditTally(examplesPerCode: 1)
        tally.countUnreadable(file: 0, line: 5, reason: .notJSON, message: "column 1: expected a value")
        tally.countUnreadable(file: 0, line: 2, reason: .notJSON, message: "column 3: expected a value")
        tally.countUnreadable(file: 0, line: 4, reason: .tooLong, message: "longer than the limit")
        #expect(tally.records == 3)
        #expect(tally.unreadable == 3)
        #expect(tally.reasons == ["notJSON": 2, "tooLong": 1])
        #expect(tally.unreadableExamples["notJSON"]?.map(\.line) == [2])
    }
}
