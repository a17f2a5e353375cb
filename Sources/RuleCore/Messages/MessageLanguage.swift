import Foundation

/// The language the user reads messages in, found in one place for every platform.
///
/// On Apple platforms it is the first of `Locale.preferredLanguages` (`ja-JP`). Elsewhere it is
/// read from the environment as gettext reads it for messages: the locale is the first set of
/// `LC_ALL`, `LC_MESSAGES` and `LANG`; in the C or POSIX locale (or none) messages are English;
/// otherwise the first entry of `LANGUAGE`, a list such as `ja:en`, comes first, then the locale.
/// A POSIX name becomes a BCP 47 tag, without its codeset and modifier: `ja_JP.UTF-8` is `ja-JP`,
/// which finds the `ja` messages.
///
/// ```swift
/// MessageLanguage.preferred(environment: ["LANG": "ja_JP.UTF-8"])           // "ja-JP"
/// MessageLanguage.preferred(environment: ["LANG": "C.UTF-8", "LANGUAGE": "ja"])  // "en"
/// ```
///
/// NB: `Locale.current` is no help on Linux, where it is `en_001` whatever `LANG` says.
public enum MessageLanguage {
    /// The user's language for messages, read each time it is asked for.
    public static var preferred: String {
        #if canImport(Darwin)
            Locale.preferredLanguages.first ?? "en"
        #else
            preferred(environment: ProcessInfo.processInfo.environment)
        #endif
    }

    /// The language for messages that `environment` (`LC_ALL`, `LC_MESSAGES`, `LANG`, `LANGUAGE`)
    /// asks for, as the POSIX and gettext rules order them; `en` when it asks for none.
    public static func preferred(environment: [String: String]) -> String {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale, let localeTag = tag(posix: locale) else { return "en" }
        let listed = (environment["LANGUAGE"] ?? "").split(separator: ":").lazy.compactMap { tag(posix: String($0)) }
        return listed.first ?? localeTag
    }

    /// `ja_JP.UTF-8` as `ja-JP`; `nil` for the C and POSIX locales and for what names no language.
    static func tag(posix name: String) -> String? {
        let bare = name.prefix { $0 != "." && $0 != "@" }
        guard bare != "C", bare != "POSIX", !bare.isEmpty else { return nil }
        let tag = bare.replacingScalars("_", with: "-")
        return LanguageTag.problem(with: tag) == nil ? tag : nil
    }
}
