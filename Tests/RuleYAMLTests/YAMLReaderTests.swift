import Foundation
import RuleCore
import RuleYAML
import Testing

/// Reads `text` as the file `t.yaml`.
func read(_ text: String, limits: YAMLLimits = .default) -> (root: YAMLNode?, diagnostics: [Diagnostic]) {
    YAMLReader(file: "t.yaml", limits: limits).read(Array(text.utf8))
}

struct ScalarCase: CustomTestStringConvertible, Sendable {
    var yaml: String
    var text: String
    var style: YAMLScalar.Style
    var tag: String? = nil
    var isNull = false
    var testDescription: String { yaml.debugDescription }
}

struct LocationCase: CustomTestStringConvertible, Sendable {
    /// Which node: from the root, `.value(i)`/`.key(i)` of a mapping's pair `i`, `.item(i)` of a sequence.
    enum Step: Sendable {
        case key(Int)
        case value(Int)
        case item(Int)
    }
    var yaml: String
    var path: [Step]
    var start: String
    var end: String
    var testDescription: String { "\(yaml.debugDescription) at \(path)" }
}

struct DiagnosticCase: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var limits = YAMLLimits.default
    var expected: String
    init(_ name: String, _ yaml: String, limits: YAMLLimits = .default, _ expected: String) {
        self.init(name, Array(yaml.utf8), limits: limits, expected)
    }
    init(_ name: String, _ bytes: [UInt8], limits: YAMLLimits = .default, _ expected: String) {
        self.name = name
        self.bytes = bytes
        self.limits = limits
        self.expected = expected
    }
    var testDescription: String { name }
}

@Suite struct YAMLReaderTests {
    @Test(
        "scalars keep their text and style",
        arguments: [
            ScalarCase(yaml: "v: no", text: "no", style: .plain),
            ScalarCase(yaml: "v: 010", text: "010", style: .plain),
            ScalarCase(yaml: "v: 1e3", text: "1e3", style: .plain),
            ScalarCase(yaml: "v: \"123\"", text: "123", style: .doubleQuoted),
            ScalarCase(yaml: "v: \"a\\tb\\u00e9\"", text: "a\tbé", style: .doubleQuoted),
            ScalarCase(yaml: "v: 'a''b'", text: "a'b", style: .singleQuoted),
            ScalarCase(yaml: "v: |\n  a\n   b\n", text: "a\n b\n", style: .literal),
            ScalarCase(yaml: "v: >\n  a\n  b\n", text: "a b\n", style: .folded),
            ScalarCase(yaml: "v: ~", text: "~", style: .plain, isNull: true),
            ScalarCase(yaml: "v: null", text: "null", style: .plain, isNull: true),
            ScalarCase(yaml: "v:", text: "", style: .plain, isNull: true),
            ScalarCase(yaml: "v: \"\"", text: "", style: .doubleQuoted),
            ScalarCase(yaml: "v: 'null'", text: "null", style: .singleQuoted),
            ScalarCase(yaml: "v: !!str null", text: "null", style: .plain, tag: YAMLScalar.stringTag),
            ScalarCase(yaml: "v: !!null ''", text: "", style: .singleQuoted, tag: YAMLScalar.nullTag),
            ScalarCase(yaml: "v: ! 12", text: "12", style: .plain),
            ScalarCase(yaml: "v: !mine 12", text: "12", style: .plain, tag: "!mine"),
        ])
    func scalar(_ c: ScalarCase) throws {
        let (root, diagnostics) = read(c.yaml)
        #expect(diagnostics == [])
        let value = try #require(root?.mapping?.first?.value)
        #expect(value.scalar == YAMLScalar(c.text, style: c.style))
        #expect(value.tag == c.tag)
        #expect(value.isNull == c.isNull)
    }

