import RuleCore

/// The format versions that rule and spec files may declare in `rulecheck:`.
///
/// Version 1.1 adds checks, relative dates and lists, 1.2 adds `serverCodes:` and 1.3 adds checks
/// (docs/format.md, "Versions"); none changes what an earlier file means, so this reader reads them
/// all the same way, except that a check of 1.3 needs a file declaring 1.3. A file that uses an addition declares its version, so that an older rulecheck refuses it by
/// its version rather than by the first key it does not know.
package enum FormatVersion {
    /// The versions read, as written after `rulecheck:`.
    package static let supported = Set(FileFormat.versions)

    /// Whether a plain scalar `text` declares a version this rulecheck reads.
    package static func isSupported(_ text: String?, plain: Bool) -> Bool {
        plain && text.map(supported.contains) == true
    }

    /// `unsupported format version '2'; this rulecheck reads versions 1, 1.1, 1.2 and 1.3`.
    package static func unsupported(_ described: String) -> String {
        "unsupported format version \(described); this rulecheck reads versions "
            + FileFormat.versions.dropLast().joined(separator: ", ") + " and " + FileFormat.versions.last!
    }
}
