import Testing

@testable import RuleCore

/// The problems a server writes itself, in each language, from ``ProblemText``.
@Suite struct ProblemTextTests {
    @Test(
        "each answer's status, title, language and detail",
        arguments: [
            (
                ProblemDetails.unsupportedMediaType("text/plain", language: "ja"), 415, "ja",
                "本文はapplication/jsonで送ってください（'text/plain'ではなく）。"
            ),
            (
                ProblemDetails.unsupportedMediaType(nil, language: "ja"), 415, "ja",
                "本文はapplication/jsonで送ってください（Content-Typeがありません）。"
            ),
            (
                ProblemDetails.unsupportedMediaType("text/plain", language: "fr"), 415, "en",
                "The body must be sent as application/json, not 'text/plain'."
            ),
            (
                ProblemDetails.unsupportedMediaType(nil, language: "en"), 415, "en",
                "The body must be sent as application/json, not no content type."
            ),
            (ProblemDetails.tooLarge(limit: 10, language: "ja-JP"), 413, "ja-JP", "本文が10バイトを超えています。"),
            (
                ProblemDetails(unreadable: JSONReadError("x", offset: 0, line: 1, column: 1), language: "ja"), 400,
                "en", "The body is not JSON: x."
            ),
        ])
    func answer(_ problem: ProblemDetails, status: Int, language: String, detail: String) {
        #expect(problem.status == status)
        #expect(problem.language == language)
        #expect(problem.detail == detail)
        #expect(problem.title == ProblemText.all.first { $0.status == status }?.title)
    }

    @Test func everyTextHasEnglishAndEveryNameIsOnce() {
        #expect(ProblemText.all.allSatisfy { $0.detail.byLanguage["en"] != nil })
        #expect(Set(ProblemText.all.map(\.name)).count == ProblemText.all.count)
    }
}
