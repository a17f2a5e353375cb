/// The vocabulary of the rule-file and spec-file formats that is not a check's: the versions a
/// file may declare and the keys of each section. The loaders read by these lists and the format
/// schemas for editors describe them, so a new key is added here once.
public enum FileFormat {
    /// The versions `rulecheck:` may declare, as written: each adds to the one before and changes
    /// nothing it means (1.2 adds `serverCodes:`, 1.3 the checks whose ``CheckDescriptor/since`` says so).
    public static let versions = ["1", "1.1", "1.2", "1.3"]

    /// Whether a file declaring `version` may use what `since` added: `1.2` may not use a check of `1.3`.
    public static func allows(_ since: String, in version: String) -> Bool {
        guard let added = versions.firstIndex(of: since), let declared = versions.firstIndex(of: version) else {
            return true
        }
        return added <= declared
    }

    /// The keys of a rule file.
    /// `custom` (1.3) declares custom checks (``CustomCheckDeclaration``).
    public static let ruleFileKeys = ["rulecheck", "defaults", "custom", "types", "models"]
    /// The keys of a type.
    public static let typeKeys = [
        "type", "description", "normalize", "optional", "sensitive", "checks", "serverCodes", "messages",
    ]
    /// The keys of a model.
    public static let modelKeys = ["description", "fields", "checks", "serverCodes", "messages"]
    /// The keys of a model's field written as a mapping.
    /// `swiftName` (1.1) names the field's property in generated Swift, for a key Swift cannot spell.
    public static let fieldKeys = [
        "type", "list", "optional", "sensitive", "minItems", "maxItems", "unique", "swiftName",
    ]

    /// The keys of a spec file's header.
    public static let specFileKeys = ["rulecheck", "rules", "today", "language", "cases"]
    /// The keys of a spec case.
    public static let caseKeys = ["name", "in", "out", "valid", "errors", "message"]
}
