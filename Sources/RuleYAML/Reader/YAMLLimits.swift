package import RuleCore

/// Bounds that keep the YAML reader safe on hostile or runaway input.
///
/// Each limit, when hit, is a diagnostic at the place that exceeded it, never a crash or a hang.
/// ``default`` suits hand-written rule files and ``specFile`` recorded spec files; to change one
/// bound, start from them:
/// ```swift
/// var limits = YAMLLimits.default
/// limits.maxScalarLength = 1 << 20
/// let loaded = RuleFileLoader(limits: limits).load(["rules"])
/// ```
public struct YAMLLimits: Hashable, Sendable {
    /// The deepest nesting of sequences and mappings.
    public var maxDepth: Int
    /// How many nodes aliases may copy in all (a billion-laughs document exceeds it quickly).
    public var maxAliasExpansion: Int
    /// The largest input, in bytes.
    public var maxInputBytes: Int
    /// The most keys one mapping may have.
    public var maxKeysPerMapping: Int
    /// The longest scalar, in UTF-8 bytes after escapes and folding.
    public var maxScalarLength: Int

    /// Creates limits; the defaults suit hand-written rule files.
    public init(
        maxDepth: Int = 64, maxAliasExpansion: Int = 10_000, maxInputBytes: Int = 16 << 20,
        maxKeysPerMapping: Int = 10_000, maxScalarLength: Int = 64 << 10
    ) {
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
        self.maxInputBytes = maxInputBytes
        self.maxKeysPerMapping = maxKeysPerMapping
        self.maxScalarLength = maxScalarLength
    }

    /// The limits for rule files: 64 levels, 10,000 aliased nodes, 16 MiB, 10,000 keys per mapping
    /// and 64 KiB per scalar.
    public static let `default` = YAMLLimits()

    /// The limits for spec files, which may hold millions of recorded cases and long inputs: as
    /// ``default``, but 1 GiB and 1 MiB per scalar.
    public static let specFile = YAMLLimits(maxInputBytes: 1 << 30, maxScalarLength: 1 << 20)
}

extension YAMLLimits {
    /// The error for an input of `count` bytes, at the file's start, or `nil` when it is within `maxInputBytes`.
    package func sizeError(_ count: Int, file: String) -> Diagnostic? {
        guard count > maxInputBytes else { return nil }
        return .error(
            "file is \(count) bytes, \(Self.tooLarge) \(maxInputBytes) bytes",
            at: SourceRange(start: SourceLocation(file: file, line: 1, column: 1)))
    }

    /// Whether `diagnostic` refuses a file by its size: nothing of the file is read, not even
    /// to quote its first line.
    package static func isSizeError(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.message.hasScalarPrefix("file is ") && diagnostic.message.contains(tooLarge)
    }

    private static let tooLarge = "larger than the limit of"
}
