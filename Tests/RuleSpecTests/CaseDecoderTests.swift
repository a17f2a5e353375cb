import Foundation
import RuleCore
import RuleYAML
import Testing

@testable import RuleSpec

/// The event decoder and the node path read every case alike: the same cases, the same values,
/// the same diagnostics at the same places.
@Suite struct CaseDecoderTests {
    struct Source: Sendable, CustomTestStringConvertible {
        var name: String
        var yaml: String
        var recording = false
        /// How many cases the decoder must read itself, so that the comparison compares something.
        var decoded: Int
        var testDescription: String { name }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each spec file of the repository.
    static let repositorySpecs: [Source] = ["specs", "Tests/GeneratedCodeTests/Features/specs"].flatMap { folder in
        let url = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { name in
            Source(
                name: "\(folder)/\(name)",
                yaml: (try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)) ?? "", decoded: 1)
        }
    }

    static let header = "rulecheck: 1\ntoday: 2026-11-22\ncases:\n  T:\n"

    static let written: [Source] = [
        Source(
            name: "scalars in every style, with tags",
            yaml: header
                + "    - { in: plain, out: 'single' }\n    - { in: \"dq\\u3000\", valid: true }\n"
                + "    - in: |\n        literal\n      out: >\n        folded\n"
                + "    - { in: !!str ~, valid: true }\n    - { in: !!null '', valid: true }\n    - { in: ~, out: null }\n"
                + "    - { \"in\": 'x', 'valid': true }\n",
            decoded: 7),
        Source(
            name: "records, lists and paths",
            yaml: header
                + "    - in: { a: 1, b: [x, ~, { c: d }], ~: e }\n      errors: { a: [x], b.1: y, b: { 2: { c: [z] } } }\n"
                + "      message: { a: \"m\", b.0: n }\n      name: named\n"
                + "    - { in: [], out: [] }\n    - { in: {}, out: { a: [1, { b: ~ }] } }\n",
            decoded: 3),
        Source(
            name: "aliases and anchors",
            yaml: header
                + "    - { in: &a \"x\", out: *a }\n    - &c { in: y, valid: true }\n    - *c\n"
                + "    - { in: &r { f: [1, 2] }, out: *r }\n",
            decoded: 4),
        Source(
            name: "mistakes, which the node path reports",
            yaml: header
                + "    - { in: a, valid: false }\n    - { in: a, errors: ~ }\n    - { in: a, errors: [not-a-code] }\n"
                + "    - { in: a, errors: [] }\n    - { in: a, out: a, valid: true }\n    - { in: a }\n    - { out: a }\n"
                + "    - { in: a, in: b, valid: true }\n    - { in: { [k]: v }, valid: true }\n    - { in: a, name: ~, valid: true }\n"
                + "    - [in, a]\n    - { in: a, ot: a }\n    - { in: a, errors: { x: { [k]: v } } }\n    - { in: a, valid: yes }\n"
                + "    - { in: a, message: [m], errors: [x] }\n    - { ? [k] : v, in: a, valid: true }\n    - { in: a, valid: true }\n",
            decoded: 1),
        Source(
            name: "repeated lists of codes, which the decoder reuses",
            yaml: header
                + "    - { in: a, errors: [x, y] }\n    - { in: b, errors: [x, y] }\n    - { in: c, errors: x }\n"
                + "    - { in: d, errors: [x] }\n    - { in: e, errors: [] }\n    - { in: f, errors: [y, x] }\n"
                + "    - { in: g, errors: [x, y, ~] }\n    - { in: h, errors: [xy] }\n    - { in: i, errors: [x, [y]] }\n"
                + "    - { in: j, errors: [x, y] }\n    - { in: \"\\u3000漢\", errors: [x_1, _2] }\n"
                + "    - { in: \"\\U0001F468\\u200D\", errors: [x_1, _2] }\n",
            decoded: 9),
        Source(
            name: "cases to fill in", yaml: header + "    - { in: a }\n    - in: b\n    - { in: c, valid: true }\n",
            recording: true, decoded: 1),
    ]

    /// What the runner uses of a case.
    struct Read: Equatable, CustomStringConvertible {
        var place: String
        var name: String?
        var input: ValidationInput
        var inputText: String
        var expectation: SpecCase.Expectation
        var messages: [String: String]
        var ordinal: Int
        var description: String { "\(place) \(inputText)" }

        init(_ specCase: SpecCase) {
            place =
                "\(specCase.range.start)-\(specCase.range.end.line):\(specCase.range.end.column) "
                + "\(specCase.typeName)@\(specCase.typeRange)"
            (name, input, inputText) = (specCase.name, specCase.input, specCase.inputText)
            (expectation, messages, ordinal) = (specCase.expectation, specCase.messages, specCase.ordinal)
        }
    }

    static func read(_ source: Source, decoding: Bool, pipeline: EventPipeline.Size? = nil) -> (
        cases: [Read], diagnostics: String, decoded: Int
    ) {
        var cases: [Read] = []
        var diagnostics: [Diagnostic] = []
        var decoded = 0
        do {
            let reader = try SpecFileReader(
                file: "spec.yaml", source: YAMLInput(copying: Array(source.yaml.utf8)), recording: source.recording,
                pipeline: pipeline)
            reader.decodesEvents = decoding
            defer {
                diagnostics = reader.diagnostics + diagnostics
                decoded = reader.decodedCases
            }
            _ = try reader.readHeader()
            while let specCase = try reader.nextCase() {
                cases.append(Read(specCase))
            }
        } catch {
            diagnostics.append(error)
        }
        return (cases, DiagnosticRenderer.plain.render(diagnostics), decoded)
    }

    @Test("the decoder reads each case as the node path does", arguments: repositorySpecs + written)
    func readsAlike(_ source: Source) {
        let decoded = Self.read(source, decoding: true)
        let nodes = Self.read(source, decoding: false)
        #expect(decoded.cases.count == nodes.cases.count)
        for (fromEvents, fromNode) in zip(decoded.cases, nodes.cases) { #expect(fromEvents == fromNode) }
        #expect(decoded.diagnostics == nodes.diagnostics)
        #expect(decoded.decoded >= source.decoded)
        #expect(nodes.decoded == 0)
    }

    /// Chunks of a few events and bytes, so that events, texts and the stream's end fall on
    /// every side of a chunk's end.
    static let smallPipelines = [
        EventPipeline.Size(events: 1, bytes: 0, chunks: 2), EventPipeline.Size(events: 2, bytes: 16, chunks: 2),
        EventPipeline.Size(events: 3, bytes: 10, chunks: 2),
        EventPipeline.Size(events: 7, bytes: 64, chunks: 3),
    ]

    @Test(
        "libyaml on a thread of its own gives every case and diagnostic as on the reader's thread",
        arguments: repositorySpecs + written)
    func pipelinedReadsAlike(_ source: Source) {
        let alone = Self.read(source, decoding: true)
        for size in Self.smallPipelines + [.standard] {
            let pipelined = Self.read(source, decoding: true, pipeline: size)
            #expect(pipelined.cases == alone.cases, "\(size)")
            #expect(pipelined.diagnostics == alone.diagnostics, "\(size)")
        }
        #expect(!alone.cases.isEmpty)
    }

    @Test func theRepositorySpecsAreAllDecodedFromEvents() {
        for source in Self.repositorySpecs {
            let read = Self.read(source, decoding: true)
            #expect(read.decoded == read.cases.count && !read.cases.isEmpty, "\(source.name)")
        }
    }
}
