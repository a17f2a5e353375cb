/// A text of a problem that rulecheck writes itself: its status, title and detail templates, by name.
///
/// The one source of these texts: ``ProblemDetails`` fills them, and `rulecheck export
/// runtime-data` writes them into the JavaScript and Python runtimes' generated data, so no runtime
/// types a sentence of its own.
public struct ProblemText: Sendable, Hashable {
    /// The name the runtimes' data keys it by, such as `tooLarge`.
    public let name: String
    /// The HTTP status, such as 413.
    public let status: Int
    /// The status's reason phrase, such as `Content Too Large`.
    public let title: String
    /// The detail by language; `{count}`, `{limit}`, `{type}`, `{message}` are filled in.
    public let detail: MessageTemplates

    /// 422 with one violation.
    public static let oneInvalid = ProblemText(
        name: "oneInvalid", status: 422, title: "Unprocessable Content",
        detail: ["en": "The request has 1 invalid value.", "ja": "入力内容に{count}件の誤りがあります。"])
    /// 422 with `{count}` violations.
    public static let invalid = ProblemText(
        name: "invalid", status: 422, title: "Unprocessable Content",
        detail: ["en": "The request has {count} invalid values.", "ja": "入力内容に{count}件の誤りがあります。"])
    /// 400: the body is not JSON; `{message}` is the reader's diagnostic, which is English only.
    public static let notJSON = ProblemText(
        name: "notJSON", status: 400, title: "Bad Request", detail: ["en": "The body is not JSON: {message}."])
    /// 413: the body is over `{limit}` bytes.
    public static let tooLarge = ProblemText(
        name: "tooLarge", status: 413, title: "Content Too Large",
        detail: ["en": "The body is over {limit} bytes.", "ja": "本文が{limit}バイトを超えています。"])
    /// 415: the body was sent as `{type}`, which is not JSON.
    public static let unsupportedMediaType = ProblemText(
        name: "unsupportedMediaType", status: 415, title: "Unsupported Media Type",
        detail: [
            "en": "The body must be sent as application/json, not '{type}'.",
            "ja": "本文はapplication/jsonで送ってください（'{type}'ではなく）。",
        ])
    /// 415: the body was sent with no `Content-Type`.
    public static let missingMediaType = ProblemText(
        name: "missingMediaType", status: 415, title: "Unsupported Media Type",
        detail: [
            "en": "The body must be sent as application/json, not no content type.",
            "ja": "本文はapplication/jsonで送ってください（Content-Typeがありません）。",
        ])
    /// 400: the `Time-Zone` header names no time zone.
    public static let unknownTimeZone = ProblemText(
        name: "unknownTimeZone", status: 400, title: "Bad Request",
        detail: [
            "en": "The Time-Zone header names no time zone; send an IANA name such as Asia/Tokyo.",
            "ja": "Time-Zoneヘッダーがタイムゾーンを表していません。Asia/TokyoのようなIANAの名前を送ってください。",
        ])
    /// 400: in test mode, the `Rulecheck-Today` header holds no date.
    public static let unreadableTestToday = ProblemText(
        name: "unreadableTestToday", status: 400, title: "Bad Request",
        detail: [
            "en": "The Rulecheck-Today header holds no date; send YYYY-MM-DD, such as 2026-11-22.",
            "ja": "Rulecheck-Todayヘッダーが日付ではありません。2026-11-22のようにYYYY-MM-DDで送ってください。",
        ])

    /// 404: no route is at the request's path.
    public static let notFound = ProblemText(
        name: "notFound", status: 404, title: "Not Found",
        detail: ["en": "Nothing is at this path.", "ja": "このパスには何もありません。"])
    /// 405: the path answers other methods than the request's (`{allowed}`, also sent as `Allow`).
    public static let methodNotAllowed = ProblemText(
        name: "methodNotAllowed", status: 405, title: "Method Not Allowed",
        detail: [
            "en": "This path does not answer {method}; it answers {allowed}.",
            "ja": "このパスは{method}に応答しません。{allowed}を使ってください。",
        ])

    /// Every text, in the order the runtimes' data lists them.
    public static let all: [ProblemText] = [
        oneInvalid, invalid, notJSON, tooLarge, unsupportedMediaType, missingMediaType, unknownTimeZone,
        unreadableTestToday, notFound, methodNotAllowed,
    ]

    init(name: String, status: Int, title: String, detail: [String: String]) {
        self.name = name
        self.status = status
        self.title = title
        self.detail = MessageTemplates(detail)
    }
}
