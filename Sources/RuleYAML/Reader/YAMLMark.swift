package import RuleCore

/// A place in a YAML input as plain integers, so that events and cases carry it without copying
/// the file's name: the name is attached only when a diagnostic is made.
package struct YAMLMark: Hashable, Sendable {
    /// The line, from 1.
    package var line: Int
    /// The column in Unicode scalars, from 1, as libyaml counts.
    package var column: Int
    /// The UTF-8 offset from the start of the input (a byte order mark counts), or ``noOffset``
    /// from a reader made with `byteOffsets: false`.
    package var offset: Int

    /// The offset of every mark of a reader that measures none: converting libyaml's character
    /// counts to byte offsets is a walk over the input, which most readers never need.
    package static let noOffset = -1

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
