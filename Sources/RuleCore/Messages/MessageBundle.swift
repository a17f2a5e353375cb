public import Foundation

extension Violation {
    /// The arguments of this violation's message format (see ``MessageFormat``): its bound, then
    /// its value, as ``message(language:)`` shows them.
    public var formatArguments: [MessageFormat.Argument] {
        MessageFormat.arguments(bound: bound, value: isSensitive ? Self.hiddenValue : value, for: outcome.builtin)
    }

    /// The message in `language` from `bundle`'s strings table `table` (`Localizable` when `nil`),
    /// where the String Catalog that `rulecheck export messages` writes is compiled, under
    /// ``Outcome/catalogKey``; the built-in message of ``message(language:)`` when the bundle has
    /// no localization for the language or no such key.
    ///
    /// ```swift
    /// violation.message(language: "ja", bundle: .main)   // the app's translation, else the rules'
    /// ```
    public func message(language: String, bundle: Bundle, table: String? = nil) -> String {
        guard
            let format = MessageBundle.format(key: outcome.catalogKey, language: language, bundle: bundle, table: table)
        else { return message(language: language) }
        return MessageFormat.fill(format, with: formatArguments)
    }
}

/// Looks message formats up in a bundle's localizations.
enum MessageBundle {
    /// What `localizedString(forKey:value:table:)` gives back when the key is missing.
    private static let missing = "\u{1}rulecheck: no such key"

    /// The format under `key` in the localization of `bundle` that `language` finds: equal to it
    /// (case and `-`/`_` aside), else shortened from the end (`pt-BR`, then `pt`).
    static func format(key: String, language: String, bundle: Bundle, table: String?) -> String? {
        guard !key.hasScalarPrefix("."), let localization = localization(for: language, among: bundle.localizations),
            let path = bundle.path(forResource: localization, ofType: "lproj"), let localized = Bundle(path: path)
        else { return nil }
        let format = localized.localizedString(forKey: key, value: missing, table: table)
        return format == missing ? nil : format
    }

    static func localization(for language: String, among localizations: [String]) -> String? {
        LanguageTag.lookup(language, in: localizations)
    }
}
