import Foundation
import RuleCore
import RuleGen
import RuleTestSupport
import RuleYAML
import Testing

@Suite struct SwiftGeneratorTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardizedFileURL
    /// The generator's output for `rules/`, which `GeneratedCodeTests` compiles and runs on `specs/`.
    static let goldens = root.appendingPathComponent("Tests/GeneratedCodeTests/Golden")

    /// Generates Swift for the rule files at `paths`, as `rulecheck generate swift` does.
    static func generate(_ paths: [String]) throws -> SwiftGenerator.Result {
        var diagnostics: [Diagnostic] = []
        let sources = paths.flatMap { path in
            RuleFileLoader.yamlFiles(at: [path], diagnostics: &diagnostics).map { RuleSource(path: $0, foundIn: path) }
        }
        let loaded = RuleFileLoader.declarationsOnly().load(sources.map(\.path))
        let rules = try #require(loaded.ruleSet, "\(DiagnosticRenderer.plain.render(diagnostics + loaded.diagnostics))")
        return SwiftGenerator(rules: rules, sources: sources).generate()
    }

    /// Generates Swift for one rule file's text, named `rules/task.yaml`.
    static func generate(yaml: String) throws -> SwiftGenerator.Result {
        let loaded = RuleFileLoader.declarationsOnly().load(yaml: yaml, file: "rules/task.yaml")
        let rules = try #require(loaded.ruleSet, "\(DiagnosticRenderer.plain.render(loaded.diagnostics))")
        return SwiftGenerator(rules: rules, sources: [RuleSource(path: "rules/task.yaml", foundIn: "rules/task.yaml")])
            .generate()
    }

    /// The rule folders whose output `GeneratedCodeTests` compiles: the repository's, one that
    /// uses every feature of the rule format, and the custom checks example, which it implements.
    static let ruleFolders = ["rules", "Tests/GeneratedCodeTests/Features/rules", "Examples/CustomChecks/rules"]

    static let ruleFiles = ruleFolders.flatMap { Fixture.all(in: "../../" + $0, ext: "yaml") }

    @Test("each rule file generates its golden file", arguments: ruleFiles)
    func golden(_ ruleFile: Fixture) throws {
        // NB: a folder at once, since a type may extend a type of another file.
        let result = try Self.generate([ruleFile.url.deletingLastPathComponent().path])
        // NB: rules/unicode.yaml's menus hold "café", which names no Swift case: they keep String values.
        let expected =
            ruleFile.url.deletingLastPathComponent().standardizedFileURL.path
                == Self.root.appendingPathComponent("rules").standardizedFileURL.path
            ? ["Dish", "NormalizedDish"] : []
        #expect(
            result.diagnostics.map(\.message)
                == expected.map {
                    "'oneOf' value 'café' names no Swift case (in lowerCamelCase, its ASCII letters and digits, "
                        + "starting with a letter, and unlike the other values), so '\($0)' keeps 'String' values in "
                        + "generated Swift"
                })
        let name = ruleFile.url.deletingPathExtension().lastPathComponent + ".rules.swift"
        let file = try #require(result.files.first { $0.name == name })
        try assertGolden(file.contents, at: Self.goldens.appendingPathComponent(name))
    }

    @Test func everyGoldenFileHasItsRuleFile() {
        let rules = Set(Self.ruleFiles.map { $0.url.deletingPathExtension().lastPathComponent + ".rules.swift" })
        let goldens = Set(Fixture.all(in: "../GeneratedCodeTests/Golden", ext: "swift").map(\.description))
        #expect(goldens == rules)
    }

    /// What every generated type repeats lives in RuleCore's protocols, so a type keeps only what
    /// is its own: the seeds' rule files, 15 types and models, generate under 1,040 lines (866 at
    /// issue 10, 1,896 before; 935 with issue 16's forms, about 20 lines a model; 1,002 with
    /// signup's `NewEmail` and two server codes, 67 lines; 1,035 with a value object's cases made
    /// of its validator's first miss, `init?(outcome:bound:value:)`, for issue 22's speed, two lines
    /// a type), and the repository's rules, with format 1.1's, under 75 a declaration.
    @Test func generatedCodeStaysSmall() throws {
        let path = Self.root.appendingPathComponent("rules").path
        let files = try Self.generate([path]).files
        func lines(_ file: GeneratedFile) -> Int {
            file.contents.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        }
        let seeds = ["login", "signup", "task", "user_search", "username"].map { "\($0).rules.swift" }
        let seedFiles = files.filter { seeds.contains($0.name) }
        #expect(seedFiles.count == seeds.count)
        #expect(seedFiles.map(lines).reduce(0, +) < 1_040)
        let rules = try #require(RuleFileLoader().load([path]).ruleSet)
        let declarations = rules.types.count + rules.models.count
        #expect(files.map(lines).reduce(0, +) < 75 * declarations, "for \(declarations) types and models")
    }

    @Test func theSameRulesGiveTheSameBytes() throws {
        let path = Self.root.appendingPathComponent("rules").path
        #expect(try Self.generate([path]).files == Self.generate([path]).files)
    }

    @Test func theDocumentationExampleRuns() throws {
        let path = Self.root.appendingPathComponent("rules/task.yaml").path
        let result = SwiftGenerator(
            rules: try #require(RuleFileLoader().load([path]).ruleSet), sources: [RuleSource(path: path, foundIn: path)]
        ).generate()
        #expect(result.files.map(\.name) == ["task.rules.swift"])
        #expect(
            result.files[0].contents.hasPrefix(
                "// Generated by `rulecheck generate swift` from task.yaml. DO NOT EDIT.\n"))
    }

    struct Edit: Sendable, CustomTestStringConvertible {
        var what: String
        var before: String
        var after: String
        /// Generated text that only the edited rules give.
        var expected: String
        var testDescription: String { what }
    }

    static let taskTitle = """
        rulecheck: 1
        types:
          TaskTitle:
            normalize: [trim]
            checks:
              - length: { min: 1, max: 20, code: { tooShort: titleTooShort, tooLong: titleTooLong } }
            messages:
              titleTooLong: { en: "The title is too long.", ja: "タイトルが長すぎます。" }
        """

    @Test(
        "editing a rule file changes the generated code",
        arguments: [
            Edit(what: "a bound", before: "max: 20", after: "max: 30", expected: "LengthCheck(min: 1, max: 30)"),
            Edit(
                what: "a unit", before: "max: 20,", after: "max: 20, unit: bytes,",
                expected: "LengthCheck(min: 1, max: 20, unit: .bytes)"),
            Edit(
                what: "a normalizer", before: "[trim]", after: "[trim, nfkc]", expected: "normalizers: [.trim, .nfkc]"),
            Edit(
                what: "a code", before: "tooLong: titleTooLong", after: "tooLong: tooManyCharacters",
                expected: "case tooManyCharacters(max: Int)"),
            Edit(
                what: "a message", before: "The title is too long.", after: "Shorter, please.",
                expected: "[\"en\": \"Shorter, please.\""),
            Edit(
                what: "a message showing the value", before: "too long.", after: "too long: {value}",
                expected: "case titleTooLong(max: Int, value: String)"),
            Edit(
                what: "optional", before: "    normalize", after: "    optional: true\n    normalize",
                expected: "RuleCoreVersion.OptionalValueObject"),
        ])
    func editingChangesTheCode(_ edit: Edit) throws {
        let before = try Self.generate(yaml: Self.taskTitle).files[0].contents
        let after = try Self.generate(yaml: Self.taskTitle.replacingOccurrences(of: edit.before, with: edit.after))
            .files[0].contents
        #expect(!before.contains(edit.expected))
        #expect(after.contains(edit.expected))
    }

    struct Wrong: Sendable, CustomTestStringConvertible {
        var why: String
        var yaml: String
        var expected: String
        var testDescription: String { why }
    }

    @Test(
        "each rule that generated code cannot express gets its diagnostic",
        arguments: [
            Wrong(
                why: "a type named after a name generated code uses",
                yaml: "types:\n  String:\n    checks: [required]\n",
                expected:
                    "rules/task.yaml:3:3: error: 'String' would hide the 'String' that generated Swift code uses; rename it"
            ),
            Wrong(
                why: "a type named after a Foundation type generated code uses",
                yaml: "types:\n  Date:\n    checks: [required]\n",
                expected:
                    "rules/task.yaml:3:3: error: 'Date' would hide the 'Date' that generated Swift code uses; rename it"
            ),
            Wrong(
                why: "a type named after a RuleCore type generated code uses",
                yaml: "types:\n  DateOffset:\n    checks: [required]\n",
                expected:
                    "rules/task.yaml:3:3: error: 'DateOffset' would hide the 'DateOffset' that generated Swift code uses; rename it"
            ),
            Wrong(
                why: "a code named after a member of Violation",
                yaml: "types:\n  Title:\n    checks:\n      - length: { max: 3, code: message }\n",
                expected: """
                    rules/task.yaml:5:9: error: code 'message' would name a case of 'Title.Violation', which has a member of that name; rename the code
                    """),
            Wrong(
                why: "a field named after a parameter of the model's initializer",
                yaml: "types:\n  Name: {}\nmodels:\n  Form:\n    fields:\n      context: Name\n",
                expected: """
                    rules/task.yaml:7:7: error: field 'context' would collide with 'context' in generated code; rename the field, or name its property with 'swiftName:'
                    rules/task.yaml:5:3: note: in model 'Form'
                    """),
            Wrong(
                why: "a code of a check across fields named after a field",
                yaml:
                    "types:\n  Name: {}\nmodels:\n  Form:\n    fields:\n      a: Name\n      b: Name\n    checks:\n      - equal: { fields: [a, b], code: a }\n",
                expected: """
                    rules/task.yaml:10:9: error: code 'a' would collide with a field or member of 'Form.Violation'; rename the code
                    rules/task.yaml:5:3: note: in model 'Form'
                    """),
            Wrong(
                why: "a field named as a list's own case",
                yaml:
                    "types:\n  Name: {}\nmodels:\n  Form:\n    fields:\n      tags: { list: Name }\n      tagsRequired: Name\n",
                expected: """
                    rules/task.yaml:7:7: error: list 'tags' has the case 'tagsRequired' in 'Form.Violation', which another field or member would also name; rename that field, or name its property with 'swiftName:'
                    rules/task.yaml:5:3: note: in model 'Form'
                    """),
            Wrong(
                why: "two fields whose keys are one property in lowerCamelCase",
                yaml:
                    "types:\n  Name: {}\nmodels:\n  Form:\n    fields:\n      display_name: Name\n      displayName: Name\n",
                expected: """
                    rules/task.yaml:8:7: error: fields 'display_name' and 'displayName' would both be the property 'displayName' in generated Swift; rename the field, or name its property with 'swiftName:'
                    rules/task.yaml:5:3: note: in model 'Form'
                    """),
            Wrong(
                why: "a swiftName that generated code uses",
                yaml:
                    "types:\n  Name: {}\nmodels:\n  Form:\n    fields:\n      post-code: { type: Name, swiftName: context }\n",
                expected: """
                    rules/task.yaml:7:43: error: field 'post-code' would collide with 'context' in generated code; choose another 'swiftName'
                    rules/task.yaml:5:3: note: in model 'Form'
                    """),
            Wrong(
                why: "a field named after a member of the model's form",
                yaml: "types:\n  Name: {}\nmodels:\n  Order:\n    fields:\n      submit: Name\n",
                expected: """
                    rules/task.yaml:7:7: error: field 'submit' would collide with 'submit' in generated code; rename the field, or name its property with 'swiftName:'
                    rules/task.yaml:5:3: note: in model 'Order'
                    """),
            Wrong(
                why: "a type named after a model's form",
                yaml: "types:\n  Name: {}\n  OrderForm: {}\nmodels:\n  Order:\n    fields:\n      name: Name\n",
                expected:
                    "rules/task.yaml:4:3: error: 'OrderForm' would collide with the form generated for model 'Order'; rename it"
            ),
        ])
    func diagnosesWhatCannotBeGenerated(_ wrong: Wrong) throws {
        let result = try Self.generate(yaml: "rulecheck: 1\n" + wrong.yaml)
        #expect(result.files.isEmpty)
        #expect(DiagnosticRenderer.plain.render(result.diagnostics) == wrong.expected + "\n")
    }

    /// Each field of a form holds its input as a SwiftUI control binds it.
    @Test(
        "a form's field holds the raw input of its type's kind",
        arguments: [
            ("type: string", "Field<String>(\"a\")"), ("type: integer", "Field<String>(\"a\")"),
            ("type: decimal", "Field<String>(\"a\")"), ("type: boolean", "Field<Bool>(\"a\")"),
            ("type: date", "Field<Date?>(\"a\")"),
            ("type: date\n    optional: true", "Field<Date?>(\"a\", optional: true)"),
            ("type: boolean\n    optional: true", "Field<Bool?>(\"a\", optional: true)"),
            ("checks: [{ oneOf: [x, y] }]", "Field<A.Value?>(\"a\")"),
            ("checks: [{ oneOf: [赤, y] }]", "Field<String>(\"a\")"),
        ])
    func formFieldRawInput(type: String, expected: String) throws {
        let yaml = "rulecheck: 1\ntypes:\n  A:\n    \(type)\nmodels:\n  M:\n    fields:\n      a: A\n"
        let file = try #require(try Self.generate(yaml: yaml).files.first)
        #expect(file.contents.contains("public final class MForm: RuleCoreGeneratedCodeVersion1.Form<M> {"))
        #expect(file.contents.contains("    public let a = \(expected)\n"))
        // NB: a `Date` (or a `Decimal`) in a public declaration needs Foundation imported publicly;
        // elsewhere a public import would warn in the app's build that it is not used.
        let foundation = type.contains("date") || type.contains("decimal") ? "public import" : "import"
        #expect(file.contents.contains("\n\(foundation) Foundation\n@_spi(Generated) public import RuleCore\n"))
    }

    @Test func aFormFieldOfAListOrAModelHoldsItsItemsOrANestedForm() throws {
        let yaml = """
            rulecheck: 1
            types:
              Tag: {}
            models:
              Inner:
                fields:
                  tag: Tag
              Outer:
                fields:
                  tags: { list: Tag }
                  inner: Inner
                  inners: { list: Inner, optional: true }
            """
        let file = try #require(try Self.generate(yaml: yaml + "\n").files.first)
        #expect(file.contents.contains("    public let tags = Field<[String]>(\"tags\")\n"))
        #expect(file.contents.contains("    public let inner = Subform<Inner, InnerForm>(\"inner\")\n"))
        #expect(
            file.contents.contains("    public let inners = Field<[ValidationInput]>(\"inners\", optional: true)\n"))
        #expect(file.contents.contains("public override var fields: [AnyField] { [tags, inner, inners] }"))
    }

    @Test func rulesThatWouldGenerateOneFileTwiceAreDiagnosed() throws {
        let folder = try TemporaryFolder()
        try folder.write("rulecheck: 1\ntypes:\n  A: {}\n", to: "rules/auth/login.yaml")
        try folder.write("rulecheck: 1\ntypes:\n  B: {}\n", to: "rules/auth_login.yaml")
        let result = try Self.generate([folder.url.appendingPathComponent("rules").path])
        #expect(result.files.isEmpty)
        #expect(
            DiagnosticRenderer.plain.render(result.diagnostics)
                == "rulecheck: error: rule files 'rules/auth/login.yaml' and 'rules/auth_login.yaml' would both generate 'auth_login.rules.swift'; rename one of them\n"
        )
    }
}

