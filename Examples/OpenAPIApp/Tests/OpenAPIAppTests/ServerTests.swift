import Foundation
import HTTPTypes
import OpenAPIRuntime
import RuleCore
import TaskRules
import Testing

@testable import OpenAPIApp

/// `POST /tasks` through the server swift-openapi-generator generates, with a transport that keeps
/// the handlers it registers, so that a request is the bytes a client sends.
@Suite struct ServerTests {
    /// A `ServerTransport` that calls the registered handler directly.
    final class Transport: ServerTransport, @unchecked Sendable {
        typealias Handler =
            @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            )
        var handlers: [String: Handler] = [:]

        func register(_ handler: @escaping Handler, method: HTTPRequest.Method, path: String) throws {
            handlers["\(method.rawValue) \(path)"] = handler
        }

        func post(
            _ path: String, json: String, language: String = "en", contentType: String = "application/json"
        ) async throws -> (HTTPResponse, String) {
            var request = HTTPRequest(method: .post, scheme: "http", authority: "127.0.0.1", path: path)
            request.headerFields[.contentType] = contentType
            request.headerFields[.acceptLanguage] = language
            let handler = try #require(handlers["POST \(path)"])
            let (response, body) = try await handler(request, HTTPBody(json), ServerRequestMetadata())
            guard let body else { return (response, "") }
            return (response, try await String(collecting: body, upTo: 1 << 16))
        }
    }

    static func server() throws -> (TaskAPI, Transport) {
        let api = TaskAPI()
        let transport = Transport()
        try api.registerHandlers(on: transport, middlewares: [ViolationProblemMiddleware()])
        return (api, transport)
    }

    @Test(arguments: [
        ("en", "The title is too long."),
        ("ja-JP, en;q=0.5", "タイトルが長すぎます。"),
    ])
    func aTooLongTitleIsRejectedOnDecodeWithTheRulesCode(language: String, message: String) async throws {
        let (api, transport) = try Self.server()
        let (response, body) = try await transport.post(
            "/tasks", json: #"{"title": "An overly long task title here", "note": ""}"#, language: language)
        #expect(response.status.code == 422)
        #expect(response.headerFields[.contentType] == ProblemDetails.mediaType)
        let problem = try JSONDecoder().decode(ProblemDetails.self, from: Data(body.utf8))
        #expect(problem.violations.map(\.code) == ["titleTooLong"])
        #expect(problem.violations.map(\.path) == [["title"]])
        #expect(problem.violations.map { $0.message(language: problem.language) } == [message])
        #expect(await api.store.tasks.isEmpty)
    }

    /// Bodies that `JSONDecoder` reads differently from rulecheck's engine, or that are not JSON at
    /// all, are answered as the engine's JSON channel answers them, never 201 or 500.
    @Test(arguments: [
        (#"{"title": "a", "title": "b", "note": ""}"#, "application/json", 400, "duplicate key 'title'"),
        (#"{"title": "a", "note": "",}"#, "application/json", 400, #""line":1"#),
        (#"{"title": "a", "note": ""#, "application/json", 400, #""line":1"#),
        (#"{"title": "\udc00", "note": ""}"#, "application/json", 400, "lone low surrogate"),
        (#"{"title": "a", "note": ""}"#, "text/plain", 415, "not 'text/plain'"),
        (#"{"title": "\#(String(repeating: "x", count: 1 << 20))", "note": ""}"#, "application/json", 413, "bytes"),
        (#"{"title": "a", "note": ""}"#, "application/json; charset=utf-8", 201, ""),
    ])
    func bodiesAreReadAsTheEngineReadsThem(json: String, contentType: String, status: Int, part: String)
        async throws
    {
        let (api, transport) = try Self.server()
        let (response, body) = try await transport.post("/tasks", json: json, contentType: contentType)
        #expect(response.status.code == status, "\(body.prefix(300))")
        #expect(part.isEmpty || body.contains(part), "\(body.prefix(300))")
        guard status >= 400 else { return }
        #expect(response.headerFields[.contentType] == ProblemDetails.mediaType)
        #expect(response.headerFields[.contentLanguage] == "en" && response.headerFields[.vary] == "Accept-Language")
        #expect(await api.store.tasks.isEmpty)
    }

    @Test func aValidTaskReachesTheHandlerAsTheValueObjects() async throws {
        let (api, transport) = try Self.server()
        let (response, _) = try await transport.post("/tasks", json: #"{"title": "  Buy milk ", "note": ""}"#)
        #expect(response.status.code == 201)
        #expect(await api.store.tasks.map(\.title.value) == ["Buy milk"])
    }

    @Test func withoutTheMiddlewareTheServerErrorStillCarriesTheViolation() async throws {
        let transport = Transport()
        try TaskAPI().registerHandlers(on: transport)
        await #expect {
            try await transport.post("/tasks", json: #"{"title": "An overly long task title here", "note": ""}"#)
        } throws: { error in
            guard let error = error as? ServerError else { return false }
            return RuleCoreGeneratedCodeVersion1.violations(in: error.underlyingError)?.map(\.code) == ["titleTooLong"]
        }
    }
}
