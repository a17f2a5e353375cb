public import Foundation

/// A file's bytes with the place of every line found once, so that quoting a line costs that
/// line's length, however long the file: a spec file with a million bad cases quotes a million lines.
///
/// Lines end where libyaml ends them, so that its line numbers find the right line: at LF, CR,
/// CR LF, U+0085, U+2028 and U+2029.
/// ```swift
/// let lines = SourceLines(Data("a: 1\r\nb: 2".utf8))
/// lines.line(2)   // "b: 2"
/// ```
public struct SourceLines: Sendable {
    private let bytes: Data
    /// For each line, the offset of its first byte and of its line break (or the end).
    private let spans: [(start: Int, end: Int)]

    /// Finds the lines of `bytes`, in one pass.
    public init(_ bytes: Data) {
        self.bytes = bytes
        var spans: [(start: Int, end: Int)] = []
        bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var start = 0
            var index = 0
            while index < buffer.count {
                let breakLength: Int
                switch buffer[index] {
                case 0x0A: breakLength = 1
                case 0x0D: breakLength = index + 1 < buffer.count && buffer[index + 1] == 0x0A ? 2 : 1
                case 0xC2 where index + 1 < buffer.count && buffer[index + 1] == 0x85: breakLength = 2
                case 0xE2 where index + 2 < buffer.count && buffer[index + 1] == 0x80
                    && (buffer[index + 2] == 0xA8 || buffer[index + 2] == 0xA9):
                    breakLength = 3
                default:
                    index += 1
                    continue
                }
                spans.append((start, index))
                index += breakLength
                start = index
            }
            spans.append((start, buffer.count))
        }
        self.spans = spans
    }

    /// Line `number` (from 1) without its line break, or `nil` when there is no such line; bytes
    /// that are not UTF-8 read as U+FFFD.
    public func line(_ number: Int) -> String? {
        guard spans.indices.contains(number - 1) else { return nil }
        let span = spans[number - 1]
        let offset = bytes.startIndex
        return String(decoding: bytes[(offset + span.start)..<(offset + span.end)], as: UTF8.self)
    }
}
