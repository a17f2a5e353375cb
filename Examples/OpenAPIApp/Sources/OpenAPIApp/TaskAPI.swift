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

/// Answers a request whose body the rules reject with 422 and RFC 9457 problem details, every
/// violation's code, path and message in the language of `Accept-Language`, as the document's
/// 422 response says; the generated server alone would answer 500.
struct ViolationProblemMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        do {
            return try await next(request, body, metadata)
        } catch let error as ServerError {
            guard let violations = RuleCoreGeneratedCodeVersion1.violations(in: error.underlyingError) else {
                throw error
            }
            let language = AcceptLanguage(request.headerFields[.acceptLanguage]).negotiate(among: ["en", "ja"])
            let problem = ProblemDetails(violations: violations, language: language)
            var response = HTTPResponse(status: .init(code: problem.status))
            response.headerFields[.contentType] = ProblemDetails.mediaType
            response.headerFields[.contentLanguage] = problem.language
            return (response, HTTPBody(problem.json))
        }
    }
}
