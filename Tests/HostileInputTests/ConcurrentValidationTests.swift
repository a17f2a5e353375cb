import Foundation
import RuleCore
import RuleYAML
import Testing

@testable import RuleSpec

/// One `RuleSet`'s validators shared by many tasks at once give what a sequential run gives; run
/// under `swift test --sanitize=thread` (`Scripts/sanitizers.sh`), this also shows they share no
/// mutable state.
@Suite struct ConcurrentValidationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardizedFileURL

    /// Every `in:` of the repository's spec files with its validator, and a few hostile values.
    static func work() throws -> [(validator: Validator, input: ValidationInput)] {
        let rules = try #require(RuleFileLoader().load([repository.appendingPathComponent("rules").path]).ruleSet)
        var work: [(validator: Validator, input: ValidationInput)] = []
        var diagnostics: [Diagnostic] = []
        for file in RuleFileLoader.yamlFiles(
            at: [repository.appendingPathComponent("specs").path], diagnostics: &diagnostics)
        {
            let reader = try SpecFileReader(file: file, bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: file))))
            _ = try reader.readHeader()
            while let specCase = try reader.nextCase() {
                if let validator = rules.validator(named: specCase.typeName) {
                    work.append((validator, specCase.input))
                }
            }
        }
        let hostile: [ValidationInput] = [
            .text(String(repeating: "a1", count: RulePattern.maximumInputLength)), .text("\u{3000}\u{0600} \u{0301}"),
            .text("\u{FFFD}\0"), .record(["email": .record([:])]), .absent,
        ]
        for name in rules.names { work += hostile.map { (rules.validator(named: name)!, $0) } }
        return work
    }

    @Test func validatorsSharedByEightTasksGiveTheSequentialResults() async throws {
        let work = try Self.work()
        // NB: a clock, not a fixed day, so that the tasks also share the time zone and calendar look-ups.
        let noon = Date(timeIntervalSince1970: 1_795_316_400)  // 2026-11-22 12:00 in Tokyo
        let context = ValidationContext(clock: { noon }, timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        let expected = work.map { $0.validator.validate($0.input, context: context) }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for step in 0..<10_000 {
                        let index = (task * 1_237 + step) % work.count
                        if work[index].validator.validate(work[index].input, context: context) != expected[index] {
                            mismatches += 1
                        }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(work.count > 100)
        #expect(mismatches == 0)
    }
}
