import Foundation
import RuleCore
import Testing

/// The sign-up and task endpoints over real HTTP on 127.0.0.1: every kind of body, each answered
/// with its status, problem details and Content-Language.
@Suite struct TaskServerTests {
    struct BodyCase: CustomTestStringConvertible, Sendable {
        let name: String
        let path: String
        let body: [UInt8]
        var headers: [String: String] = [:]
        let status: Int
        /// Codes by JSON pointer, for a 422.
        var codes: [String: [String]] = [:]
        /// The Content-Language of a problem.
        var language = "en"
        /// Text the response must hold, and text it must not.
        var contains: [String] = []
        var lacks: [String] = []
        /// The largest response, in bytes.
        var maximumSize = 4_000

        var testDescription: String { name }
    }

    static let signUp =
        #"{"email": " a@example.com ", "password": "abcdef12", "passwordConfirmation": "abcdef12", "plan": " PRO "}"#
    static let tenMegabytes = String(repeating: "x", count: 10_000_000)
    static let deep = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
    static let tooDeep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)

    static func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let cases: [BodyCase] = [
        BodyCase(
            name: "a valid sign-up", path: "/signup", body: utf8(signUp), status: 201,
            contains: [#""email":"a@example.com""#, #""plan":"pro""#], lacks: ["abcdef12"]),
        BodyCase(
            name: "a valid task", path: "/tasks",
            body: utf8(#"{"title": " Buy milk ", "note": "", "dueDate": "2026-11-22"}"#),
            status: 201, contains: [#""title":"Buy milk""#]),
        BodyCase(
            name: "an empty sign-up", path: "/signup",
            body: utf8(#"{"email": "", "password": "", "passwordConfirmation": "", "plan": ""}"#), status: 422,
            codes: [
                "/email": ["emptyEmail"], "/password": ["emptyPassword"], "/passwordConfirmation": ["emptyPassword"],
                "/plan": ["notAllowed"],
            ]),
        BodyCase(
            name: "a sign-up with six violations", path: "/signup",
            body: utf8(
                #"{"email": "not-an-email", "password": "abc", "passwordConfirmation": "abd", "displayName": "\#(String(repeating: "n", count: 31))", "birthYear": 1800, "plan": "gold"}"#
            ),
            status: 422,
            codes: [
                "/email": ["invalidEmail"], "/password": ["tooShort", "passwordNeedsDigit"],
                "/passwordConfirmation": ["tooShort", "passwordNeedsDigit"], "/displayName": ["tooLong"],
                "/birthYear": ["tooSmall"], "/plan": ["notAllowed"],
            ], lacks: [#""abc""#, #""abd""#]),
        BodyCase(
            name: "a valid sign-up, as the generated model", path: "/typed/signup", body: utf8(signUp), status: 201,
            contains: [#""email":"a@example.com""#, #""plan":"pro""#], lacks: ["abcdef12"]),
        BodyCase(
            name: "the generated model's six violations, in Japanese", path: "/typed/signup",
            body: utf8(
                #"{"email": "not-an-email", "password": "abc", "passwordConfirmation": "abd", "displayName": "\#(String(repeating: "n", count: 31))", "birthYear": 1800, "plan": "gold"}"#
            ),
            headers: ["Accept-Language": "ja"], status: 422,
            codes: [
                "/email": ["invalidEmail"], "/password": ["tooShort", "passwordNeedsDigit"],
                "/passwordConfirmation": ["tooShort", "passwordNeedsDigit"], "/displayName": ["tooLong"],
                "/birthYear": ["tooSmall"], "/plan": ["notAllowed"],
            ], language: "ja"),
        BodyCase(
            name: "an address already registered: the server code the rules declare", path: "/signup",
            body: utf8(signUp.replacing(" a@example.com ", with: "taken@example.org")), status: 422,
            codes: ["/email": ["emailTaken"]],
            contains: [#""message":"This email address is already registered.""#, #""value":"taken@example.org""#]),
        BodyCase(
            name: "an address already registered, typed, in Japanese", path: "/typed/signup",
            body: utf8(signUp.replacing(" a@example.com ", with: " taken@example.org ")),
            headers: ["Accept-Language": "ja"], status: 422, codes: ["/email": ["emailTaken"]], language: "ja",
            contains: ["このメールアドレスは登録済みです。"]),
        BodyCase(
            name: "passwords that differ", path: "/signup",
            body: utf8(
                #"{"email": "a@example.com", "password": "hunter22a", "passwordConfirmation": "hunter23a", "plan": "free"}"#
            ),
            status: 422, codes: ["/passwordConfirmation": ["passwordMismatch"]], lacks: ["hunter2"]),
        BodyCase(
            name: "a title too long, in Japanese", path: "/tasks",
            body: utf8(#"{"note": "", "title": "123456789012345678901"}"#),
            headers: ["Accept-Language": "ja"], status: 422, codes: ["/title": ["titleTooLong"]], language: "ja",
            contains: ["タイトルが長すぎます。"]),
        BodyCase(
            name: "ja-JP with English second", path: "/tasks", body: utf8(#"{"note": "", "title": ""}"#),
            headers: ["Accept-Language": "ja-JP,en;q=0.9"], status: 422, codes: ["/title": ["titleTooShort"]],
            language: "ja", contains: ["タイトルが短すぎます。"]),
        BodyCase(
            name: "English preferred", path: "/tasks", body: utf8(#"{"note": "", "title": ""}"#),
            headers: ["Accept-Language": "ja;q=0.5, en"], status: 422, codes: ["/title": ["titleTooShort"]],
            contains: ["The title is too short."]),
        BodyCase(
            name: "a due date in the past", path: "/tasks",
            body: utf8(#"{"note": "", "title": "a", "dueDate": "2026-11-21"}"#),
            status: 422, codes: ["/dueDate": ["tooEarly"]], contains: [#""min":"2026-11-22""#]),
        BodyCase(
            name: "today in UTC is today", path: "/tasks",
            body: utf8(#"{"note": "", "title": "a", "dueDate": "2026-11-22"}"#),
            headers: ["Time-Zone": "UTC"], status: 201),
        BodyCase(
            name: "today in Tokyo is a day later", path: "/tasks",
            body: utf8(#"{"note": "", "title": "a", "dueDate": "2026-11-22"}"#),
            headers: ["Time-Zone": "Asia/Tokyo"], status: 422, codes: ["/dueDate": ["tooEarly"]],
            contains: [#""min":"2026-11-23""#]),
        BodyCase(
            name: "an unknown time zone", path: "/tasks", body: utf8(#"{"title": "a"}"#),
            headers: ["Time-Zone": "Mars/Olympus"], status: 400, contains: ["Time-Zone"]),
        BodyCase(
            name: "a number for a title", path: "/tasks", body: utf8(#"{"note": "", "title": 12345}"#), status: 422,
            codes: ["/title": ["invalidFormat"]]),
        BodyCase(
            name: "true for a title", path: "/tasks", body: utf8(#"{"note": "", "title": true}"#), status: 422,
            codes: ["/title": ["invalidFormat"]]),
        BodyCase(
            name: "a string for a birth year", path: "/signup",
            body: utf8(String(signUp.dropLast()) + #", "birthYear": "1990"}"#), status: 422,
            codes: ["/birthYear": ["invalidFormat"]]),
        BodyCase(
            name: "a number for a birth year", path: "/signup",
            body: utf8(String(signUp.dropLast()) + #", "birthYear": 1990}"#), status: 201,
            contains: [#""birthYear":1990"#]),
        BodyCase(
            name: "undeclared arrays", path: "/tasks",
            body: utf8(#"{"title": "a", "note": "", "labels": ["x", ["y"]], "meta": {"ids": [1, 2, 3]}}"#), status: 201),
        BodyCase(
            name: "undeclared nesting 500 deep", path: "/tasks",
            body: utf8(#"{"title": "a", "note": "", "x": \#(deep)}"#),
            status: 201),
        BodyCase(
            name: "nesting past the limit", path: "/tasks", body: utf8(#"{"title": "a", "x": \#(tooDeep)}"#),
            status: 400, contains: ["nesting depth exceeds the limit of 512"]),
        BodyCase(
            name: "a 10 MB title", path: "/tasks", body: utf8(#"{"note": "", "title": "\#(tenMegabytes)"}"#),
            status: 422,
            codes: ["/title": ["titleTooLong"]], maximumSize: 1_000),
        BodyCase(
            name: "a 10,002-character password", path: "/signup",
            body: utf8(
                #"{"email": "a@example.com", "password": "\#(String(repeating: "p", count: 10_002))", "passwordConfirmation": "x", "plan": "free"}"#
            ),
            status: 422,
            codes: ["/password": ["tooLong"], "/passwordConfirmation": ["tooShort", "passwordNeedsDigit"]],
            lacks: ["ppp"]),
        BodyCase(
            name: "invalid UTF-8", path: "/tasks", body: utf8(#"{"title": ""#) + [0xC3, 0x28] + utf8(#""}"#),
            status: 400,
            contains: ["invalid UTF-8 bytes 0xC3 0x28"], lacks: ["\u{FFFD}"]),
        BodyCase(
            name: "a lone surrogate", path: "/tasks", body: utf8(#"{"title": "\udc00"}"#), status: 400,
            contains: ["lone low surrogate"]),
        BodyCase(
            name: "a duplicate key", path: "/tasks", body: utf8(#"{"title": "a", "title": "b"}"#), status: 400,
            contains: ["duplicate key 'title'"]),
        BodyCase(name: "not JSON", path: "/tasks", body: utf8("title=a"), status: 400, contains: [#""line":1"#]),
        BodyCase(
            name: "a list for a task", path: "/tasks", body: utf8(#"[{"title": "a"}]"#), status: 422,
            codes: ["": ["invalidFormat"]]),
        BodyCase(
            name: "a body over 16 MiB", path: "/tasks",
            body: utf8(#"{"note": "", "title": "\#(String(repeating: "x", count: 17 << 20))"}"#),
            headers: ["Accept-Language": "ja"], status: 413, language: "ja", contains: ["16777216バイト"]),
        BodyCase(
            name: "a form post, not JSON", path: "/tasks", body: utf8("title=a"),
            headers: ["Content-Type": "application/x-www-form-urlencoded"], status: 415,
            contains: ["not 'application/x-www-form-urlencoded'"]),
        BodyCase(
            name: "JSON as text/plain, which a cross-site form can send", path: "/signup", body: utf8(signUp),
            headers: ["Content-Type": "text/plain"], status: 415),
        BodyCase(
            name: "JSON with a charset", path: "/tasks", body: utf8(#"{"title": "a", "note": ""}"#),
            headers: ["Content-Type": "application/json; charset=utf-8"], status: 201),
        BodyCase(
            name: "an unknown time zone, in the negotiated language", path: "/tasks",
            body: utf8(#"{"title": "a", "note": ""}"#),
            headers: ["Time-Zone": "Mars/Olympus", "Accept-Language": "ja"],
            status: 400, language: "ja", contains: ["Time-Zoneヘッダー"]),
    ]

    @Test(arguments: cases)
    func endpoint(_ c: BodyCase) async throws {
        let port = try await TestServer.right.value
        let response = try await TestServer.request(c.path, port: port, body: Data(c.body), headers: c.headers)
        #expect(response.status == c.status)
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(response.body.count <= c.maximumSize, "\(response.body.count) bytes")
        for part in c.contains { #expect(text.contains(part), "\(text.prefix(500))") }
        for part in c.lacks { #expect(!text.contains(part), "\(text.prefix(500))") }
        guard c.status >= 400 else { return }
        #expect(response.headers["content-type"] == ProblemDetails.mediaType)
        let problem = try JSONDecoder().decode(ProblemDetails.self, from: response.body)
        #expect(problem.status == c.status)
        #expect(response.headers["content-language"] == c.language && problem.language == c.language)
        #expect(response.headers["vary"] == "Accept-Language")
        guard c.status == 422 else { return }
        #expect(Dictionary(grouping: problem.violations, by: \.pointer).mapValues { $0.map(\.code) } == c.codes)
        #expect(problem.violations.allSatisfy { !$0.message().isEmpty })
    }

    @Test(arguments: [
        (
            #"{"type":"TaskTitle","input":" a ","today":"2026-11-22","language":"en"}"#, 200,
            #"{"valid":true,"value":"a"}"#
        ),
        (
            #"{"type":"ToDoTask","input":{"title":"","note":""},"today":"2026-11-22","language":"ja"}"#, 200,
            #"{"valid":false,"violations":[{"code":"titleTooShort","path":["title"],"message":"タイトルが短すぎます。"}]}"#
        ),
        (#"{"type":"Nope","input":"a"}"#, 400, "no type or model 'Nope'"),
        (#"{"input":"a"}"#, 400, #"the request has no string "type""#),
    ])
    func conformanceRoute(_ request: String, _ status: Int, _ expected: String) async throws {
        let port = try await TestServer.right.value
        let response = try await TestServer.request("/conformance", port: port, body: Data(request.utf8))
        #expect(response.status == status)
        #expect(String(decoding: response.body, as: UTF8.self) == expected)
    }

    struct TimeZoneCase: Decodable, Sendable {
        var zone: String
        var known: Bool
    }

    /// The zones of `runtimes/fixtures/time_zones.json` that an HTTP header can carry as they are
    /// (no control character, no space at an end, which HTTP drops).
    static let timeZones: [TimeZoneCase] = {
        let url = TestServer.root.appendingPathComponent("runtimes/fixtures/time_zones.json")
        let cases = (try? JSONDecoder().decode([TimeZoneCase].self, from: Data(contentsOf: url))) ?? []
        return cases.filter { zoneCase in
            let zone = zoneCase.zone
            return !zone.isEmpty && zone.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) }
        }
    }()

    /// `Time-Zone` is an IANA name as the database spells it, as in every runtime (the shared
    /// fixture): `JST`, `GMT+09:00`, `localtime` and `asia/tokyo` are 400, though Foundation reads them.
    @Test func timeZoneHeadersAreIANANames() async throws {
        let port = try await TestServer.right.value
        #expect(Self.timeZones.count >= 20, "the shared fixture is read")
        for zoneCase in Self.timeZones {
            let response = try await TestServer.request(
                "/tasks", port: port, body: Data(#"{"title": "a", "note": ""}"#.utf8),
                headers: ["Time-Zone": zoneCase.zone])
            #expect(response.status == (zoneCase.known ? 201 : 400), "\(zoneCase.zone)")
        }
    }

    /// The headers that set today are read only for a model whose rules are relative to today:
    /// `SignUp` has none, so neither a zone nor a test date it cannot read is a 400 for it.
    @Test func headersThatSetTodayAreReadOnlyForRulesRelativeToToday() async throws {
        let headers = ["Time-Zone": "Mars/Olympus", "Rulecheck-Today": "someday"]
        for port in [try await TestServer.right.value, try await TestServer.testMode.value] {
            let signUp = try await TestServer.request(
                "/signup", port: port, body: Data(Self.signUp.utf8), headers: headers)
            #expect(signUp.status == 201, "\(String(decoding: signUp.body, as: UTF8.self))")
            let task = try await TestServer.request(
                "/tasks", port: port, body: Data(#"{"title": "a", "note": ""}"#.utf8), headers: headers)
            #expect(task.status == 400)
        }
    }

    /// A wrong method on a path is 405 with `Allow` and problem details, an unknown path 404, in
    /// the negotiated language, byte for byte the Swift library's (and so the Python package's,
    /// by `runtimes/fixtures/http_verdicts.jsonl`).
    @Test(arguments: [
        ("GET", "/tasks", "en"), ("PUT", "/tasks", "ja"), ("DELETE", "/signup", "en"), ("PATCH", "/signup", "ja-JP"),
        ("GET", "/conformance", "fr"), ("GET", "/nowhere", "en"), ("POST", "/nowhere", "ja"), ("GET", "/tasks/1", "en"),
    ])
    func routesNotTakenAreProblemDetails(_ method: String, _ path: String, _ acceptLanguage: String) async throws {
        let port = try await TestServer.right.value
        let response = try await TestServer.request(
            path, method: method, port: port, body: Data(), headers: ["Accept-Language": acceptLanguage])
        let language = acceptLanguage.hasPrefix("ja") ? "ja" : "en"
        let expected: ProblemDetails
        if path == "/nowhere" || path == "/tasks/1" {
            #expect(response.status == 404)
            #expect(response.headers["allow"] == nil)
            expected = .notFound(language: language)
        } else {
            #expect(response.status == 405)
            #expect(response.headers["allow"] == "POST")
            expected = .methodNotAllowed(method, allowed: ["POST"], language: language)
        }
        #expect(response.headers["content-type"] == ProblemDetails.mediaType)
        #expect(response.headers["content-language"] == language)
        #expect(String(decoding: response.body, as: UTF8.self) == expected.json)
    }

    /// The server's own OpenAPI document, which schemathesis is driven by: the export of its rules,
    /// with its two operations and the headers each reads; a post to it is 405, with `GET` allowed.
    @Test func theServerServesItsOpenAPIDocument() async throws {
        let port = try await TestServer.right.value
        let response = try await TestServer.request("/openapi.json", method: "GET", port: port, body: Data())
        #expect(response.status == 200)
        let document = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        let paths = try #require(document?["paths"] as? [String: Any])
        #expect(Set(paths.keys) == ["/signup", "/tasks"])
        let schemas = (document?["components"] as? [String: Any])?["schemas"] as? [String: Any]
        #expect(schemas?["ToDoTask"] != nil && schemas?["SignUp"] != nil)
        // `Time-Zone` is listed where the server reads it: for ToDoTask's `notBefore: today`, not for SignUp.
        func headers(_ path: String) -> [String]? {
            let operation = (paths[path] as? [String: Any])?["post"] as? [String: Any]
            return (operation?["parameters"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        }
        #expect(headers("/tasks") == ["Accept-Language", "Time-Zone"])
        #expect(headers("/signup") == ["Accept-Language"])
        let post = try await TestServer.request("/openapi.json", port: port, body: Data())
        #expect(post.status == 405)
        #expect(post.headers["allow"]?.hasPrefix("GET") == true, "GET, and HEAD where the framework answers it")
    }
}
