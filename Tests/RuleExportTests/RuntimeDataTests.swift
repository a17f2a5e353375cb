import Foundation
import RuleCore
import RuleExport
import RuleTestSupport
import Testing

/// The runtimes' generated data (`rulecheck export runtime-data`) is committed; these fail while a
/// committed file differs from what the engine writes. `RULECHECK_RECORD=1` rewrites them.
@Suite struct RuntimeDataTests {
    static let root = RepositoryRules.root

    @Test func theJavaScriptDataIsCurrent() throws {
        try assertGolden(
            RuntimeData.javaScript, at: Self.root.appendingPathComponent("runtimes/js/src/rulecheck-data.js"))
    }

    @Test func thePythonDataIsCurrent() throws {
        try assertGolden(
            RuntimeData.python,
            at: Self.root.appendingPathComponent("runtimes/python/src/rulecheck_runtime/_rulecheck_data.py"))
    }

    @Test func theDataNamesEveryCheckAndBoundOfTheEngine() {
        let text = RuntimeData.javaScript
        for check in CheckDescriptors.all { #expect(text.contains("\"\(check.name)\": {")) }
        for code in [
            "tooShort", "tooLong", "tooSmall", "tooLarge", "tooEarly", "tooLate", "tooFewItems", "tooManyItems",
        ] {
            #expect(text.contains("\"\(code)\": {"), "\(code)")
        }
        #expect(text.contains("本文はapplication/jsonで送ってください（Content-Typeがありません）。"))
    }
}
