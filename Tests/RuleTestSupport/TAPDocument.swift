/// A TAP version 13 document, read strictly: the version line, test points numbered from 1 in
/// order, YAML blocks between `  ---` and `  ...` after a test point, and one plan that counts them.
public struct TAPDocument {
    /// One test point.
    public struct Point {
        public var ok: Bool
        public var number: Int
        public var description: String
        /// The lines of its YAML block, without their indentation.
        public var block: [String]
    }

    /// Why a text is not a TAP 13 document.
    public struct Malformed: Error, CustomStringConvertible {
        public var description: String
    }

    public var points: [Point] = []
    public var plan: Int

    /// Reads `text`.
    ///
    /// - Throws: `Malformed` at the first line out of place.
    public init(_ text: String) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.last == "" else { throw Malformed(description: "no final newline") }
        lines.removeLast()
        guard lines.first == "TAP version 13" else { throw Malformed(description: "no 'TAP version 13' first") }
        var plan: Int?
        var inBlock = false
        for line in lines.dropFirst() {
            if inBlock {
                if line == "  ..." {
                    inBlock = false
                } else if line.hasPrefix("  ") {
                    points[points.count - 1].block.append(String(line.dropFirst(2)))
                } else {
                    throw Malformed(description: "unindented line in a YAML block: \(line)")
                }
            } else if line == "  ---", !points.isEmpty, points[points.count - 1].block.isEmpty {
                inBlock = true
            } else if line.hasPrefix("1.."), plan == nil, let count = Int(line.dropFirst(3)) {
                plan = count
            } else if let point = Self.point(line), plan == nil {
                guard point.number == points.count + 1 else {
                    throw Malformed(description: "test \(point.number) out of order")
                }
                points.append(point)
            } else {
                throw Malformed(description: "a line TAP does not know: \(line)")
            }
        }
        guard !inBlock else { throw Malformed(description: "a YAML block not closed") }
        guard let plan, plan == points.count else {
            throw Malformed(description: "no plan, or one that does not count the tests")
        }
        self.plan = plan
    }

    private static func point(_ line: Substring) -> Point? {
        let ok = line.hasPrefix("ok ")
        guard ok || line.hasPrefix("not ok ") else { return nil }
        let rest = line.dropFirst(ok ? 3 : 7)
        guard let number = Int(rest.prefix { $0.isNumber }) else { return nil }
        let after = rest.drop { $0.isNumber }
        guard after.hasPrefix(" - ") else { return nil }
        return Point(ok: ok, number: number, description: String(after.dropFirst(3)), block: [])
    }
}
