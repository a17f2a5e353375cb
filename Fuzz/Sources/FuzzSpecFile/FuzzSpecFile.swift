import FuzzSupport
import RuleCore

@testable import RuleSpec
@testable import RuleYAML

/// Reads each input as a spec file, the header then every case, as the runner does: on the
/// calling thread, then with libyaml on a thread of its own in chunks of a few events, and
/// traps when the two read anything differently.
@main enum FuzzSpecFile {
    /// Every case and diagnostic a reader gives, as text.
    static func transcript(_ bytes: [UInt8], pipeline: EventPipeline.Size?) -> [String] {
        var lines: [String] = []
        var diagnostics: [Diagnostic] = []
        do throws(Diagnostic) {
            let reader = try SpecFileReader(file: "fuzz.yaml", source: YAMLInput(copying: bytes), pipeline: pipeline)
            defer { diagnostics = reader.diagnostics + diagnostics }
            _ = try reader.readHeader()
            while let specCase = try reader.nextCase() {
                // NB: dictionaries sorted: two equal ones may list their entries in different orders.
                let expectation =
                    switch specCase.expectation {
                    case .out(let value): "out \(value)"
                    case .errors(let byPath): "errors \(byPath.sorted { $0.key < $1.key })"
                    case .valid, .unrecorded: "\(specCase.expectation)"
                    }
                lines.append(
                    "\(specCase.range) \(specCase.typeName)@\(specCase.typeRange) \(specCase.name ?? "-") "
                        + "\(specCase.inputText) \(expectation) \(specCase.messages.sorted { $0.key < $1.key }) "
                        + "\(specCase.ordinal)")
            }
        } catch {
            // A diagnostic that ends the file is the right answer to bad input.
            diagnostics.append(error)
        }
        return lines + [DiagnosticRenderer.plain.render(diagnostics)]
    }

    static func main() {
        runFuzzer { start, count in
            let input = bytes(start, count)
            let alone = FuzzSpecFile.transcript(input, pipeline: nil)
            let pipelined = FuzzSpecFile.transcript(
                input, pipeline: EventPipeline.Size(events: 2, bytes: 16, chunks: 2))
            precondition(pipelined == alone, "read differently on libyaml's own thread:\n\(alone)\n\(pipelined)")
            return 0
        }
    }
}
