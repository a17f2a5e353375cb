/// `required`: the value is present and not empty after normalization.
///
/// A failed `required` stops the field's remaining checks, and it runs before them whatever
/// its place in the list.
public enum Required {
    /// The default code.
    public static let code = "required"
    static let messages = ["en": "This field is required.", "ja": "入力してください。"]
}
