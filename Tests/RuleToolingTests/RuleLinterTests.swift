import RuleCore
import RuleTooling
import Testing

@Suite struct RuleLinterTests {
    @Test func theDocumentationExampleFindsTheUnreachableOneOf() {
        let code = TypeRule(name: "Code", normalizers: [.uppercase], checks: [Check(OneOfCheck(values: ["jp"]))])
        let diagnostics = RuleLinter(types: [code], models: []).diagnostics()
        #expect(
            diagnostics.map(\.message) == [
                "no value can pass 'oneOf': each value it allows fails another rule of type 'Code'"
            ])
        #expect(diagnostics.first?.notes.first?.message == "normalization ('uppercase') turns 'jp' into 'JP'")
    }

    @Test func reachableValuesAndComparableBoundsPass() {
        let code = TypeRule(name: "Code", normalizers: [.uppercase], checks: [Check(OneOfCheck(values: ["JP", "US"]))])
        let window = TypeRule(
            name: "Window", base: .valueType(.date),
            checks: [
                Check(NotBeforeCheck(date: .fromToday(DateOffset(-13, .year)))), Check(NotAfterCheck(date: .today)),
            ])
        #expect(RuleLinter(types: [code, window], models: []).diagnostics().isEmpty)
    }
}