extension SwiftGeneratorTests {
    @Test("the example app's rules are the repository's", arguments: ["login.yaml", "task.yaml"])
    func theExamplesRulesAreTheRepositorysRules(_ name: String) throws {
        let original = try Data(contentsOf: Self.root.appendingPathComponent("rules/" + name))
        let copy = try Data(
            contentsOf: Self.root.appendingPathComponent("Examples/TaskApp/Sources/TaskApp/rules/" + name))
        #expect(copy == original, "copy rules/\(name) to Examples/TaskApp/Sources/TaskApp/rules/")
    }

    struct Shared: Sendable, CustomTestStringConvertible {
        var why: String
        var yaml: String
        var cases: [String]
        var testDescription: String { why }
    }

    @Test(
        "outcomes that share a code get a case each, told apart by identity",
        arguments: [
            Shared(
                why: "one code from two checks with different messages",
                yaml: """
                    types:
                      Code:
                        checks:
                          - pattern: { regex: '.*[a-z].*', message: Use a letter. }
                          - pattern: { regex: '.*[0-9].*', message: Use a digit. }
                    """,
                cases: ["case patternMismatch\n", "case patternMismatch2\n", "case 3: self = .patternMismatch2"]),
            Shared(
                why: "one code of checks across fields on two fields",
                yaml: """
                    types:
                      Name: {}
                    models:
                      Form:
                        fields: { a: Name, b: Name, c: Name }
                        checks:
                          - equal: [a, b]
                          - equal: [a, c]
                    """,
                cases: [
                    "case mismatch\n", "case mismatchC\n",
                    #"case .mismatchC: Self.violation(Form.validator, 3, path: ["c"])"#,
                ]),
            Shared(
                why: "a code of a check across fields that the field's type reports too",
                yaml: """
                    types:
                      Name:
                        checks:
                          - length: { min: 1, max: 3, code: differs }
                    models:
                      Form:
                        fields: { a: Name, b: Name }
                        checks:
                          - equal: { fields: [a, b], code: differs }
                    """,
                cases: ["case differsTooLong(max: Int)", "case b(Name.Violation)", "case 2?: self = .differs\n"]),
        ])
    func generatesACasePerOutcome(_ shared: Shared) throws {
        let result = try Self.generate(yaml: "rulecheck: 1\n" + shared.yaml)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let code = try #require(result.files.first).contents
        for expected in shared.cases { #expect(code.contains(expected), "no '\(expected)' in:\n\(code)") }
    }

    /// The case declarations of the generated `Violation` enum of model `Form` in `code`.
    static func caseNames(of model: String, in code: String) throws -> [String] {
        let start = try #require(code.range(of: "extension \(model) {\n"))
        let end = try #require(code.range(of: "public init?(_ violation:", range: start.upperBound..<code.endIndex))
        return code[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            let line = line.trimmingCharacters(in: .whitespaces)
            return line.hasPrefix("case ") ? String(line.dropFirst(5)) : nil
        }.sorted()
    }

    /// A list's own cases are named by its field, so reordering fields renames none of them.
    @Test func aListsCasesAreNamedByItsFieldWhateverTheFieldsOrder() throws {
        func yaml(_ fields: [String]) -> String {
            """
            rulecheck: 1.1
            types:
              Tag: {}
            models:
              Form:
                fields:
            \(fields.map { "      " + $0 + "\n" }.joined())
            """
        }
        let fields = [
            "box_sizes: { list: Tag, maxItems: 3 }", "labels: { list: Tag, minItems: 1, maxItems: 5, unique: true }",
            "tag-list: { list: Tag, maxItems: 2, optional: true, swiftName: tagList }",
        ]
        let forward = try #require(try Self.generate(yaml: yaml(fields)).files.first).contents
        let backward = try #require(try Self.generate(yaml: yaml(fields.reversed())).files.first).contents
        let names = try Self.caseNames(of: "Form", in: forward)
        #expect(names == (try Self.caseNames(of: "Form", in: backward)))
        for expected in [
            "boxSizesTooManyItems(max: Int)", "boxSizesRequired", "boxSizesInvalidFormat(value: String)",
            "labelsTooFewItems(min: Int)", "labelsTooManyItems(max: Int)", "labelsDuplicateItem(value: String)",
            "tagListTooManyItems(max: Int)", "tagListInvalidFormat(value: String)",
        ] {
            #expect(names.contains(expected), "no '\(expected)' in \(names)")
        }
        #expect(!names.contains { $0.hasPrefix("tooManyItems") || $0.hasPrefix("tagListRequired") }, "\(names)")
    }
}

extension SwiftGeneratorTests {
    struct Shape: Sendable, CustomTestStringConvertible {
        var what: String
        var yaml: String
        /// Generated text the rules must give, and text they must not.
        var present: [String]
        var absent: [String] = []
        var testDescription: String { what }
    }

