public import RuleCore

/// The settings at the top of a spec file, before `cases:`.
public struct SpecHeader: Sendable {
    /// The spec file.
    public var file: String
    /// The rule file or folder (`rules:`), resolved against the spec file's folder; `nil` means
    /// the nearest `rules/` above the spec file.
    public var rules: String?
    /// Where `rules:` is written, for a diagnostic when it cannot be loaded.
    public var rulesRange: SourceRange?
    /// The clock for date checks (`today:`); `nil` uses the system's.
    public var today: LocalDate?
    /// Whether the file writes `today:`, even one that is no date (an error of its own).
    public var writesToday = false
    /// The language of expected messages (`language:`), `en` by default.
    public var language: String
}
