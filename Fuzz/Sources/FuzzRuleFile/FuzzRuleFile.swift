import FuzzSupport
import RuleYAML

/// Loads each input as a rule file, compiling it when it has no error.
@main enum FuzzRuleFile {
    static func main() {
        runFuzzer { start, count in
            _ = RuleFileLoader().load(bytes: bytes(start, count), file: "fuzz.yaml")
            return 0
        }
    }
}
