import RuleCore
import Testing

@testable import RuleSpec

@Suite struct SpecFileReaderTests {
    static func read(
        _ yaml: String, recording: Bool = false, decoding: Bool = true
    ) -> (header: SpecHeader?, cases: [SpecCase], diagnostics: [Diagnostic]) {
        var cases: [SpecCase] = []
        do {
            let reader = try SpecFileReader(file: "spec.yaml", bytes: Array(yaml.utf8), recording: recording)
            reader.decodesEvents = decoding
            let header = try reader.readHeader()
            do {
                while let specCase = try reader.nextCase() { cases.append(specCase) }
                return (header, cases, reader.diagnostics)
            } catch {
                return (header, cases, reader.diagnostics + [error])
            }
        } catch {
            return (nil, cases, [error])
        }
    }

    struct Wrong: Sendable, CustomTestStringConvertible {
        var why: String
        var yaml: String
        var expected: String
        var testDescription: String { why }
    }

    @Test(
        "each kind of wrong spec file gets its diagnostic at its place",
        arguments: [
            Wrong(
                why: "bad YAML", yaml: "rulecheck: 1\ncases:\n  T:\n    - { in: \"a\", out: \"a\"\n",
                expected: "spec.yaml:5:1: error: did not find expected ',' or '}' while parsing a flow mapping"),
            Wrong(
                why: "a case with two expectations",
                yaml: "rulecheck: 1\ncases:\n  T:\n    - { in: a, out: a, errors: [x] }\n",
                expected: "spec.yaml:4:24: error: a case has exactly one expectation; found 'out' and 'errors'"),
            Wrong(
                why: "a case with no expectation", yaml: "rulecheck: 1\ncases:\n  T:\n    - { in: a }\n",
                expected:
                    "spec.yaml:4:7: error: a case needs one of 'out', 'valid' or 'errors'; run with '--update' to fill in the current result"
            ),
            Wrong(
                why: "a case without in", yaml: "rulecheck: 1\ncases:\n  T:\n    - { out: a }\n",
                expected: "spec.yaml:4:7: error: a case needs 'in:', the value to validate"),
            Wrong(
                why: "an unknown key in a case",
                yaml: "rulecheck: 1\ncases:\n  T:\n    - { in: a, ot: a, valid: true }\n",
                expected: "spec.yaml:4:16: error: unknown key 'ot' in a case; did you mean 'out'?"),
            Wrong(
                why: "an unknown key at the top", yaml: "rulecheck: 1\ntody: 2026-11-22\ncases:\n  T: []\n",
                expected: "spec.yaml:2:1: error: unknown key 'tody' in a spec file; did you mean 'today'?"),
            Wrong(
                why: "a malformed today", yaml: "rulecheck: 1\ntoday: 2026-11-31\ncases:\n  T: []\n",
                expected: "spec.yaml:2:8: error: expected a date as YYYY-MM-DD for 'today', found '2026-11-31'"),
            Wrong(
                why: "no version", yaml: "cases:\n  T: []\n",
                expected: "spec.yaml:1:1: error: missing 'rulecheck: 1' before 'cases:'"),
            Wrong(
                why: "a version from the future", yaml: "rulecheck: 2\ncases:\n  T: []\n",
                expected:
                    "spec.yaml:1:12: error: unsupported format version '2'; this rulecheck reads versions 1, 1.1, 1.2 and 1.3"
            ),
            Wrong(
                why: "settings after the cases", yaml: "rulecheck: 1\ncases:\n  T: []\ntoday: 2026-11-22\n",
                expected: "spec.yaml:4:1: error: 'today' must come before 'cases:'"),
            Wrong(
                why: "cases that are not a list", yaml: "rulecheck: 1\ncases:\n  T: { in: a }\n",
                expected: "spec.yaml:3:3: error: expected a list of cases for 'T', found a mapping"),
            Wrong(
                why: "valid: false", yaml: "rulecheck: 1\ncases:\n  T:\n    - { in: a, valid: false }\n",
                expected: "spec.yaml:4:23: error: 'valid' can only be true; to expect violations, list them in 'errors'"
            ),
            Wrong(
                why: "errors with no code", yaml: "rulecheck: 1\ncases:\n  T:\n    - { in: a, errors: [] }\n",
                expected: "spec.yaml:4:24: error: 'errors' lists no code; to expect a valid value, write 'valid: true'"),
            Wrong(
                why: "a duplicate key in a case",
                yaml: "rulecheck: 1\ncases:\n  T:\n    - { in: a, in: b, valid: true }\n",
                expected: "spec.yaml:4:16: error: duplicate key 'in'"),
            Wrong(
                why: "no cases", yaml: "rulecheck: 1\ntoday: 2026-11-22\n",
                expected: "spec.yaml:1:1: error: the spec file has no 'cases:'"),
        ])
    func diagnoses(_ c: Wrong) {
        let read = Self.read(c.yaml)
        #expect(read.cases.isEmpty)
        #expect(
            DiagnosticRenderer.plain.render(read.diagnostics).split(separator: "\n").first.map(String.init)
                == c.expected)
    }

    /// A misspelt key is one mistake: the key it misspells is not also reported missing.
    @Test(arguments: [
        ("{ inn: a, valid: true }", "spec.yaml:4:9: error: unknown key 'inn' in a case; did you mean 'in'?"),
        ("{ in: a, outt: a }", "spec.yaml:4:16: error: unknown key 'outt' in a case; did you mean 'out'?"),
        ("{ in: a, vaild: true }", "spec.yaml:4:16: error: unknown key 'vaild' in a case; did you mean 'valid'?"),
    ])
    func aMisspeltKeyIsOneDiagnostic(_ written: String, _ expected: String) {
        let read = Self.read("rulecheck: 1\ncases:\n  T:\n    - \(written)\n")
        #expect(read.cases.isEmpty)
        #expect(DiagnosticRenderer.plain.render(read.diagnostics) == expected + "\n")
    }

    struct Scalar: Sendable, CustomTestStringConvertible {
        var written: String
        var input: ValidationInput
        var testDescription: String { written }
    }

    @Test(
        "in: reads scalars as YAML 1.2 does",
        arguments: [
            Scalar(written: "no", input: .text("no")), Scalar(written: "010", input: .text("010")),
            Scalar(written: "1e3", input: .text("1e3")), Scalar(written: "\"123\"", input: .text("123")),
            Scalar(written: "'~'", input: .text("~")), Scalar(written: "~", input: .absent),
            Scalar(written: "null", input: .absent), Scalar(written: "", input: .absent),
            Scalar(written: "\"\"", input: .text("")), Scalar(written: "2026-11-22", input: .text("2026-11-22")),
            Scalar(written: "{ a: x, b: ~ }", input: .record(["a": .text("x"), "b": .absent])),
        ])
    func readsInputs(_ c: Scalar) throws {
        let read = Self.read("rulecheck: 1\ncases:\n  T:\n    - in: \(c.written)\n      valid: true\n")
        #expect(read.diagnostics.isEmpty)
        #expect(try #require(read.cases.first).input == c.input)
    }

    @Test func readsTheHeaderAndEveryCaseInOrder() throws {
        let read = Self.read(
            """
            rulecheck: 1
            rules: ../rules
            today: 2026-11-22
            language: ja
            cases:
              TaskTitle:
                - { in: "  a  ", out: "a", name: trimmed }
                - { in: "", errors: [tooShort], message: "短すぎます" }
              Task:
                - in: { title: "", dueDate: 2026-11-21 }
                  errors: { title: [tooShort], dueDate: tooEarly, login: { email: [x] } }
            """)
        #expect(read.diagnostics.isEmpty)
        let header = try #require(read.header)
        #expect(header.rules == "../rules" && header.today?.description == "2026-11-22" && header.language == "ja")
        #expect(read.cases.map(\.typeName) == ["TaskTitle", "TaskTitle", "Task"])
        #expect(read.cases.map(\.ordinal) == [0, 1, 2])
        #expect(read.cases.map(\.range.start.line) == [7, 8, 10])
        #expect(read.cases[0].expectation == .out(.scalar("a")) && read.cases[0].name == "trimmed")
        #expect(read.cases[1].messages == ["": "短すぎます"])
        #expect(
            read.cases[2].expectation
                == .errors(["title": ["tooShort"], "dueDate": ["tooEarly"], "login.email": ["x"]]))
        #expect(read.cases[2].inputText == "{title: \"\", dueDate: \"2026-11-21\"}")
    }

    @Test(
        "an input reads in a report as written: a record's fields in their order, at every depth",
        arguments: [
            ("plain", #""plain""#),
            ("~", "null"),
            ("[b, a, ~]", #"["b", "a", null]"#),
            (
                "{ z: 1, a: [x, { y: ~, b: [] }], m: { q: r, c: \"\" } }",
                #"{z: "1", a: ["x", {y: null, b: []}], m: {q: "r", c: ""}}"#
            ),
            ("[[{ b: 1, a: 2 }], []]", #"[[{b: "1", a: "2"}], []]"#),
        ])
    func inputText(yaml: String, text: String) throws {
        for decoding in [true, false] {
            let read = Self.read("rulecheck: 1\ncases:\n  T:\n    - { in: \(yaml), valid: true }\n", decoding: decoding)
            #expect(read.diagnostics.isEmpty)
            #expect(read.cases.map(\.inputText) == [text], "decoding: \(decoding)")
        }
    }

    @Test func recordingReadsACaseWithoutExpectationWithItsSlot() throws {
        let yaml = "rulecheck: 1\ncases:\n  T:\n    - { in: &a x }\n    - in: \"é\"  # c\n    - { in: *a }\n"
        let read = Self.read(yaml, recording: true)
        #expect(read.cases.count == 2)
        let slots = read.cases.map { specCase -> ExpectationSlot? in
            if case .unrecorded(let slot) = specCase.expectation { slot } else { nil }
        }
        // NB: right after the flow mapping's last value, and after the line that ends the block mapping.
        #expect(slots.map { $0?.offset } == [41, 64])
        #expect(slots.map { $0.map { $0.prefix + "|" + $0.suffix } } == [", |", "      |\n"])
        #expect(
            DiagnosticRenderer.plain.render(read.diagnostics)
                == "spec.yaml:6:7: error: cannot fill in a case whose last value is an alias; write its expectation by hand\n"
        )
    }

    @Test func aBrokenCaseIsSkippedAndTheOthersStillRun() {
        let read = Self.read(
            "rulecheck: 1\ncases:\n  T:\n    - { in: a, valid: true }\n    - { in: b }\n    - { in: c, valid: true }\n")
        #expect(read.cases.map(\.input) == [.text("a"), .text("c")])
        #expect(read.diagnostics.count == 1)
    }
}
