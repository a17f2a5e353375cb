package import Foundation

/// A file's bytes with the start of every line found once, so that quoting a line costs that
/// line's length, however long the file: a spec file with a million bad cases quotes a million lines.
///
/// Lines end where libyaml ends them, so that its line numbers find the right line: at LF, CR,
/// CR LF, U+0085, U+2028 and U+2029.
/// ```swift
/// let lines = SourceLines(Data("a: 1\r\nb: 2".utf8))
/// lines.line(2)   // "b: 2"
/// ```
package struct SourceLines: Sendable {
    /// NB: kept as `Data`, so that the bytes of a mapped file are never copied.
    private let bytes: Data
    /// The offset of each line's first byte from `bytes.startIndex`.
    private let starts: [Int]

    /// Finds the lines of `bytes`, in one pass.
    package init(_ bytes: Data) {
        self.bytes = bytes
        starts = bytes.withUnsafeBytes { buffer in
            var starts = [0]
            var index = 0
            while index < buffer.count {
                let length = Self.breakLength(at: index, in: buffer)
                index += max(length, 1)
                if length > 0 { starts.append(index) }
            }
            return starts
        }
    }

    /// Line `number` (from 1) without its line break, or `nil` when there is no such line; bytes
    /// that are not UTF-8 read as U+FFFD.
    package func line(_ number: Int) -> String? {
        guard starts.indices.contains(number - 1) else { return nil }
        return bytes.withUnsafeBytes { buffer in
            var end = starts[number - 1]
            while end < buffer.count, Self.breakLength(at: end, in: buffer) == 0 { end += 1 }
            return String(decoding: buffer[starts[number - 1]..<end], as: UTF8.self)
        }
    }

    /// How many bytes the line break at `index` takes, or 0 when there is none.
    private static func breakLength(at index: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        func byte(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        switch bytes[index] {
        case 0x0A: return 1
        case 0x0D: return byte(1) == 0x0A ? 2 : 1
        case 0xC2 where byte(1) == 0x85: return 2
        case 0xE2 where byte(1) == 0x80 && (byte(2) == 0xA8 || byte(2) == 0xA9): return 3
        default: return 0
        }
    }
}
