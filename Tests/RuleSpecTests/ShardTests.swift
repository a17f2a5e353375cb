import Testing

@testable import RuleSpec

@Suite struct ShardTests {
    @Test("every case lands in exactly one shard", arguments: [1, 2, 3, 4, 7])
    func partition(_ count: Int) throws {
        let shards = try (1...count).map { try #require(Shard("\($0)/\(count)")) }
        for ordinal in 0..<500 {
            #expect(shards.filter { $0.contains(file: "specs/task.yaml", ordinal: ordinal) }.count == 1)
        }
    }

    @Test func sharesAreRoughlyEven() throws {
        let shard = try #require(Shard("1/4"))
        let share = (0..<4000).filter { shard.contains(file: "specs/a.yaml", ordinal: $0) }.count
        #expect((800...1200).contains(share))
    }

    /// The assignment is FNV-1a of the file and ordinal: the same on every machine and run, so
    /// N CI machines agree. These values pin it; a change of hash must be deliberate.
    @Test func theAssignmentIsStableAcrossProcesses() throws {
        let shards = try (1...3).map { try #require(Shard("\($0)/3")) }
        let assignment = (0..<8).map { ordinal in
            shards.firstIndex { $0.contains(file: "specs/task.yaml", ordinal: ordinal) }! + 1
        }
        #expect(assignment == Self.pinned)
    }

    static let pinned = [3, 1, 1, 2, 2, 3, 3, 1]

    @Test("malformed shards are refused", arguments: ["0/3", "4/3", "1/0", "a/b", "1", "1/2/3", "-1/2", ""])
    func refuses(_ text: String) {
        #expect(Shard(text) == nil)
    }
}