    @Test(
        "nodes start and end where they are written, in columns of Unicode scalars",
        arguments: [
            LocationCase(yaml: "title: \"Buy\"\n", path: [.value(0)], start: "1:8", end: "1:13"),
            LocationCase(yaml: "名前: 値\n", path: [.value(0)], start: "1:5", end: "1:6"),
            LocationCase(yaml: "😀: x\n", path: [.value(0)], start: "1:4", end: "1:5"),
            LocationCase(yaml: "- 👨‍👩‍👧: a\n", path: [.item(0), .value(0)], start: "1:10", end: "1:11"),
            LocationCase(yaml: "a:\n  bb: 1\n  cc: 2\n", path: [.value(0), .key(1)], start: "3:3", end: "3:5"),
            LocationCase(yaml: "a:\n  bb: 1\n  cc: 2\n", path: [.value(0), .value(1)], start: "3:7", end: "3:8"),
            LocationCase(yaml: "メモ: [一, 二]\n", path: [.value(0), .item(1)], start: "1:9", end: "1:10"),
            LocationCase(yaml: "\u{FEFF}a: 1\n", path: [.key(0)], start: "1:1", end: "1:2"),
            LocationCase(yaml: "a: {b: 1}\n", path: [.value(0)], start: "1:4", end: "1:10"),
            LocationCase(yaml: "k: &x !!str v\n", path: [.value(0)], start: "1:4", end: "1:14"),
        ])
    func location(_ c: LocationCase) throws {
        let (root, diagnostics) = read(c.yaml)
        #expect(diagnostics == [])
        var node = try #require(root)
        for step in c.path {
            switch step {
            case .key(let i): node = try #require(node.mapping?[i].key)
            case .value(let i): node = try #require(node.mapping?[i].value)
            case .item(let i): node = try #require(node.sequence?[i])
            }
        }
        #expect(node.range.start.description == "t.yaml:\(c.start)")
        #expect(node.range.end.description == "t.yaml:\(c.end)")
    }

