/// One CSV record's cells (RFC 4180): cells separated by `,`; a cell in double quotes may hold
/// `,`, line ends and `""` for one quote. Cells are UTF-8 text.
public enum CSVRow {
    /// Why a record is not CSV, and at which byte of it (from 0).
    public struct Problem: Error, Hashable, Sendable {
        /// Lower-case, no final period.
        public var message: String
        public var offset: Int
    }

    /// The cells of `bytes`, one record without its line end.
    ///
    /// - Throws: ``Problem`` for a quote inside an unquoted cell, text after a closing quote, a
    ///   quote never closed, or invalid UTF-8.
    public static func cells(_ bytes: some Collection<UInt8>) throws(Problem) -> [String] {
        if let result = bytes.withContiguousStorageIfAvailable({ buffer in
            Result { () throws(Problem) in try cells(buffer) }
        }) {
            return try result.get()
        }
        return try cells(Array(bytes))
    }

    /// The cells of `bytes`, one record without its line end.
    ///
    /// - Throws: ``Problem``, as ``cells(_:)-(Collection<UInt8>)`` does.
    public static func cells(_ bytes: UnsafeBufferPointer<UInt8>) throws(Problem) -> [String] {
        let quote = UInt8(ascii: "\"")
        let comma = UInt8(ascii: ",")
        var cells: [String] = []
        var index = 0
        while true {
            if index < bytes.count, bytes[index] == quote {
                var cell: [UInt8] = []
                let opening = index
                index += 1
                while true {
                    guard index < bytes.count else {
                        throw Problem(message: "a quoted cell is never closed", offset: opening)
                    }
                    if bytes[index] == quote {
                        if index + 1 < bytes.count, bytes[index + 1] == quote {
                            cell.append(quote)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    cell.append(bytes[index])
                    index += 1
                }
                guard index == bytes.count || bytes[index] == comma else {
                    throw Problem(
                        message: "text after the closing quote of a cell; put the whole cell in quotes", offset: index)
                }
                cells.append(try text(cell[...], at: opening + 1))
            } else {
                let start = index
                while index < bytes.count, bytes[index] != comma {
                    if bytes[index] == quote {
                        throw Problem(
                            message: "a quote inside an unquoted cell; quote the cell and double the quote",
                            offset: index)
                    }
                    index += 1
                }
                cells.append(try text(UnsafeBufferPointer(rebasing: bytes[start..<index]), at: start))
            }
            guard index < bytes.count else { return cells }
            index += 1  // the comma
        }
    }

    /// `bytes` as a string, or the offset of its first invalid UTF-8 byte, counted from `offset`.
    private static func text(_ bytes: some Collection<UInt8>, at offset: Int) throws(Problem) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var valid = 0
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): valid += UTF8.width(scalar)
            case .emptyInput, .error: break decoding
            }
        }
        throw Problem(message: "invalid UTF-8", offset: offset + valid)
    }
}

/// A CSV file's header row: its column names, and for each, the model field it fills.
struct CSVColumns: Sendable {
    var names: [String]
}
