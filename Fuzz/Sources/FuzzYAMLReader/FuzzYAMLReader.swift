import FuzzSupport
import RuleYAML

/// Reads each input as one YAML document with the rule files' limits.
@main enum FuzzYAMLReader {
    static func main() {
        runFuzzer { start, count in
            _ = YAMLReader(file: "fuzz.yaml").read(bytes(start, count))
            return 0
        }
    }
}
