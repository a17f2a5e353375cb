import RuleCore

/// An operation of an exported OpenAPI document whose JSON request body is one model, for
/// `--operation MODEL=METHOD:PATH`, so that a generator makes its request and response types.
///
/// ```swift
/// let operation = try OpenAPIOperation("ToDoTask=POST:/tasks")
/// operation.operationID   // "postToDoTask", which swift-openapi-generator makes Operations.postToDoTask
/// ```
///
/// It answers a 2xx status when the rules accept the body, and 422 with RFC 9457 problem details
/// (``RuleCore/ProblemDetails``) listing each violation's code, path and message when they do not.
public struct OpenAPIOperation: Sendable, Hashable {
    /// The model of the request body.
    public var model: String
    /// The HTTP method, lower-case as OpenAPI keys it: `post`.
    public var method: String
    /// The path, from `/`: `/tasks`.
    public var path: String

    /// The methods an OpenAPI path item has.
    public static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Reads `MODEL=METHOD:PATH`.
    ///
    /// - Throws: ``OpenAPIOperationError`` saying what is wrong.
    public init(_ text: String) throws(OpenAPIOperationError) {
        guard let equals = text.firstIndex(of: "="), let colon = text[equals...].firstIndex(of: ":") else {
            throw OpenAPIOperationError("'\(text)' is not MODEL=METHOD:PATH, such as 'ToDoTask=POST:/tasks'")
        }
        model = String(text[..<equals])
        // NB: an HTTP method is an ASCII token (RFC 9110), lower-cased in ASCII: `GET` is `get`, and
        // no platform's case mapping turns another letter into one (K, U+212A KELVIN SIGN, is no `k`).
        method = ASCIICase.lower(text[text.index(after: equals)..<colon])
        path = String(text[text.index(after: colon)...])
        guard !model.isEmpty else { throw OpenAPIOperationError("'\(text)' names no model") }
        guard Self.methods.contains(method) else {
            throw OpenAPIOperationError(
                "'\(text[text.index(after: equals)..<colon])' is not an HTTP method OpenAPI knows; use one of "
                    + Self.methods.map { ASCIICase.upper($0) }.joined(separator: ", "))
        }
        guard path.hasScalarPrefix("/"), !path.contains(where: { $0 == " " || $0 == "?" || $0 == "#" }) else {
            throw OpenAPIOperationError("'\(path)' is not a path such as '/tasks'")
        }
    }

    /// `postToDoTask`: the method, then the model.
    public var operationID: String { method + model }
}

/// Why an `--operation` cannot be exported.
public struct OpenAPIOperationError: Error, Sendable, CustomStringConvertible {
    /// Lower-case, no final period.
    public var description: String
    init(_ description: String) { self.description = description }
}
