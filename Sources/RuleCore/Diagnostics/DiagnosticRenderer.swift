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

    /// The most columns of a source line an excerpt quotes, cut around the caret: one screen line.
    static let excerptWidth = 120
    /// The most scalars of a message printed, its middle cut: a message quotes what the user wrote.
    static let messageLimit = 400

    private func render(_ diagnostic: Diagnostic, into out: inout String) {
        let message = Self.cut(diagnostic.message)
        guard let range = diagnostic.range else {
            out += "rulecheck: \(diagnostic.severity.rawValue): \(message)\n"
            return
        }
        out += "\(range.start): \(diagnostic.severity.rawValue): \(message)\n"
        guard diagnostic.severity != .note, let line = sourceLine(range.start.file, range.start.line) else { return }
        let number = String(range.start.line)
        let gutter = String(repeating: " ", count: max(number.count, 4))
        var scalars = Array(line.unicodeScalars)
        var startColumn = min(max(range.start.column, 1), scalars.count + 1)
        var endColumn =
            range.end.line == range.start.line
            ? min(max(range.end.column, startColumn + 1), scalars.count + 1)
            : scalars.count + 1
        if scalars.count > Self.excerptWidth {
            // NB: one screen line around the caret, so that a 2 MB line gives a short diagnostic.
            let first = max(0, min(startColumn - 1 - Self.excerptWidth / 3, scalars.count - Self.excerptWidth))
            let last = min(first + Self.excerptWidth, scalars.count)
            let head: [Unicode.Scalar] = first > 0 ? ["…"] : []
            let tail: [Unicode.Scalar] = last < scalars.count ? ["…"] : []
            scalars = head + scalars[first..<last] + tail
            startColumn += head.count - first
            endColumn = min(endColumn + head.count - first, last - first + head.count + 1)
        }
        let shown = String(String.UnicodeScalarView(scalars))
        // Keep tabs as tabs under the caret so the columns line up in a terminal.
        let padding = String(String.UnicodeScalarView(scalars.prefix(startColumn - 1).map { $0 == "\t" ? "\t" : " " }))
        let width = max(endColumn - startColumn, 1)
        out += "\(String(repeating: " ", count: gutter.count - number.count))\(number) | \(shown)\n"
        out += "\(gutter) | \(padding)^\(String(repeating: "~", count: width - 1))\n"
    }

    /// `message` with its middle cut to ``messageLimit`` scalars.
    static func cut(_ message: String) -> String {
        let scalars = message.unicodeScalars
        guard scalars.count > messageLimit else { return message }
        let half = messageLimit / 2
        return String(String.UnicodeScalarView(scalars.prefix(half))) + "…"
            + String(String.UnicodeScalarView(scalars.suffix(half)))
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
