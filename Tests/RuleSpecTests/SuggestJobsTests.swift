import Foundation
import RuleCore
import RuleSpec
import RuleTestSupport
import RuleTooling
import Testing

/// `suggest` searches for the survivors' cases on several threads; what it finds, and in which
/// order, is what one thread finds.
@Suite struct SuggestJobsTests {
    @Test func theSuggestionsOfThreeJobsAreThoseOfOne() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            rulecheck: 1.1
            types:
              Name:
                normalize: [trim, nfc]
                checks:
                  - length: { min: 1, max: 10 }
              Tag:
                checks:
                  - length: { min: 1, max: 5 }
                  - oneOf: [a, bb, ccc]
              Age:
                type: integer
                checks:
                  - range: { min: 0, max: 150 }
            models:
              Person:
                fields:
                  name: Name
                  age: { type: Age, optional: true }
                  tags: { list: Tag, minItems: 1, maxItems: 3 }

            """, to: "rules/person.yaml")
        try folder.write("rulecheck: 1.1\nrules: ../rules\ncases: {}\n", to: "specs/empty.yaml")
        let path = folder.url.appendingPathComponent("specs").path
        let one = MutationRunner(options: SpecRunOptions(jobs: 1)).run([path], suggest: true)
        let three = MutationRunner(options: SpecRunOptions(jobs: 3)).run([path], suggest: true)
        #expect(!one.diagnostics.hasErrors, "\(one.diagnostics)")
        let found = one.results.compactMap(\.suggestion?.yaml)
        #expect(found.count >= 10, "\(found)")
        #expect(three.results.map(\.mutation.change) == one.results.map(\.mutation.change))
        #expect(three.results.map(\.suggestion?.yaml) == one.results.map(\.suggestion?.yaml))
    }
}
