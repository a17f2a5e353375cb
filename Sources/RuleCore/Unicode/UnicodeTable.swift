/// The decoders of the pinned tables' encoding (`UnicodeTables`, written by
/// Scripts/generate-unicode.py; the encoding is described there and in docs/format.md).
///
/// Each table is decoded once, at its first use, into memory that lives as long as the program,
/// and is read through raw pointers: a lookup is two loads, with no bounds check and no
/// reference count.

/// A property table decoded: the value of every code point through a two-stage index of blocks
/// of 256 code points, identical blocks stored once.
struct PropertyTable: @unchecked Sendable {
    // NB: @unchecked: the pointers are written once, before the table is published by a `static let`,
    // and never again.
    /// For each block of 256 code points (0x1100 of them), the offset of its values in `values`.
    private let blocks: UnsafePointer<UInt32>
    private let values: UnsafePointer<UInt8>
    /// The table's entries as decoded: each one's first code point and value, in order.
    let entries: [(start: UInt32, value: UInt8)]

    /// Decodes a property table: entries `D:V`, D the distance of this entry's first code point from
    /// the previous entry's (the first from 0), V its value up to the next entry's first code point.
    init(_ encoded: StaticString) {
        var entries: [(start: UInt32, value: UInt8)] = []
        var start: UInt32 = 0
        for entry in EncodedTable.entries(of: encoded) {
            start += entry.key
            // NB: the generator writes values of one byte; a wider one would be its fault.
            entries.append((start, UInt8(truncatingIfNeeded: entry.targets.first ?? 0)))
        }
        self.entries = entries
        var blocks = [UInt32](repeating: 0, count: 0x1100)
        var values: [UInt8] = []
        var uniform: [UInt8: UInt32] = [:]
        var shared: [[UInt8]: UInt32] = [:]
        var next = 0  // the entry in force at the block's start
        for block in 0..<0x1100 {
            let first = UInt32(block) << 8
            while next + 1 < entries.count && entries[next + 1].start <= first { next += 1 }
            let offset: UInt32
            if next + 1 == entries.count || entries[next + 1].start >= first + 256 {
                let value = entries[next].value
                if let found = uniform[value] {
                    offset = found
                } else {
                    offset = UInt32(values.count)
                    values += repeatElement(value, count: 256)
                    uniform[value] = offset
                }
            } else {
                var block = [UInt8](repeating: 0, count: 256)
                var entry = next
                for index in 0..<256 {
                    while entry + 1 < entries.count && entries[entry + 1].start <= first + UInt32(index) { entry += 1 }
                    block[index] = entries[entry].value
                }
                if let found = shared[block] {
                    offset = found
                } else {
                    offset = UInt32(values.count)
                    values += block
                    shared[block] = offset
                }
            }
            blocks[Int(block)] = offset
        }
        self.blocks = UnsafePointer(Self.immortal(blocks))
        self.values = UnsafePointer(Self.immortal(values))
    }

    /// The value of code point `value`, at most U+10FFFF.
    @inline(__always)
    subscript(_ value: UInt32) -> UInt8 {
        values[Int(blocks[Int(value &>> 8)]) &+ Int(value & 0xFF)]
    }

    /// The code points whose value is `value`, as sorted, non-adjacent inclusive ranges.
    func ranges(of value: UInt8) -> [ClosedRange<UInt32>] {
        entries.indices.compactMap { index in
            guard entries[index].value == value else { return nil }
            let end = index + 1 < entries.count ? entries[index + 1].start - 1 : 0x10FFFF
            return entries[index].start...end
        }
    }

    /// A copy of `array` that is never freed.
    private static func immortal<Element>(_ array: [Element]) -> UnsafeMutablePointer<Element> {
        let pointer = UnsafeMutablePointer<Element>.allocate(capacity: array.count)
        pointer.initialize(from: array, count: array.count)
        return pointer
    }
}