    @Test(
        "generated Swift is typed as the rules say",
        arguments: [
            Shape(
                what: "a bound left out has no case",
                yaml: "types:\n  Name:\n    checks:\n      - length: { max: 30 }\n",
                present: ["case tooLong(max: Int)", "case required\n"], absent: ["tooShort"]),
            Shape(
                what: "an optional type has no required case",
                yaml: "types:\n  Name:\n    optional: true\n    checks:\n      - length: { min: 2 }\n",
                present: ["case tooShort(min: Int)", "case invalidFormat(value: String)"],
                absent: ["case required", "tooLong"]),
            Shape(
                what: "an optional type that a field requires has a required case",
                yaml:
                    "types:\n  Name:\n    optional: true\nmodels:\n  Form:\n    fields:\n      name: { type: Name, optional: false }\n",
                present: ["case required\n", "name: String,"]),
            Shape(
                what: "an integer type's bounds are Int, a decimal type's Decimal",
                yaml: """
                    types:
                      Age:
                        type: integer
                        checks: [{ range: { min: 18 } }]
                      Rate:
                        type: decimal
                        checks: [{ range: { max: 0.5 } }]
                    models:
                      Form:
                        fields: { age: Age, rate: { type: Rate, optional: true } }
                    """,
                present: [
                    "case tooSmall(min: Int)", "case tooLarge(max: Decimal)", "public let value: Int",
                    "public let value: Decimal", "age: Int,", "rate: Decimal? = nil,",
                ],
                absent: ["min: DecimalNumber)", "max: DecimalNumber)", "tooLarge(max: Int)", "tooSmall(min: Decimal)"]),
            Shape(
                what: "dates, booleans and lists are Swift's",
                yaml: """
                    types:
                      Day: { type: date }
                      Flag: { type: boolean }
                    models:
                      Form:
                        fields: { day: Day, flag: Flag, days: { list: Day } }
                    """,
                present: ["day: LocalDate,", "flag: Bool,", "days: [LocalDate],", "public let days: [Day]"]),
            Shape(
                what: "a string oneOf is an enum of its values, raw values as written",
                yaml: """
                    types:
                      Channel:
                        checks:
                          - oneOf: [email, post-box, SMS, "default"]
                    models:
                      Form:
                        fields: { channel: Channel }
                    """,
                present: [
                    "public enum Value: String, RuleCoreVersion.CaseValue", "case email\n",
                    "case postBox = \"post-box\"", "case sms = \"SMS\"", "case `default`\n",
                    "public let value: Value", "channel: Channel.Value,",
                ]),
            Shape(
                what: "snake_case and kebab-case keys are lowerCamelCase properties whose CodingKeys keep the keys",
                yaml: """
                    rulecheck: 1.1
                    types:
                      Name: {}
                    models:
                      Form:
                        fields:
                          display_name: Name
                          post-code: { type: Name, swiftName: postalCode }
                          city: Name
                    """,
                present: [
                    "public let displayName: Name", "public let postalCode: Name",
                    "case displayName = \"display_name\"",
                    "case postalCode = \"post-code\"", "case city\n", "displayName: String,", "\"display_name\": ",
                    "case \"post-code\": Self.field(violation, Self.postalCode)",
                ]),
            Shape(
                what: "a field that holds a model takes that model's type",
                yaml: """
                    types:
                      Name: {}
                    models:
                      Address:
                        fields: { city: Name }
                      Form:
                        fields:
                          shipping: Address
                          billing: { type: Address, optional: true }
                          stops: { list: Address }
                          others: { list: Address, optional: true }
                    """,
                present: [
                    "shipping: Address,", "billing: Address? = nil,", "stops: [Address],", "others: [Address]? = nil,",
                    "public let shipping: Address\n", "public let billing: Address?\n",
                    "\"shipping\": RuleCoreVersion.input(shipping)", "\"others\": RuleCoreVersion.input(others)",
                ],
                absent: ["shipping: ValidationInput", "billing: ValidationInput"]),
            Shape(
                what: "keys Swift spells as they are need no CodingKeys",
                yaml: "types:\n  Name: {}\nmodels:\n  Form:\n    fields: { name: Name }\n",
                present: ["public let name: Name"], absent: ["CodingKeys"]),
        ])
    func generatesTypedShapes(_ shape: Shape) throws {
        let yaml = shape.yaml.hasPrefix("rulecheck:") ? shape.yaml : "rulecheck: 1\n" + shape.yaml
        let result = try Self.generate(yaml: yaml)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let code = try #require(result.files.first).contents
        for expected in shape.present { #expect(code.contains(expected), "no '\(expected)' in:\n\(code)") }
        for unexpected in shape.absent { #expect(!code.contains(unexpected), "'\(unexpected)' in:\n\(code)") }
    }

    @Test func aOneOfValueThatNamesNoCaseKeepsStringValuesWithAWarning() throws {
        let result = try Self.generate(
            yaml: "rulecheck: 1\ntypes:\n  Color:\n    checks:\n      - oneOf: [赤, 青]\n")
        #expect(
            DiagnosticRenderer.plain.render(result.diagnostics)
                == "rules/task.yaml:5:9: warning: 'oneOf' value '赤' names no Swift case (in lowerCamelCase, its ASCII letters and digits, starting with a letter, and unlike the other values), so 'Color' keeps 'String' values in generated Swift\n"
        )
        let code = try #require(result.files.first).contents
        #expect(code.contains("public let value: String"))
        #expect(!code.contains("enum Value"))
    }

    /// A rule file's custom checks are implemented in an enum named for the file, conforming to a
    /// protocol of one requirement a check, which the value objects call; a type named like either
    /// is an error, since the file would declare it twice.
    @Test func customChecksAreRequirementsOfAProtocolNamedForTheFile() throws {
        let yaml = """
            rulecheck: 1.3
            custom:
              even: { applies: integer, code: odd, description: "an even number" }
            types:
              Pair:
                type: integer
                checks: [even]
            """
        let file = try #require(try Self.generate(yaml: yaml).files.first)
        #expect(file.contents.contains("protocol TaskCustomChecking {\n"))
        #expect(file.contents.contains("    static func even(_ value: Int) -> Bool\n"))
        #expect(file.contents.contains("enum TaskCustomChecks: TaskCustomChecking {}\n"))
        #expect(file.contents.contains("{ TaskCustomChecks.even($0) }"))

        let taken = try Self.generate(yaml: yaml + "\n  TaskCustomChecks:\n    checks: [{ length: { max: 3 } }]\n")
        #expect(taken.files.isEmpty)
        #expect(
            taken.diagnostics.map(\.message) == [
                "the custom checks of 'rules/task.yaml' would be implemented in 'TaskCustomChecks', which type or "
                    + "model 'TaskCustomChecks' also names; rename it"
            ])
    }
}
