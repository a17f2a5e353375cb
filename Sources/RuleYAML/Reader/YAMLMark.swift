package import RuleCore

/// A place in a YAML input as plain integers, so that events and cases carry it without copying
/// the file's name: the name is attached only when a diagnostic is made.
package struct YAMLMark: Hashable, Sendable {
    /// The line, from 1.
    package var line: Int
    /// The column in Unicode scalars, from 1, as libyaml counts.
    package var column: Int
    /// The UTF-8 offset from the start of the input (a byte order mark counts).
    package var offset: Int

    /// Creates a mark.
    package init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// This mark in `file`.
    package func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }
}

extension SourceRange {
    /// The span from `start` to `end` in `file`.
    package init(_ file: String, _ start: YAMLMark, _ end: YAMLMark) {
        self.init(start: start.location(in: file), end: end.location(in: file))
    }
}
