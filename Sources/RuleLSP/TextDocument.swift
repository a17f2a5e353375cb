public import RuleCore

/// An open document's text, with the conversions between the positions of the protocol (0-based
/// line, 0-based character in UTF-16 code units) and those of diagnostics (1-based line, 1-based
/// column in Unicode scalars, as libyaml counts) and YAML nodes (UTF-8 byte offsets).
public struct TextDocument: Sendable {
    /// A place in the protocol's terms.
    public struct Position: Hashable, Sendable {
        /// The line, from 0.
        public var line: Int
        /// The UTF-16 code unit in the line, from 0.
        public var character: Int

        /// Creates a position.
        public init(line: Int, character: Int) {
            self.line = line
            self.character = character
        }
    }

    /// The document's URI, as the client names it.
    public var uri: String
    /// The path it stands for.
    public var path: String
    /// Its version, as the client counts.
    public var version: Int
    /// Its text, as UTF-8.
    public private(set) var bytes: [UInt8]
    /// Where each line starts, as UTF-8 offsets; a line ends at LF, CR LF or CR, as the protocol says.
    private var lineStarts: [Int] = [0]

    /// Creates a document.
    public init(uri: String, path: String, version: Int, text: String) {
        self.uri = uri
        self.path = path
        self.version = version
        bytes = Array(text.utf8)
        indexLines()
    }

    /// The text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Replaces the text whole.
    public mutating func replace(with text: String) {
        bytes = Array(text.utf8)
        indexLines()
    }

    /// Replaces the text from `start` up to `end` with `text`.
    public mutating func replace(from start: Position, to end: Position, with text: String) {
        let (from, to) = (offset(of: start), offset(of: end))
        bytes.replaceSubrange(min(from, to)..<max(from, to), with: Array(text.utf8))
        indexLines()
    }

    private mutating func indexLines() {
        lineStarts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 10 {
                lineStarts.append(index + 1)
            } else if byte == 13 {
                if index + 1 < bytes.count, bytes[index + 1] == 10 { index += 1 }
                lineStarts.append(index + 1)
            }
            index += 1
        }
    }

    /// The number of lines.
    public var lineCount: Int { lineStarts.count }

    /// The UTF-8 bytes of line `line` (from 0), without its line break.
    func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
        guard line >= 0, line < lineStarts.count else { return [] }
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        while end > lineStarts[line], bytes[end - 1] == 10 || bytes[end - 1] == 13 { end -= 1 }
        return bytes[lineStarts[line]..<end]
    }

    /// The UTF-8 offset of a protocol position; a character past the line's end is its end.
    public func offset(of position: Position) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        guard position.line >= 0 else { return 0 }
        let line = lineBytes(position.line)
        var units = 0
        var offset = line.startIndex
        for scalar in String(decoding: line, as: UTF8.self).unicodeScalars {
            if units >= position.character { break }
            units += scalar.utf16.count
            offset += scalar.utf8.count
        }
        return offset
    }

    /// The protocol position of a UTF-8 offset.
    public func position(ofOffset offset: Int) -> Position {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        let line = lineBytes(low)
        let prefix = line.prefix(max(0, clamped - lineStarts[low]))
        return Position(line: low, character: String(decoding: prefix, as: UTF8.self).utf16.count)
    }

    /// The protocol position of a diagnostic's 1-based line and 1-based column in Unicode scalars.
    public func position(of location: SourceLocation) -> Position {
        let lineIndex = max(0, location.line - 1)
        guard lineIndex < lineStarts.count else {
            return position(ofOffset: bytes.count)
        }
        var units = 0
        var scalars = 1
        for scalar in String(decoding: lineBytes(lineIndex), as: UTF8.self).unicodeScalars {
            if scalars >= location.column { break }
            units += scalar.utf16.count
            scalars += 1
        }
        return Position(line: lineIndex, character: units)
    }
}