    @Test(
        "each mistake is reported at its place",
        arguments: [
            DiagnosticCase(
                "bad indentation", "a:\n  b: 1\n c: 2\n",
                """
                t.yaml:3:2: error: this line is indented by 1 space, but the keys of the mapping above are indented by 0 spaces; line it up with them, or indent it under a key of its own
                t.yaml:1:1: note: a block mapping starts here

                """),
            DiagnosticCase(
                "unclosed quote", "a: \"abc\nb: 1\n",
                """
                t.yaml:3:1: error: found unexpected end of stream while scanning a quoted scalar
                t.yaml:1:4: note: a quoted scalar starts here

                """),
            DiagnosticCase(
                "tab indentation", "a:\n\tb: 1\n",
                """
                t.yaml:2:1: error: a tab indents this line, but YAML indents with spaces only; replace the tab with spaces

                """),
            DiagnosticCase(
                "a key under a list item's text", "a:\n  - required\n    code: x\n",
                """
                t.yaml:3:9: error: 'code:' cannot follow the list item '- required', which is a value; give the item keys as '- required: { code: … }', or line 'code:' up with the keys of a mapping

                """),
            DiagnosticCase(
                "a key after a value", "a: b\n  c: d\n",
                """
                t.yaml:2:4: error: a 'key:' cannot follow a value; line it up with its sibling keys, or quote the value if the ':' belongs to it

                """),
            DiagnosticCase(
                "key without a colon", "a: 1\nb\nc: 2\n",
                """
                t.yaml:3:1: error: could not find expected ':' while scanning a simple key
                t.yaml:2:1: note: a simple key starts here

                """),
            DiagnosticCase(
                "control character", "a: 1\nb: \u{01}\n",
                "t.yaml:2:4: error: control characters are not allowed\n"),
            DiagnosticCase(
                "duplicate key", "title: a\nnote: b\ntitle: c\n",
                """
                t.yaml:3:1: error: duplicate key 'title'
                t.yaml:1:1: note: first defined here

                """),
            DiagnosticCase(
                "two duplicate keys, nested and in flow style", "a: {x: 1, y: 2, x: 3}\nb: 1\na: 2\n",
                """
                t.yaml:1:17: error: duplicate key 'x'
                t.yaml:1:5: note: first defined here
                t.yaml:3:1: error: duplicate key 'a'
                t.yaml:1:1: note: first defined here

                """),
            DiagnosticCase(
                "quoted and plain keys are the same key", "名前: a\n\"名前\": b\n",
                """
                t.yaml:2:1: error: duplicate key '名前'
                t.yaml:1:1: note: first defined here

                """),
            DiagnosticCase("unknown anchor", "a: 1\nb: *x\n", "t.yaml:2:4: error: unknown anchor 'x'\n"),
            DiagnosticCase(
                "alias inside its own anchor", "a: &x [1, *x]\n",
                "t.yaml:1:11: error: alias 'x' refers to a node that contains it\n"),
            DiagnosticCase(
                "nesting too deep", "a: [[[1]]]\n", limits: YAMLLimits(maxDepth: 3),
                "t.yaml:1:6: error: nesting depth exceeds the limit of 3 levels\n"),
            DiagnosticCase(
                "nesting too deep through an alias", "a: &x [[1]]\nb: [*x]\n", limits: YAMLLimits(maxDepth: 3),
                "t.yaml:2:5: error: nesting depth exceeds the limit of 3 levels\n"),
            DiagnosticCase(
                "aliases copying too much", "a: &x [1, 2, 3]\nb: [*x, *x]\n", limits: YAMLLimits(maxAliasExpansion: 7),
                "t.yaml:2:9: error: alias expansion exceeds the limit of 7 nodes\n"),
            DiagnosticCase(
                "too many keys in one mapping", "a: 1\nb:\n  c: 1\n  d: 2\n  e: 3\n",
                limits: YAMLLimits(maxKeysPerMapping: 2),
                "t.yaml:5:3: error: mapping exceeds the limit of 2 keys\n"),
            DiagnosticCase(
                "too many keys in a flow mapping, some of them not scalars", "{ a: 1, [b]: 2, ? { c: 3 } }\n",
                limits: YAMLLimits(maxKeysPerMapping: 2),
                "t.yaml:1:19: error: mapping exceeds the limit of 2 keys\n"),
            DiagnosticCase(
                "keys of nested mappings count apart", "a: { x: 1, y: 2 }\nb: { x: 1, y: 2 }\n",
                limits: YAMLLimits(maxKeysPerMapping: 2), ""),
            DiagnosticCase(
                "scalar too long, in bytes after escapes", "a: \"\\u00e9\\u00e9\\u00e9\"\n",
                limits: YAMLLimits(maxScalarLength: 5),
                "t.yaml:1:4: error: scalar exceeds the limit of 5 bytes\n"),
            DiagnosticCase(
                "a key is a scalar too", "abcdef: 1\n", limits: YAMLLimits(maxScalarLength: 5),
                "t.yaml:1:1: error: scalar exceeds the limit of 5 bytes\n"),
            DiagnosticCase(
                "a scalar at the limit is fine", "a: 12345\n", limits: YAMLLimits(maxScalarLength: 5), ""),
            DiagnosticCase(
                "invalid UTF-8 on line 2", Array("a: 1\nb: ".utf8) + [0xFF],
                "t.yaml:2:4: error: invalid UTF-8 byte 0xFF\n"),
            DiagnosticCase(
                "Latin-1 after Japanese", Array("名前: caf".utf8) + [0xE9, 0x20, 0x78],
                "t.yaml:1:8: error: invalid UTF-8 byte 0xE9\n"),
            DiagnosticCase(
                "overlong encoding after a byte order mark and CRLF",
                [0xEF, 0xBB, 0xBF] + Array("a: 1\r\nb: ".utf8) + [0xC0, 0xAF],
                "t.yaml:2:4: error: invalid UTF-8 byte 0xC0\n"),
            DiagnosticCase(
                "libyaml ends lines at U+2028", "a: 1\u{2028}b: *x\n", "t.yaml:2:4: error: unknown anchor 'x'\n"),
            DiagnosticCase(
                "and so does the UTF-8 check", Array("a: 1\u{2028}b: ".utf8) + [0xFF],
                "t.yaml:2:4: error: invalid UTF-8 byte 0xFF\n"),
            DiagnosticCase(
                "libyaml ends lines at U+0085", "a: 1\u{85}b: \u{01}\n",
                "t.yaml:2:4: error: control characters are not allowed\n"),
            DiagnosticCase(
                "file too large", "a: 12345678901\n", limits: YAMLLimits(maxInputBytes: 10),
                "t.yaml:1:1: error: file is 15 bytes, larger than the limit of 10 bytes\n"),
            DiagnosticCase(
                "second document", "a: 1\n---\nb: 2\n",
                "t.yaml:2:1: error: expected a single YAML document\n"),
            DiagnosticCase(
                "second document after an end marker", "a: 1\n...\n---\nb: 2\n",
                "t.yaml:3:1: error: expected a single YAML document\n"),
        ])
    func diagnoses(_ c: DiagnosticCase) {
        #expect(rendered(YAMLReader(file: "t.yaml", limits: c.limits).read(c.bytes).diagnostics) == c.expected)
    }

