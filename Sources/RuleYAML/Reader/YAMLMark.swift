package import RuleCore

/// A place in a YAML input as plain integers, so that events and cases carry it without copying
/// the file's name: the name is attached only when a diagnostic is made.
package struct YAMLMark: Hashable, Sendable {
    /// The line, from 1.
    package var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(newValue) }
    }
    /// The column in Unicode scalars, from 1, as libyaml counts.
    package var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(newValue) }
    }
    /// The UTF-8 offset from the start of the input (a byte order mark counts), or ``noOffset``
    /// from a reader made with `byteOffsets: false`.
    package var offset: Int

    // NB: 32 bits each, as an input is at most a gigabyte (YAMLLimits.specFile): a mark of 16
    // bytes instead of 24 makes an event 32 bytes smaller, and every event is copied several times.
    private var storedLine: Int32
    private var storedColumn: Int32

    /// The offset of every mark of a reader that measures none: converting libyaml's character
    /// counts to byte offsets is a walk over the input, which most readers never need.
    package static let noOffset = -1

    /// Creates a mark.
    package init(line: Int, column: Int, offset: Int) {
        storedLine = Int32(truncatingIfNeeded: line)
        storedColumn = Int32(truncatingIfNeeded: column)
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
