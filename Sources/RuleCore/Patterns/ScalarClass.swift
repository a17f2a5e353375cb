/// A set of Unicode scalars, one of which a `.`, a class escape such as `\d` or a `[…]` matches.
///
/// Scalars named one by one, ranges, `\d` `\w` `\s` and scripts become sorted, merged ranges that
/// ``contains(_:)`` searches in O(log n); general categories stay a ``GeneralCategorySet`` that it
/// reads from the pinned tables. Neither allocates, so matching stays allocation-free.
package struct ScalarClass: Sendable {
    /// Sorted, non-overlapping, non-adjacent inclusive ranges of scalar values.
    private(set) var ranges: [ClosedRange<UInt32>]
    /// Scalars whose general category is one of these are in the class too.
    private(set) var categories: GeneralCategorySet
    /// Whether the class holds the scalars that the ranges and categories do not.
    private(set) var isInverted: Bool

    /// A class of the scalars in `ranges`, which may overlap and come in any order, and of
    /// `categories`.
    init(_ ranges: some Sequence<ClosedRange<UInt32>> = [], categories: GeneralCategorySet = []) {
        self.ranges = Self.merged(ranges)
        self.categories = categories
        self.isInverted = false
    }

    /// Whether general categories decide some of its scalars, beyond its ranges.
    package var usesCategories: Bool { !categories.isEmpty }

    /// Where membership can change: each range's first scalar value and the one after its last.
    /// For a class that uses no categories, every scalar between two bounds is in it or none is.
    package var rangeBounds: [UInt32] { ranges.flatMap { [$0.lowerBound, $0.upperBound &+ 1] } }

    /// `[0-9]`, which `\d` means.
    static let digits = ScalarClass([0x30...0x39])
    /// `[A-Za-z0-9_]`, which `\w` means.
    static let wordCharacters = ScalarClass([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// The Unicode `White_Space` property, which `\s` means, from the pinned tables.
    ///
    /// NB: this is docs/format.md's set, the one `trim` removes; ECMAScript's `\s` differs from it in
    /// U+0085 (not in ECMAScript's) and U+FEFF (in ECMAScript's only).
    static let whiteSpace = ScalarClass(WhiteSpace.ranges)
    /// Every scalar but ECMAScript's line terminators (`\n`, `\r`, U+2028, U+2029), which `.` means.
    static let anyButLineTerminators = ScalarClass([0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029]).inverted()

    /// Whether `scalar` is in the class.
    package func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value { low = middle + 1 } else { high = middle }
        }
        let found =
            (low < ranges.count && ranges[low].lowerBound <= value)
            || (!categories.isEmpty && categories.contains(scalar))
        return found != isInverted
    }

    /// The class of the scalars in any of `classes`, merged once, so that a class of n parts
    /// costs O(n log n) however it is written.
    ///
    /// Only classes built from parts are joined, never a class already inverted: `[^…]` inverts
    /// once its parts are all in.
    static func union(_ classes: [ScalarClass]) -> ScalarClass {
        precondition(classes.allSatisfy { !$0.isInverted }, "only uninverted classes are joined")
        return ScalarClass(
            classes.lazy.flatMap(\.ranges), categories: classes.reduce(into: []) { $0.formUnion($1.categories) })
    }

    /// The class of every scalar that is not in this one.
    ///
    /// A class of ranges alone or categories alone inverts exactly, so it can still be joined
    /// with others, as `\D` and `\P{L}` are in `[\D\P{L}x]`.
    func inverted() -> ScalarClass {
        var result = self
        if isInverted || (!ranges.isEmpty && !categories.isEmpty) {
            result.isInverted.toggle()
        } else if categories.isEmpty {
            result.ranges = Self.complement(of: ranges)
        } else {
            result.categories = categories.symmetricDifference(.all)
        }
        return result
    }

    private static func merged(_ ranges: some Sequence<ClosedRange<UInt32>>) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound + 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    private static func complement(of ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next <= 0x10FFFF { result.append(next...0x10FFFF) }
        return result
    }
}