    @Test("an empty stream has no root and no mistake", arguments: ["", "# nothing\n", "\u{FEFF}"])
    func emptyStream(_ yaml: String) {
        let (root, diagnostics) = read(yaml)
        #expect(root == nil)
        #expect(diagnostics == [])
    }

    @Test func theDocumentedExampleHolds() {
        let (root, diagnostics) = YAMLReader(file: "rules/task.yaml").read(Array("title: Buy milk\n".utf8))
        #expect(root?.mapping?.first?.key.range.start.description == "rules/task.yaml:1:1")
        #expect(diagnostics == [])
    }

    @Test func anEmptyDocumentIsANullScalar() {
        #expect(read("---\n").root?.isNull == true)
    }

    @Test func duplicateKeysDoNotStopReading() throws {
        let (root, diagnostics) = read("a: 1\na: 2\nb: 3\n")
        #expect(diagnostics.count == 1)
        #expect(try #require(root?.mapping).map { $0.key.scalar?.text } == ["a", "a", "b"])
    }

    @Test func aliasesWithinTheBudgetAreEqualCopies() throws {
        let pairs = try #require(read("base: &b {x: 1, y: [2, 3]}\ncopy: *b\nname: &n 名前\nagain: *n\n").root?.mapping)
        #expect(pairs[1].value == pairs[0].value)
        #expect(pairs[3].value == pairs[2].value)
        #expect(pairs[3].value.scalar?.text == "名前")
    }

    @Test func aLaterAnchorReplacesAnEarlierOne() throws {
        let pairs = try #require(read("a: &x 1\nb: &x [2]\nc: *x\n").root?.mapping)
        #expect(pairs[2].value == pairs[1].value)
    }

    @Test func readsAFileFromDisk() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-\(UUID()).yaml")
        try Data("a: 1\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let (root, diagnostics) = YAMLReader(file: "t.yaml").read(contentsOf: url.path)
        #expect(diagnostics == [])
        #expect(root?.mapping?.first?.value.scalar?.text == "1")
    }

    @Test(
        "an unreadable file is a diagnostic without a location",
        arguments: [
            ("/nonexistent/t.yaml", "no such file or directory"),
            ("/", "is a directory"),
        ])
    func unreadableFile(_ path: String, _ reason: String) {
        let (root, diagnostics) = YAMLReader(file: "t.yaml").read(contentsOf: path)
        #expect(root == nil)
        #expect(rendered(diagnostics) == "rulecheck: error: cannot read '\(path)': \(reason)\n")
    }
}
