/// One share of a partition of all cases, for running a suite on several CI machines at once.
///
/// A case belongs to shard `hash(file, ordinal) mod count + 1`: stable across runs and machines
/// for as long as the file keeps its cases, and every case is in exactly one shard.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// Which share, from 1.
    public let index: Int
    /// How many shares.
    public let count: Int

    /// Parses `K/N` with `1 ≤ K ≤ N`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// Whether the case at `ordinal` in `file` is in this shard.
    public func contains(file: String, ordinal: Int) -> Bool {
        // NB: FNV-1a, not Hasher: Swift seeds Hasher per process, and shards must agree across machines.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in file.utf8 + [0] + String(ordinal).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int(hash % UInt64(count)) + 1 == index
    }
}
