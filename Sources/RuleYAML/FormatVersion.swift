import RuleCore

/// The format versions that rule and spec files may declare in `rulecheck:`.
///
/// Version 1.1 adds checks, relative dates and lists (docs/format.md, "Versions") and
/// changes nothing a version 1 file means, so this reader reads both the same way. A file that
/// uses an addition declares 1.1, so that a rulecheck reading only 1 refuses it by its version
/// rather than by the first check it does not know.
package enum FormatVersion {
    /// The versions read, as written after `rulecheck:`.
    package static let supported = Set(FileFormat.versions)

    /// Whether a plain scalar `text` declares a version this rulecheck reads.
    package static func isSupported(_ text: String?, plain: Bool) -> Bool {
        plain && text.map(supported.contains) == true
    }

    /// `unsupported format version '2'; this rulecheck reads versions 1 and 1.1`.
    package static func unsupported(_ described: String) -> String {
        "unsupported format version \(described); this rulecheck reads versions 1 and 1.1"
    }
}
