internal import RuleCore

/// Walks UTF-8 bytes the way libyaml's reader does, to find the first ill-formed byte and to place
/// byte offsets (all libyaml gives for its reader errors) at a line and column.
///
/// Lines and columns count as libyaml's marks do: from 1, columns in Unicode scalars, a leading
/// byte order mark takes no column, and `\r\n`, `\r`, `\n`, U+0085, U+2028 and U+2029 each end a line.
enum UTF8Scanner {
    /// The offset of the first byte of the first ill-formed UTF-8 sequence, or `nil` when there is none.
    static func firstInvalidOffset(in bytes: some Collection<UInt8>) -> Int? {
        let end = walk(bytes, upTo: bytes.count)
        return end.offset < bytes.count ? end.offset : nil
    }

    /// The line and column of the byte at `offset`, which must not follow an ill-formed sequence.
    static func location(of offset: Int, in bytes: some Collection<UInt8>, file: String) -> SourceLocation {
        let end = walk(bytes, upTo: offset)
        return SourceLocation(file: file, line: end.line, column: end.column)
    }

    /// Walks up to the byte at `limit` or to the first ill-formed sequence, whichever comes first.
    private static func walk(
        _ bytes: some Collection<UInt8>, upTo limit: Int
    ) -> (offset: Int, line: Int, column: Int) {
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var iterator = bytes.dropFirst(bom).makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var (offset, line, column) = (bom, 1, 1)
        var afterCarriageReturn = false
        while offset < limit, case .valid(let encoded) = parser.parseScalar(from: &iterator) {
            switch Unicode.UTF8.decode(encoded) {
            // NB: a `\n` right after `\r` is part of the same line break.
            case "\n" where afterCarriageReturn: break
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": (line, column) = (line + 1, 1)
            default: column += 1
            }
            afterCarriageReturn = encoded.first == 0x0D
            offset += encoded.count
        }
        return (offset, line, column)
    }
}
