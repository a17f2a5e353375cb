/// `required`: the value is present and not empty after normalization.
///
/// A failed `required` stops the field's remaining checks, and it runs before them whatever its
/// place in the list; a type that is not optional reports it for an absent value even without it.
public struct RequiredCheck: CheckDescriptor {
    public static let name = "required"
    public static let basis = CheckBasis.presence
    public static let parameters: [ParameterSpec] = []
    public static let appliesTo = CheckScope.values(Set(ValueType.allCases))
    public static let codes = [
        CheckCode(
            "required", summary: "absent, or empty after normalization",
            en: "This field is required.", ja: "入力してください。")
    ]

    /// Creates the check.
    public init() {}

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {}

    public var arguments: [(name: String, value: ParameterValue)] { [] }

    /// None: empty and blank values are candidates for every type.
    public var boundaries: [CheckBoundary] { [] }
}