/// A mapping table decoded: code point → a sequence of code points, found by binary search.
struct MappingTable: Sendable {
    /// The keys, ascending.
    private let keys: [UInt32]
    /// Where each key's targets start in `targets`; one more at the end.
    private let offsets: [Int32]
    private let targets: [UInt32]
    /// The ASCII keys, a bit each: 0 to 63 in `asciiLow`, 64 to 127 in `asciiHigh`.
    private let asciiLow: UInt64
    private let asciiHigh: UInt64

    /// Decodes a mapping table: entries `D:T,T,…`, D the distance of the key from the previous
    /// entry's last key (the first from 0), each T an absolute code point; and runs `D:T*N*S`, the
    /// N keys S apart from the key D gives mapped to T, T+S, …, the last of them the run's last key.
    init(_ encoded: StaticString) {
        var keys: [UInt32] = []
        var offsets: [Int32] = []
        var targets: [UInt32] = []
        var key: UInt32 = 0
        for entry in EncodedTable.entries(of: encoded) {
            key += entry.key
            guard entry.isRun else {
                keys.append(key)
                offsets.append(Int32(targets.count))
                targets += entry.targets
                continue
            }
            // NB: the generator writes three numbers in a run; fewer would be its fault.
            let (first, count, stride) = (entry.targets[0], entry.targets[1], entry.targets[2])
            for index in 0..<count {
                keys.append(key + index * stride)
                offsets.append(Int32(targets.count))
                targets.append(first + index * stride)
            }
            key += (count - 1) * stride
        }
        offsets.append(Int32(targets.count))
        self.keys = keys
        self.offsets = offsets
        self.targets = targets
        var (low, high): (UInt64, UInt64) = (0, 0)
        for key in keys where key < 128 {
            if key < 64 { low |= 1 << key } else { high |= 1 << (key - 64) }
        }
        (asciiLow, asciiHigh) = (low, high)
    }

    /// Whether the table maps the ASCII byte `byte` (below 128), with no search.
    @inline(__always)
    func maps(ascii byte: UInt8) -> Bool {
        byte < 64 ? asciiLow >> byte & 1 != 0 : asciiHigh >> (byte &- 64) & 1 != 0
    }

    /// The number of keys.
    var count: Int { keys.count }

    /// The index of `key`, if the table maps it.
    @inline(__always)
    func index(of key: UInt32) -> Int? {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) &>> 1
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key ? low : nil
    }

    /// The targets of the key at `index`.
    @inline(__always)
    func targets(at index: Int) -> ArraySlice<UInt32> {
        targets[Int(offsets[index])..<Int(offsets[index + 1])]
    }

    /// The key at `index`.
    func key(at index: Int) -> UInt32 { keys[index] }

    /// The targets of `key`, if the table maps it.
    @inline(__always)
    subscript(_ key: UInt32) -> ArraySlice<UInt32>? {
        index(of: key).map(targets(at:))
    }
}

/// The entries of an encoded table, `D:T,T,…` or `D:T*N*S` separated by `;`, all numbers lowercase
/// hexadecimal.
enum EncodedTable {
    /// Each entry's first number, the numbers after its colon, and whether they are separated by `*`
    /// (a run: first target, count, stride).
    static func entries(of encoded: StaticString) -> [(key: UInt32, targets: [UInt32], isRun: Bool)] {
        encoded.withUTF8Buffer { bytes in
            var result: [(key: UInt32, targets: [UInt32], isRun: Bool)] = []
            var key: UInt32 = 0
            var targets: [UInt32] = []
            var number: UInt32 = 0
            var inKey = true
            var isRun = false
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): number = number << 4 | UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): number = number << 4 | UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: ":"):
                    key = number
                    inKey = false
                    number = 0
                case UInt8(ascii: ","):
                    targets.append(number)
                    number = 0
                case UInt8(ascii: "*"):
                    targets.append(number)
                    number = 0
                    isRun = true
                case UInt8(ascii: ";"):
                    if !inKey { targets.append(number) }
                    result.append((key, targets, isRun))
                    (targets, number, inKey, isRun) = ([], 0, true, false)
                default:
                    preconditionFailure("a pinned Unicode table holds a byte outside its encoding")
                }
            }
            if !bytes.isEmpty {
                if !inKey { targets.append(number) }
                result.append((key, targets, isRun))
            }
            return result
        }
    }
}
