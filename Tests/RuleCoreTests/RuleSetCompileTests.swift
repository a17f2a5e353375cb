import Testing

@testable import RuleCore

/// Mistakes only visible across declarations: each gets its diagnostic at the declaration's place.
@Suite struct RuleSetCompileTests {
    static func at(_ line: Int) -> SourceRange {
        SourceRange(start: SourceLocation(file: "rules.yaml", line: line, column: 3))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var why: String
        var types: [TypeRule]
        var models: [ModelRule] = []
        var expected: [String]
        var testDescription: String { why }
    }

    @Test(
        "each cross-declaration mistake is diagnosed at its place",
        arguments: [
            Case(
                why: "unknown base type, with did you mean",
                types: [TypeRule(name: "Title", base: .named("strng", at: at(2)))],
                expected: ["rules.yaml:2:3: error: unknown type 'strng'; did you mean 'string'?"]),
            Case(
                why: "a cycle of bases",
                types: [
                    TypeRule(name: "A", base: .named("B", at: at(2))),
                    TypeRule(name: "B", base: .named("A", at: at(4))),
                ],
                expected: ["rules.yaml:4:3: error: type 'A' is based on itself: 'A' → 'B' → 'A'"]),
            Case(
                why: "a type based on itself",
                types: [TypeRule(name: "A", base: .named("A", at: at(2)))],
                expected: ["rules.yaml:2:3: error: type 'A' is based on itself: 'A' → 'A'"]),
            Case(
                why: "a check that does not apply to the value type",
                types: [
                    TypeRule(
                        name: "Age", base: .valueType(.integer), checks: [Check(LengthCheck(max: 3), at: at(5))],
                        at: at(2))
                ],
                expected: [
                    "rules.yaml:5:3: error: 'length' does not apply to an integer value; it applies to string",
                    "rules.yaml:2:3: note: in type 'Age'",
                ]),
            Case(
                why: "required on an optional type",
                types: [TypeRule(name: "Note", checks: [Check(RequiredCheck(), at: at(4))], optional: true, at: at(2))],
                expected: [
                    "rules.yaml:4:3: error: 'required' contradicts 'optional: true'; remove one of them",
                    "rules.yaml:2:3: note: in type 'Note'",
                ]),
            Case(
                why: "a name declared twice",
                types: [TypeRule(name: "A", at: at(2)), TypeRule(name: "A", at: at(7))],
                expected: ["rules.yaml:7:3: error: 'A' is declared twice", "rules.yaml:2:3: note: first declared here"]),
            Case(
                why: "a field of an unknown type",
                types: [TypeRule(name: "Title")],
                models: [
                    ModelRule(
                        name: "Task", fields: [.init(name: "title", typeName: "Titel", typeRange: at(9))], at: at(8))
                ],
                expected: [
                    "rules.yaml:9:3: error: unknown type 'Titel'; did you mean 'Title'?",
                    "rules.yaml:8:3: note: in model 'Task'",
                ]),
            Case(
                why: "a model that contains itself, reported once, where the cycle starts",
                types: [],
                models: [
                    ModelRule(name: "A", fields: [.init(name: "b", typeName: "B")], at: at(2)),
                    ModelRule(name: "B", fields: [.init(name: "a", typeName: "A")], at: at(5)),
                ],
                expected: ["rules.yaml:2:3: error: model 'A' contains itself: 'A' → 'B' → 'A'"]),
            Case(
                why: "a model that is its own field",
                types: [],
                models: [ModelRule(name: "A", fields: [.init(name: "a", typeName: "A")], at: at(2))],
                expected: ["rules.yaml:2:3: error: model 'A' contains itself: 'A' → 'A'"]),
            Case(
                why: "a long cycle of models, shortened",
                types: [],
                models: (0..<20).map {
                    ModelRule(name: "M\($0)", fields: [.init(name: "f", typeName: "M\(($0 + 1) % 20)")], at: at($0 + 2))
                },
                expected: [
                    "rules.yaml:2:3: error: model 'M0' contains itself: 'M0' → 'M1' → 'M2' → 'M3' → 'M4' → 'M5' → 'M6' → 'M7' → … → "
                        + "'M13' → 'M14' → 'M15' → 'M16' → 'M17' → 'M18' → 'M19' → 'M0'"
                ]),
            Case(
                why: "models nested deeper than the limit, reported at the outermost model first declared",
                types: [TypeRule(name: "T")],
                models: (0...RuleSet.maximumModelNesting).map { index in
                    ModelRule(
                        name: "M\(index)", fields: [.init(name: "f", typeName: index == 0 ? "T" : "M\(index - 1)")],
                        at: at(index + 2))
                },
                expected: [
                    "rules.yaml:66:3: error: model 'M64' nests models 65 deep, more than the limit of 64; flatten it"
                ]),
            Case(
                why: "a chain of base types longer than the limit, declared root first",
                types: [TypeRule(name: "T0")]
                    + (1...RuleSet.maximumBaseChain).map {
                        TypeRule(name: "T\($0)", base: .named("T\($0 - 1)", at: at($0 + 2)))
                    },
                expected: [
                    "rules.yaml:66:3: error: type 'T64' has more than 64 types in its chain of bases; base it on a type nearer the value type"
                ]),
            Case(
                why: "chains of base types longer than the limit, declared root last",
                types: (1...150).reversed().map { TypeRule(name: "T\($0)", base: .named("T\($0 - 1)", at: at($0 + 2))) }
                    + [TypeRule(name: "T0")],
                expected: [150, 85].map {
                    "rules.yaml:\($0 + 2):3: error: type 'T\($0)' has more than 64 types in its chain of bases; base it on a type nearer the value type"
                }),
            Case(
                why: "equal over an unknown field",
                types: [TypeRule(name: "P")],
                models: [
                    ModelRule(
                        name: "S",
                        fields: [.init(name: "password", typeName: "P"), .init(name: "confirmation", typeName: "P")],
                        checks: [Check(EqualCheck(fields: ["password", "confirmaton"]), at: at(6))], at: at(2))
                ],
                expected: [
                    "rules.yaml:6:3: error: 'equal' names unknown field 'confirmaton'; did you mean 'confirmation'?",
                    "rules.yaml:2:3: note: in model 'S'",
                ]),
        ])
    func diagnoses(_ c: Case) {
        #expect {
            _ = try RuleSet.compile(types: c.types, models: c.models)
        } throws: { error in
            let diagnostics = (error as? RuleSetError)?.diagnostics ?? []
            return DiagnosticRenderer.plain.render(diagnostics).split(separator: "\n").map(String.init) == c.expected
        }
    }

    @Test func aDerivedTypeExtendsItsBase() throws {
        let base = TypeRule(name: "Name", normalizers: [.trim], checks: [Check(LengthCheck(max: 5))])
        let derived = TypeRule(
            name: "Nick", base: .named("Name", at: nil), normalizers: [.lowercase],
            checks: [Check(LengthCheck(min: 2))])
        let rules = try RuleSet.compile(types: [derived, base], models: [])
        let nick = try #require(rules.typeValidator(named: "Nick"))
        #expect(nick.rule.normalizers == [.trim, .lowercase])
        #expect(nick.validate(" ABC ") == .valid(.string("abc")))
        #expect(nick.validate("a").violations.map(\.code) == ["tooShort"])
        #expect(nick.validate("abcdef").violations.map(\.code) == ["tooLong"])
    }

    /// Of rules with mistakes, what compiles on its own: each type that resolves and whose checks
    /// apply, each model whose fields all compile (never one in a cycle), for lint's spec checks.
    @Test func thePartThatCompilesLeavesOutWhatDependsOnAMistake() {
        let types = [
            TypeRule(name: "Title", checks: [Check(LengthCheck(min: 1, max: 20))]),
            TypeRule(name: "Count", base: .valueType(.integer), checks: [Check(LengthCheck(min: 1, max: 20))]),
            TypeRule(name: "Orphan", base: .named("Nope", at: nil)),
        ]
        let models = [
            ModelRule(name: "Note", fields: [.init(name: "title", typeName: "Title")]),
            ModelRule(name: "Order", fields: [.init(name: "count", typeName: "Count")]),
            ModelRule(name: "Box", fields: [.init(name: "note", typeName: "Note")]),
            ModelRule(name: "Loop", fields: [.init(name: "again", typeName: "Loop")]),
            ModelRule(
                name: "Odd", fields: [.init(name: "title", typeName: "Title")],
                checks: [Check(EqualCheck(fields: ["title", "x"]))]),
        ]
        #expect((try? RuleSet.compile(types: types, models: models)) == nil)
        let part = RuleSet.compilablePart(types: types, models: models)
        #expect(part.names == ["Title", "Note", "Box"])
        #expect(part.validator(named: "Box")?.validate(["note": ["title": ""]]).isValid == false)
    }
}
