import Foundation
import RuleCore

/// `rulecheck lsp`: a Language Server Protocol 3.17 server over standard input and output for rule
/// files and spec files.
///
/// It answers one message at a time, in order; each change is checked at once by the checker of
/// `rulecheck lint` (``Workspace``), with the open documents' text winning over the files on disk.
/// Standard output carries protocol only; what the server has to say besides goes to standard error.
public final class LanguageServer {
    /// The JSON-RPC error codes the server answers with.
    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case serverNotInitialized = -32002
        case requestFailed = -32803
    }

    /// A request that cannot be answered, as a JSON-RPC error.
    struct ResponseError: Error {
        var code: ErrorCode
        var message: String
    }

    /// The largest message read: 64 MiB, far above any rule file a rule set may hold.
    public static let maxContentLength = 64 << 20

    private let channel: MessageChannel
    private let version: String
    private var initialized = false
    private var shutDown = false
    var workspace = Workspace()

    /// Creates a server reading `input` and writing `output`; `version` is rulecheck's, for `serverInfo`.
    public init(
        input: Int32 = 0, output: Int32 = 1, version: String, maxContentLength: Int = LanguageServer.maxContentLength
    ) {
        channel = MessageChannel(input: input, output: output, maxContentLength: maxContentLength)
        self.version = version
    }

    /// Serves until `exit` or the end of input; the process's exit status: 0 after `shutdown` then
    /// `exit`, 1 otherwise, as the protocol says.
    public func run() -> Int32 {
        while true {
            switch channel.next() {
            case .end:
                log("input closed")
                return shutDown ? 0 : 1
            case .malformed(let reason):
                sendError(id: .absent, .parseError, reason)
            case .tooLarge(let length):
                sendError(
                    id: .absent, .invalidRequest,
                    "message of \(length) bytes is larger than the limit of \(channel.maxContentLength) bytes")
            case .message(let body):
                if let status = handle(body) { return status }
            }
        }
    }

    /// Handles one message; the exit status when it is `exit`.
    private func handle(_ body: [UInt8]) -> Int32? {
        let message: ValidationInput
        do {
            message = try JSONReader().read(body)
        } catch {
            sendError(id: .absent, .parseError, "not JSON: \(error.description)")
            return nil
        }
        guard case .record = message, let method = message["method"].stringValue else {
            // NB: a response to a request the server never sends, or no message at all.
            if case .record = message, message.has("id"), message.has("result") || message.has("error") {
                return nil
            }
            sendError(id: message["id"], .invalidRequest, "a message needs a 'method'")
            return nil
        }
        let id = message["id"]
        let isRequest = message.has("id")
        if isRequest, id.stringValue == nil, id.intValue == nil {
            sendError(id: .absent, .invalidRequest, "a request's 'id' is a number or a string")
            return nil
        }
        let params = message["params"]
        if method == "exit" { return shutDown ? 0 : 1 }
        guard isRequest else {
            notify(method, params)
            return nil
        }
        do {
            let result = try respond(method, params)
            send(.object(["jsonrpc": .string("2.0"), "id": id, "result": result]))
        } catch {
            sendError(id: id, error.code, error.message)
        }
        return nil
    }

    /// The result of request `method`.
    private func respond(_ method: String, _ params: ValidationInput) throws(ResponseError) -> ValidationInput {
        if method == "initialize" {
            initialized = true
            let textDocument = params["capabilities"]["textDocument"]
            workspace.snippets = textDocument["completion"]["completionItem"]["snippetSupport"] == .boolean(true)
            workspace.showsDisabled = textDocument["codeAction"]["disabledSupport"] == .boolean(true)
            workspace.resolvesEdits =
                textDocument["codeAction"]["resolveSupport"]["properties"].listValue?.contains {
                    $0.stringValue == "edit"
                } == true
            return .object([
                "capabilities": Self.capabilities,
                "serverInfo": .object(["name": .string("rulecheck"), "version": .string(version)]),
            ])
        }
        guard initialized else { throw ResponseError(code: .serverNotInitialized, message: "'initialize' first") }
        guard !shutDown else { throw ResponseError(code: .invalidRequest, message: "the server is shut down") }
        switch method {
        case "shutdown":
            shutDown = true
            return .absent
        case "textDocument/hover": return try workspace.hover(try location(params))
        case "textDocument/definition": return try workspace.definition(try location(params))
        case "textDocument/references": return try workspace.references(try location(params))
        case "textDocument/completion": return try workspace.completion(try location(params))
        case "textDocument/documentSymbol": return try workspace.symbols(try document(params))
        case "textDocument/codeAction": return try workspace.codeActions(try document(params), params)
        case "codeAction/resolve": return try workspace.resolve(codeAction: params)
        default: throw ResponseError(code: .methodNotFound, message: "unknown method '\(method)'")
        }
    }

    /// Handles notification `method`.
    private func notify(_ method: String, _ params: ValidationInput) {
        guard initialized, !shutDown else { return }
        let textDocument = params["textDocument"]
        switch method {
        case "textDocument/didOpen":
            guard let uri = textDocument["uri"].stringValue, let text = textDocument["text"].stringValue else {
                return log("didOpen without a document's uri and text")
            }
            workspace.open(uri: uri, version: textDocument["version"].intValue ?? 0, text: text)
            publishDiagnostics()
        case "textDocument/didChange":
            guard let uri = textDocument["uri"].stringValue, workspace.documents[uri] != nil else {
                return log("didChange of a document never opened")
            }
            for change in params["contentChanges"].listValue ?? [] {
                guard let text = change["text"].stringValue else { continue }
                if change.has("range"), let start = Self.position(change["range"]["start"]),
                    let end = Self.position(change["range"]["end"])
                {
                    workspace.documents[uri]?.replace(from: start, to: end, with: text)
                } else {
                    workspace.documents[uri]?.replace(with: text)
                }
            }
            if let version = textDocument["version"].intValue { workspace.documents[uri]?.version = version }
            publishDiagnostics()
        case "textDocument/didClose":
            guard let uri = textDocument["uri"].stringValue, workspace.documents[uri] != nil else {
                return log("didClose of a document never opened")
            }
            workspace.close(uri: uri)
            sendNotification(
                "textDocument/publishDiagnostics", .object(["uri": .string(uri), "diagnostics": .list([])]))
            publishDiagnostics()
        default:
            break
        }
    }

    /// Checks every open document and publishes what each holds wrong: a change to a rule file
    /// changes what its spec files say.
    private func publishDiagnostics() {
        for (uri, diagnostics) in workspace.diagnostics() {
            sendNotification(
                "textDocument/publishDiagnostics",
                .object([
                    "uri": .string(uri), "diagnostics": .list(diagnostics),
                    "version": workspace.documents[uri].map { .integer($0.version) } ?? .absent,
                ]))
        }
    }

    /// The document a request names, which must be open.
    private func document(_ params: ValidationInput) throws(ResponseError) -> TextDocument {
        guard let uri = params["textDocument"]["uri"].stringValue else {
            throw ResponseError(code: .invalidParams, message: "no 'textDocument.uri'")
        }
        guard let document = workspace.documents[uri] else {
            throw ResponseError(code: .invalidParams, message: "document '\(uri)' is not open")
        }
        return document
    }

    /// The open document and the position a request names.
    private func location(
        _ params: ValidationInput
    ) throws(ResponseError) -> (document: TextDocument, position: TextDocument.Position) {
        let document = try document(params)
        guard let position = Self.position(params["position"]) else {
            throw ResponseError(code: .invalidParams, message: "no 'position'")
        }
        return (document, position)
    }

    static func position(_ value: ValidationInput) -> TextDocument.Position? {
        guard let line = value["line"].intValue, let character = value["character"].intValue, line >= 0,
            character >= 0
        else { return nil }
        return TextDocument.Position(line: line, character: character)
    }

    /// What the server can do: full text sync, and each feature it answers.
    static let capabilities: ValidationInput = .object([
        "positionEncoding": .string("utf-16"),
        "textDocumentSync": .object(["openClose": .boolean(true), "change": .integer(1)]),
        "hoverProvider": .boolean(true),
        "definitionProvider": .boolean(true),
        "referencesProvider": .boolean(true),
        "completionProvider": .object(["triggerCharacters": .list([.string(":"), .string(" "), .string("-")])]),
        "documentSymbolProvider": .boolean(true),
        "codeActionProvider": .object([
            "codeActionKinds": .list([.string("quickfix")]), "resolveProvider": .boolean(true),
        ]),
    ])

    private func send(_ message: ValidationInput) {
        channel.send(message.jsonText)
    }

    private func sendNotification(_ method: String, _ params: ValidationInput) {
        send(.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params]))
    }

    private func sendError(id: ValidationInput, _ code: ErrorCode, _ message: String) {
        log(message)
        send(
            .object([
                "jsonrpc": .string("2.0"), "id": id,
                "error": .object(["code": .integer(code.rawValue), "message": .string(message)]),
            ]))
    }

    private func log(_ text: String) {
        FileHandle.standardError.write(Data("rulecheck lsp: \(text)\n".utf8))
    }
}
