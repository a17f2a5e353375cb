import FuzzSupport

@testable import RuleSpec

/// Reads each input as a spec file: the header, then every case, as the runner does.
@main enum FuzzSpecFile {
    static func main() {
        runFuzzer { start, count in
            do {
                let reader = try SpecFileReader(file: "fuzz.yaml", bytes: bytes(start, count))
                _ = try reader.readHeader()
                while try reader.nextCase() != nil {}
            } catch {
                // A diagnostic that ends the file is the right answer to bad input.
            }
            return 0
        }
    }
}
