/// A position in a file the user wrote.
///
/// Lines and columns count from 1. Columns count Unicode scalars, as libyaml's marks do, so a
/// caret under a Japanese or emoji key lines up with what an editor shows for scalar columns.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file's path as the user named it.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column in Unicode scalars, from 1.
    public var column: Int

    /// Creates a location from a file and 1-based line and column.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form editors and CI annotations read.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// A span of a file, from `start` up to (not including) `end`; carets underline it.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    /// Where the span starts.
    public var start: SourceLocation
    /// Where the span ends, exclusive; on the same line as `start` for one-line spans.
    public var end: SourceLocation

    /// Creates a span; `end` defaults to `start` (a point).
    public init(start: SourceLocation, end: SourceLocation? = nil) {
        self.start = start
        self.end = end ?? start
    }

    /// The start, as `file:line:column`.
    public var description: String { start.description }
}
