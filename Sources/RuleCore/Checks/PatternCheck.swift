/// `pattern`: the whole value matches a ``Pattern``, compared scalar by scalar.
///
/// Patterns run after every length check of the type, so that a length bound also bounds the
/// work a pattern does.
public enum PatternCheck {
    /// The default code.
    public static let code = "patternMismatch"
    static let messages = ["en": "This value has the wrong format.", "ja": "形式が正しくありません。"]
}
