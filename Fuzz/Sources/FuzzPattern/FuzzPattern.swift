import FuzzSupport
import RuleCore

/// Reads each input's first line as a pattern's source and matches the rest, and the source itself,
/// against it; besides crashes and hangs, it checks that a syntax error lies inside the source.
@main enum FuzzPattern {
    static func main() {
        runFuzzer { start, count in
            let text = String(decoding: bytes(start, count), as: UTF8.self)
            let newline = text.firstIndex(of: "\n") ?? text.endIndex
            let source = String(text[..<newline])
            let value = newline == text.endIndex ? "" : String(text[text.index(after: newline)...])
            do throws(PatternSyntaxError) {
                let pattern = try RulePattern(source)
                _ = pattern.matches(value)
                _ = pattern.matches(source)
            } catch {
                let scalars = source.unicodeScalars.count
                precondition(
                    error.offset >= 0 && error.offset + error.length <= scalars,
                    "'\(error.message)' spans \(error.offset)+\(error.length), outside the \(scalars) scalars of the source"
                )
            }
            return 0
        }
    }
}
