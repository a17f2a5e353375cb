/// Prints diagnostics the way a compiler does: `file:line:column: severity: message`, then,
/// when the source text is at hand, the line and carets under the span.
///
/// ```
/// rules/task.yaml:12:9: error: unknown check 'lenght'; did you mean 'length'?
///    12 |       - lenght: { min: 1, max: 20 }
///       |         ^~~~~~
/// rules/task.yaml:9:3: note: in type 'TaskTitle'
/// ```
public struct DiagnosticRenderer: Sendable {
    /// Returns a line (from 1) of a file for the excerpt, or `nil` to print the header line alone.
    package var sourceLine: @Sendable (_ file: String, _ line: Int) -> String?

    /// Renders header lines only, with no excerpt: stable text for tests and logs.
    public static let plain = DiagnosticRenderer(sourceLine: { _, _ in nil })

    /// Creates a renderer that quotes lines obtained from `sourceLine`, such as those of a
    /// source lines kept for each file, so that many diagnostics cost no more than their lines.
    public init(sourceLine: @escaping @Sendable (_ file: String, _ line: Int) -> String?) {
        self.sourceLine = sourceLine
    }

    /// Creates a renderer that quotes lines of the whole texts obtained from `source`.
    ///
    /// NB: each diagnostic searches its file's text from the start; for more than a few, use
    /// ``init(sourceLine:)``.
    public init(source: @escaping @Sendable (String) -> String?) {
        self.init(sourceLine: { file, line in source(file).flatMap { Self.line(line, of: $0) }.map(String.init) })
    }

    /// Every diagnostic and its notes, one after another, each line ending in a newline.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for diagnostic in diagnostics {
            render(diagnostic, into: &out)
            for note in diagnostic.notes { render(note, into: &out) }
        }
        return out
    }

    private func render(_ diagnostic: Diagnostic, into out: inout String) {
        guard let range = diagnostic.range else {
            out += "rulecheck: \(diagnostic.severity.rawValue): \(diagnostic.message)\n"
            return
        }
        out += "\(range.start): \(diagnostic.severity.rawValue): \(diagnostic.message)\n"
        guard diagnostic.severity != .note, let line = sourceLine(range.start.file, range.start.line) else { return }
        let number = String(range.start.line)
        let gutter = String(repeating: " ", count: max(number.count, 4))
        let scalars = Array(line.unicodeScalars)
        let startColumn = min(max(range.start.column, 1), scalars.count + 1)
        let endColumn =
            range.end.line == range.start.line
            ? min(max(range.end.column, startColumn + 1), scalars.count + 1)
            : scalars.count + 1
        // Keep tabs as tabs under the caret so the columns line up in a terminal.
        let padding = String(String.UnicodeScalarView(scalars.prefix(startColumn - 1).map { $0 == "\t" ? "\t" : " " }))
        let width = max(endColumn - startColumn, 1)
        out += "\(String(repeating: " ", count: gutter.count - number.count))\(number) | \(line)\n"
        out += "\(gutter) | \(padding)^\(String(repeating: "~", count: width - 1))\n"
    }

    /// Line `number` (from 1) of `text`, without its line break.
    ///
    /// NB: lines end where libyaml ends them, so that its line numbers find the right line: at
    /// LF, CR, CR LF, U+0085, U+2028 and U+2029.
    static func line(_ number: Int, of text: String) -> Substring? {
        let scalars = text.unicodeScalars
        var current = 1
        var start = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            switch scalar {
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                break
            default:
                index = scalars.index(after: index)
                continue
            }
            if current == number { return Substring(scalars[start..<index]) }
            current += 1
            index = scalars.index(after: index)
            if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" { index = scalars.index(after: index) }
            start = index
        }
        return current == number ? Substring(scalars[start...]) : nil
    }
}
