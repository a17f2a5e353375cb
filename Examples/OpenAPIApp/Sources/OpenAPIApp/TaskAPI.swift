import HTTPTypes
import OpenAPIRuntime
import RuleCore
import TaskRules

/// `POST /tasks` of `openapi.json`: the generated server hands the handler a body that decoded as
/// `TaskRules.ToDoTask`, so every task it sees is one the rules accept.
struct TaskAPI: APIProtocol {
    /// The tasks accepted, in the order posted.
    let store = TaskStore()

    func postToDoTask(_ input: Operations.postToDoTask.Input) async throws -> Operations.postToDoTask.Output {
        guard case .json(let task) = input.body else { preconditionFailure("the document has JSON bodies only") }
        await store.add(task)
        return .successful(statusCode: 201, .init())
    }
}

/// The tasks accepted, in memory.
actor TaskStore {
    private(set) var tasks: [ToDoTask] = []

    func add(_ task: ToDoTask) { tasks.append(task) }
}

/// Reads every request body as rulecheck's engine does before the generated server sees it, and
/// answers what the generator would not, each as RFC 9457 problem details in the language of
/// `Accept-Language`, with `Content-Language` and `Vary`:
///
/// - 415 for a body whose `Content-Type` is not JSON (a cross-site HTML form can post `text/plain`);
/// - 413 for a body over ``maxBodySize``, before it is read whole;
/// - 400 for a body that rulecheck's JSON reader refuses — a duplicate key, a trailing comma, a
///   truncated body, a lone surrogate — which `JSONDecoder` alone would accept (keeping one of
///   two duplicate values) or turn into a 500;
/// - 422 with every violation's code, path and message for a body the rules reject, as the
///   document's 422 response says; the generated server alone would answer 500.
struct ViolationProblemMiddleware: ServerMiddleware {
    /// The largest body read, in bytes.
    var maxBodySize = 1 << 20

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let language = AcceptLanguage(request.headerFields[.acceptLanguage]).negotiate(among: ["en", "ja"])
        var checked = body
        if let body {
            let contentType = request.headerFields[.contentType]
            guard ProblemDetails.isJSON(contentType: contentType) else {
                return Self.answer(.unsupportedMediaType(contentType, language: language))
            }
            var bytes: [UInt8] = []
            for try await chunk in body {
                guard bytes.count + chunk.count <= maxBodySize else {
                    return Self.answer(.tooLarge(limit: maxBodySize, language: language))
                }
                bytes += chunk
            }
            do {
                _ = try JSONReader().read(bytes)
            } catch {
                return Self.answer(ProblemDetails(unreadable: error, language: language))
            }
            checked = HTTPBody(bytes)
        }
        do {
            return try await next(request, checked, metadata)
        } catch let error as ServerError {
            guard let violations = RuleCoreGeneratedCodeVersion1.violations(in: error.underlyingError) else {
                throw error
            }
            return Self.answer(ProblemDetails(violations: violations, language: language))
        }
    }

    /// The response carrying `problem`.
    static func answer(_ problem: ProblemDetails) -> (HTTPResponse, HTTPBody?) {
        var response = HTTPResponse(status: .init(code: problem.status))
        response.headerFields[.contentType] = ProblemDetails.mediaType
        response.headerFields[.contentLanguage] = problem.language
        response.headerFields[.vary] = "Accept-Language"
        return (response, HTTPBody(problem.json))
    }
}
