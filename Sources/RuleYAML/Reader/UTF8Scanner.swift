internal import RuleCore

/// Walks UTF-8 bytes the way libyaml's reader does, to find the first ill-formed byte and to place
/// byte offsets (all libyaml gives for its reader errors) at a line and column.
///
/// Lines and columns count as libyaml's marks do: from 1, columns in Unicode scalars, a leading
/// byte order mark takes no column, and `\r\n`, `\r`, `\n`, U+0085, U+2028 and U+2029 each end a line.
enum UTF8Scanner {
    /// The offset of the first byte of the first ill-formed UTF-8 sequence, or `nil` when there is none.
    /// Pages of `releasing` behind the scan are handed back as it goes (``YAMLInput/release(_:)``).
    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>, releasing input: YAMLInput? = nil) -> Int? {
        // NB: runs of ASCII, most of a spec file, are checked eight bytes at a time; the scalar
        // walk starts only at the first line holding a byte that is not ASCII.
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        let count = bytes.count
        var released = 0
        while offset < count {
            if offset - released >= 1 << 22, let input {
                released = input.release(released..<offset)
            }
            while offset + 8 <= count,
                UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                offset += 8
            }
            guard offset < count else { break }
            let lead = base[offset]
            if lead < 0x80 {
                offset += 1
                continue
            }
            guard case .valid(_, let length) = UTF8Validation.check(bytes, at: offset) else { return offset }
            offset += length
        }
        return nil
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
