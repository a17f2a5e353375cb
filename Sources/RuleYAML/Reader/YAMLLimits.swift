internal import RuleCore

/// Bounds that keep the YAML reader safe on hostile or runaway input.
///
/// Each limit, when hit, is a diagnostic at the place that exceeded it, never a crash or a hang.
public struct YAMLLimits: Hashable, Sendable {
    /// The deepest nesting of sequences and mappings.
    public var maxDepth: Int
    /// How many nodes aliases may copy in all (a billion-laughs document exceeds it quickly).
    public var maxAliasExpansion: Int
    /// The largest input, in bytes.
    public var maxInputBytes: Int

    /// Creates limits; the defaults suit hand-written rule files.
    public init(maxDepth: Int = 64, maxAliasExpansion: Int = 10_000, maxInputBytes: Int = 16 << 20) {
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
        self.maxInputBytes = maxInputBytes
    }

    /// The limits for rule files.
    public static let `default` = YAMLLimits()
}

extension YAMLLimits {
    /// The error for an input of `count` bytes, at the file's start, or `nil` when it is within `maxInputBytes`.
    func sizeError(_ count: Int, file: String) -> Diagnostic? {
        guard count > maxInputBytes else { return nil }
        return .error(
            "file is \(count) bytes, larger than the limit of \(maxInputBytes) bytes",
            at: SourceRange(start: SourceLocation(file: file, line: 1, column: 1)))
    }
}
