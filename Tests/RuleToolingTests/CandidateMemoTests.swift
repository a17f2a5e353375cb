import RuleCore
import Testing

@testable import RuleTooling

/// `suggest`'s memo keeps results by input; an input must never stand for another one, least of
/// all canonically equivalent text, which `ValidationInput`'s own hashing calls equal.
@Suite struct CandidateMemoTests {
    static let distinct: [ValidationInput] = [
        .absent, .text(""), .string(""), .text("caf\u{E9}"), .text("cafe\u{301}"), .text("\u{212B}"),
        .text("\u{C5}"), .boolean(true), .boolean(false), .list([]), .list([.text("a")]),
        .list([.text("a"), .absent]), .list([.list([])]), .record([:]), .record(["a": .absent]),
        .record(["a": .text("")]), .record(["a": .text("b")]), .record(["ab": .absent]),
        .record(["caf\u{E9}": .absent]), .record(["a": .list([.record([:])])]),
    ]

    @Test("each of these inputs has a key of its own, canonically equivalent text too")
    func keysAreExact() throws {
        let keys = try Self.distinct.map { try #require(CandidateSearch.exactKey($0)) }
        #expect(Set(keys).count == Self.distinct.count)
        #expect(ValidationInput.text("caf\u{E9}") == .text("cafe\u{301}"))  // NB: what the input's == says
        #expect(CandidateSearch.exactKey(.number(DecimalNumber("1")!)) == nil)
        #expect(CandidateSearch.exactKey(.text("a"), after: [1]) != CandidateSearch.exactKey(.text("a"), after: [0]))
    }

    @Test("a memo answers with the result it was given for the same key, and asks again for another")
    func memoKeepsResults() {
        let memo = CandidateSearch.Memo()
        let composed = CandidateSearch.exactKey(.text("caf\u{E9}"))!
        let decomposed = CandidateSearch.exactKey(.text("cafe\u{301}"))!
        var asked = 0
        let valid = ValidationResult.valid(.string("x"))
        #expect(
            memo.result(composed) {
                asked += 1; return valid
            } == valid)
        #expect(
            memo.result(composed) {
                asked += 1; return nil
            } == valid)
        #expect(
            memo.result(decomposed) {
                asked += 1; return nil
            } == nil)
        #expect(asked == 2)
    }
}
