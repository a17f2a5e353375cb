/// The answers every server integration gives besides the rules' own (Hummingbird, the OpenAPI
/// middleware, and the Python package's FastAPI integration, with the same texts): a body over the
/// size limit, a body not sent as JSON, a header that cannot be read. Each is in the negotiated
/// language where rulecheck has it (English and Japanese), so `Content-Language` is true to it.
extension ProblemDetails {
    /// 413: the body is over `limit` bytes.
    public static func tooLarge(limit: Int, language: String) -> ProblemDetails {
        ProblemDetails(.tooLarge, language: language, values: ["limit": String(limit)])
    }

    /// 415: the body's `Content-Type` (`nil`: none sent) is not JSON (``isJSON(contentType:)``).
    public static func unsupportedMediaType(_ contentType: String?, language: String) -> ProblemDetails {
        guard let contentType else { return ProblemDetails(.missingMediaType, language: language, values: [:]) }
        return ProblemDetails(.unsupportedMediaType, language: language, values: ["type": contentType])
    }

    /// 400: the `Time-Zone` header (``ValidationContext/timeZoneHeader``) names no time zone.
    public static func unknownTimeZone(language: String) -> ProblemDetails {
        ProblemDetails(.unknownTimeZone, language: language, values: [:])
    }

    /// 400: in test mode, the `Rulecheck-Today` header (``ValidationContext/testTodayHeader``) holds no date.
    public static func unreadableTestToday(language: String) -> ProblemDetails {
        ProblemDetails(.unreadableTestToday, language: language, values: [:])
    }

    /// 404: no route is at the request's path.
    public static func notFound(language: String) -> ProblemDetails {
        ProblemDetails(.notFound, language: language, values: [:])
    }

    /// 405: the path has routes, but none for `method`; `allowed` are the methods it answers, which
    /// the response also sends as `Allow` (``allowHeader(_:)``).
    public static func methodNotAllowed(_ method: String, allowed: [String], language: String) -> ProblemDetails {
        ProblemDetails(
            .methodNotAllowed, language: language, values: ["method": method, "allowed": allowHeader(allowed)])
    }

    /// The `Allow` header of a 405: the methods sorted and joined by `, ` (`GET, HEAD, POST`), as
    /// every integration sends it.
    public static func allowHeader(_ methods: [String]) -> String {
        Set(methods).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.joined(separator: ", ")
    }

    /// Whether a `Content-Type` header names JSON: `application/json` or `application/…+json`,
    /// parameters (`; charset=utf-8`) and case aside.
    public static func isJSON(contentType: String?) -> Bool {
        guard let contentType else { return false }
        let media = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let type = ASCIICase.lower(media.trimmingSpacesAndTabs())
        return type == "application/json" || (type.hasScalarPrefix("application/") && type.hasScalarSuffix("+json"))
    }

    /// A problem with no violations: `detail` filled in `language`, or in English (and labelled so)
    /// where rulecheck has no text in it.
    private init(_ text: ProblemText, language: String, values: [String: String]) {
        let (status, title, detail) = (text.status, text.title, text.detail)
        let has = detail.byLanguage[language] != nil || LanguageTag.lookup(language, in: detail.byLanguage.keys) != nil
        self.init(violations: [], language: has ? language : "en")
        self.status = status
        self.title = title
        self.detail = MessageTemplates.fill(detail.template(for: self.language) ?? "") { values[$0] }
    }
}
