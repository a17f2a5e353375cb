/// What a message's language may be called: a BCP 47 tag whose language is a real one, such as
/// `en`, `ja`, `pt-BR` or `zh-Hant-TW`.
///
/// NB: a country code where a language belongs (`jp`, `cn`, `kr`) reads as a tag but names no
/// language; its messages would never be chosen, so it is a mistake with the language suggested.
public enum LanguageTag {
    /// Why `tag` cannot name a language, with the tag meant when it is a known slip; `nil` when it can.
    public static func problem(with tag: String) -> (message: String, fix: Suggestion?)? {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        let first = parts[0]
        let wellFormed =
            (2...3).contains(first.utf8.count) && first.unicodeScalars.allSatisfy(ASCIICase.isASCIILetter)
            && parts.dropFirst().allSatisfy {
                (2...8).contains($0.utf8.count)
                    && $0.unicodeScalars.allSatisfy { ASCIICase.isASCIILetter($0) || ASCIICase.isASCIIDigit($0) }
            }
        guard wellFormed else {
            return ("'\(tag)' is not a language tag; use one such as 'en', 'ja' or 'pt-BR'", nil)
        }
        let language = ASCIICase.lower(first)
        guard language.count == 2, !iso639_1.contains(language) else { return nil }
        let meant = countryLanguages[language].map { $0 + tag.dropFirst(2) }
        return (
            "'\(tag)' names no language; use an ISO 639 code such as 'en', 'ja' or 'pt-BR'",
            meant.map { Suggestion(name: $0) }
        )
    }

    /// RFC 4647's lookup of `tag` among `available`: the one equal to it (case aside, `_` read as
    /// `-`), else, with `narrower`, the first that it is a prefix of (`en` finds `en-GB`), else the
    /// one equal to it shortened from the end (`pt-BR`, then `pt`); `nil` when none is.
    ///
    /// The one look-up of a language among others: message templates, an app's localizations,
    /// `Accept-Language`.
    public static func lookup(_ tag: String, in available: some Collection<String>, narrower: Bool = false) -> String? {
        func normalized(_ tag: some StringProtocol) -> String { ASCIICase.lower(tag).replacingScalars("_", with: "-") }
        let wanted = normalized(tag)
        let candidates = available.map { (tag: $0, normalized: normalized($0)) }
        if let exact = candidates.first(where: { $0.normalized == wanted }) { return exact.tag }
        if narrower, let found = candidates.first(where: { $0.normalized.hasScalarPrefix(wanted + "-") }) {
            return found.tag
        }
        var shortened = Substring(wanted)
        while let dash = shortened.lastIndex(of: "-") {
            shortened = shortened[..<dash]
            if let found = candidates.first(where: { $0.normalized == shortened }) { return found.tag }
        }
        return nil
    }

    /// Country codes that are written where their language was meant, and are no language's code.
    static let countryLanguages = [
        "jp": "ja", "cn": "zh", "gr": "el", "dk": "da", "cz": "cs", "ua": "uk", "us": "en", "gb": "en", "il": "he",
        "ir": "fa", "vn": "vi", "at": "de", "rs": "sr", "mx": "es",
    ]

    /// The two-letter language codes of ISO 639-1.
    static let iso639_1: Set<String> = Set(
        """
        aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz \
        ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik \
        in io is it iu iw ja ji jv jw ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg \
        mh mi mk ml mn mo mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro \
        ru rw sa sc sd se sg sh si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty \
        ug uk ur uz ve vi vo wa wo xh yi yo za zh zu
        """.split(separator: " ").map(String.init))
}
