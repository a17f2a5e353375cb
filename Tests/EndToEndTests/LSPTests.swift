import Foundation
import RuleCore
import RuleTestSupport
import Testing

/// `rulecheck lsp` driven over standard input and output as an editor drives it: each test writes
/// a session of framed messages, then reads every message the server wrote, which must be protocol only.
@Suite struct LSPTests {
    /// A rule file with two mistakes on one line after an emoji (a UTF-16 surrogate pair, one Unicode
    /// scalar): an unknown check and an unknown type.
    static let rules = """
        rulecheck: 1
        types:
          Title:
            checks: [{ pattern: "😀+" }, { lenght: { min: 1 } }]
          Code:
            type: Strng
            checks:
              - length: { min: 2, max: 8 }
        models:
          Todo:
            fields:
              title: Title
              code: Code

        """

    @Test func aSessionGetsDiagnosticsHoverDefinitionCompletionAndAQuickFix() throws {
        let folder = try TemporaryFolder()
        let rulesURL = try folder.write(Self.rules, to: "rules/task.yaml")
        let uri = rulesURL.absoluteString
        let fixed = Self.rules.replacingOccurrences(of: "lenght", with: "length")
        let session = LSPSession()
        session.request(
            "initialize",
            ["processId": .absent, "rootUri": .string(folder.url.absoluteString), "capabilities": .record([:])])
        session.notify("initialized", .record([:]))
        session.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": "yaml", "version": .integer(1), "text": .string(Self.rules),
                ]
            ])
        // NB: "length" in `- length: { min: 2, max: 8 }` (line 7, character 8), "Title" in `title: Title` (line 11).
        session.request("textDocument/hover", Self.at(uri, 7, 9))
        session.request("textDocument/hover", Self.at(uri, 11, 15))
        session.request("textDocument/definition", Self.at(uri, 11, 15))
        session.request("textDocument/completion", Self.at(uri, 7, 8))
        session.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])
        session.request("textDocument/references", Self.at(uri, 2, 3))
        session.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(uri), "version": .integer(2)],
                "contentChanges": [["text": .string(fixed)]],
            ])
        session.request("shutdown", .absent)
        session.notify("exit", .absent)
        let run = try Rulecheck.run(["lsp"], in: folder.url, stdin: session.bytes)
        #expect(run.status == 0, "\(run.stderr)")
        let messages = try LSPSession.messages(in: run.stdout)

        let published = messages.filter { $0.string("method") == "textDocument/publishDiagnostics" }
        #expect(published.count == 2)
        let first = published.first?["params"]["diagnostics"].items ?? []
        // NB: both mistakes at once, each with did-you-mean; positions 0-based, characters in UTF-16 code units.
        #expect(
            first.map { $0.string("message") ?? "" } == [
                "unknown check 'lenght'; did you mean 'length'?",
                "unknown type 'Strng'; did you mean 'string'?",
            ])
        #expect(first.first.map { Self.range($0["range"]) } == [3, 35, 3, 41])
        #expect(first.dropFirst().first.map { Self.range($0["range"]) } == [5, 10, 5, 15])
        #expect(
            published.last?["params"]["diagnostics"].items?.map { $0.string("message") ?? "" } == [
                "unknown type 'Strng'; did you mean 'string'?"
            ])
        #expect(published.last?["params"]["version"].int == 2)

        let checkHover = LSPSession.response(2, in: messages)["result"]["contents"].string("value") ?? ""
        #expect(checkHover.contains("**length**: check") && checkHover.contains("`tooShort`: shorter than `min`"))
        #expect(checkHover.contains("`unit`: one of `characters`"))
        let typeHover = LSPSession.response(3, in: messages)["result"]["contents"].string("value") ?? ""
        #expect(typeHover.hasPrefix("**Title**"))
        let definition = LSPSession.response(4, in: messages)["result"]
        #expect(definition.string("uri") == uri)
        #expect(Self.range(definition["range"]) == [2, 2, 2, 7])
        let completion = LSPSession.response(5, in: messages)["result"]["items"].items ?? []
        #expect(Set(completion.compactMap { $0.string("label") }).isSuperset(of: ["length", "email", "pattern"]))
        let symbols = LSPSession.response(6, in: messages)["result"].items ?? []
        #expect(symbols.compactMap { $0.string("name") } == ["Title", "Code", "Todo"])
        #expect(symbols.last?["children"].items?.compactMap { $0.string("name") } == ["title", "code"])
        let references = LSPSession.response(7, in: messages)["result"].items ?? []
        #expect(references.map { Self.range($0["range"]) } == [[2, 2, 2, 7], [11, 13, 11, 18]])
        #expect(LSPSession.response(8, in: messages)["result"] == .absent)
        #expect(LSPSession.response(8, in: messages).has("result"))
    }

    @Test func aQuickFixAppliesTheDidYouMean() throws {
        let folder = try TemporaryFolder()
        let uri = try folder.write(Self.rules, to: "rules/task.yaml").absoluteString
        let session = LSPSession()
        session.request("initialize", ["capabilities": .record([:])])
        session.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": "yaml", "version": .integer(1), "text": .string(Self.rules),
                ]
            ])
        let diagnostic: ValidationInput = [
            "range": [
                "start": ["line": .integer(3), "character": .integer(35)],
                "end": ["line": .integer(3), "character": .integer(41)],
            ],
            "message": "unknown check 'lenght'; did you mean 'length'?",
        ]
        session.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(uri)], "range": diagnostic["range"],
                "context": ["diagnostics": [diagnostic]],
            ])
        session.request("shutdown", .absent)
        session.notify("exit", .absent)
        let run = try Rulecheck.run(["lsp"], in: folder.url, stdin: session.bytes)
        let messages = try LSPSession.messages(in: run.stdout)
        let action = LSPSession.response(2, in: messages)["result"].items?.first ?? .absent
        #expect(action.string("title") == "Change 'lenght' to 'length'")
        let edit = action["edit"]["changes"][uri].items?.first ?? .absent
        #expect(edit.string("newText") == "length")
        #expect(Self.range(edit["range"]) == [3, 35, 3, 41])
    }

    /// A spec file is checked against its rules as the editor holds them: a type only in the unsaved
    /// rule buffer is known, and a misspelled code gets its did-you-mean.
    @Test func aSpecFileIsCheckedAgainstTheUnsavedRules() throws {
        let folder = try TemporaryFolder()
        let onDisk = "rulecheck: 1\ntypes:\n  Old:\n    checks:\n      - length: { max: 3 }\n"
        let rulesURI = try folder.write(onDisk, to: "rules/a.yaml").absoluteString
        let spec =
            "rulecheck: 1\ncases:\n  New:\n    - { in: \"abcdef\", errors: [tooLonng] }\n    - { in: \"abcdefg\", errors: [tooLong] }\n"
        let specURI = try folder.write(spec, to: "specs/a.yaml").absoluteString
        let session = LSPSession()
        session.request("initialize", ["capabilities": .record([:])])
        session.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(specURI), "languageId": "yaml", "version": .integer(1), "text": .string(spec),
                ]
            ])
        session.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(rulesURI), "languageId": "yaml", "version": .integer(1),
                    "text": .string(onDisk.replacingOccurrences(of: "Old", with: "New")),
                ]
            ])
        session.request(
            "textDocument/hover",
            ["textDocument": ["uri": .string(specURI)], "position": ["line": .integer(4), "character": .integer(34)]])
        session.request("shutdown", .absent)
        session.notify("exit", .absent)
        let run = try Rulecheck.run(["lsp"], in: folder.url, stdin: session.bytes)
        let messages = try LSPSession.messages(in: run.stdout)
        let specDiagnostics = messages.filter {
            $0.string("method") == "textDocument/publishDiagnostics" && $0["params"].string("uri") == specURI
        }.map { $0["params"]["diagnostics"].items?.compactMap { $0.string("message") } ?? [] }
        #expect(specDiagnostics.first?.first?.contains("'New'") == true)
        #expect(
            specDiagnostics.last == [
                "type 'New' never reports 'tooLonng'; it can report 'invalidFormat', 'required', 'tooLong'; did you mean 'tooLong'?"
            ])
        let hover = LSPSession.response(2, in: messages)["result"]["contents"].string("value") ?? ""
        #expect(hover.contains("reported by check `length` of type 'New'"))
    }

    /// Bad input gets a JSON-RPC error or a clean exit, and standard output holds protocol only.
    @Test func badInputGetsErrorsNeverACrash() throws {
        let folder = try TemporaryFolder()
        let session = LSPSession()
        session.request("textDocument/hover", Self.at("file:///nowhere.yaml", 0, 0))
        session.request("initialize", ["capabilities": .record([:])])
        session.raw("Content-Type: text/plain\r\n\r\n")
        session.raw("Content-Length: 9\r\n\r\nnot json!")
        session.raw("Content-Length: 5000\r\n\r\n" + String(repeating: "x", count: 5000))
        session.raw("Content-Length: 2\r\n\r\n[]")
        session.request("textDocument/frobnicate", .record([:]))
        session.request("textDocument/hover", Self.at("file:///nowhere.yaml", 0, 0))
        session.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": "file:///nowhere.yaml", "version": .integer(2)],
                "contentChanges": [["text": "x"]],
            ])
        session.request("shutdown", .absent)
        // NB: no `exit`: standard input closes.
        let run = try Rulecheck.run(["lsp", "--max-message-bytes", "4096"], in: folder.url, stdin: session.bytes)
        #expect(run.status == 0, "after shutdown, the end of input is a clean exit")
        let messages = try LSPSession.messages(in: run.stdout)
        let errors = messages.compactMap { $0["error"]["code"].int }
        #expect(errors == [-32002, -32700, -32700, -32600, -32600, -32601, -32602])
        #expect(LSPSession.response(5, in: messages).has("result"))
        #expect(run.stderr.contains("didChange of a document never opened"))

        let closed = try Rulecheck.run(["lsp"], in: folder.url, stdin: "Content-Length: 100\r\n\r\n{\"jsonrpc\"")
        #expect(closed.status == 1 && closed.stdout.isEmpty)
        let exit = LSPSession()
        exit.notify("exit", .absent)
        #expect(try Rulecheck.run(["lsp"], in: folder.url, stdin: exit.bytes).status == 1)
    }

    static func at(_ uri: String, _ line: Int, _ character: Int) -> ValidationInput {
        [
            "textDocument": ["uri": .string(uri)],
            "position": ["line": .integer(line), "character": .integer(character)],
        ]
    }

    static func range(_ range: ValidationInput) -> [Int] {
        [range["start"]["line"], range["start"]["character"], range["end"]["line"], range["end"]["character"]]
            .compactMap(\.int)
    }
}

/// The messages an editor writes, framed, and a reader of what the server wrote back.
final class LSPSession {
    private(set) var bytes = Data()
    private var nextID = 1

    func request(_ method: String, _ params: ValidationInput) {
        write(["jsonrpc": "2.0", "id": .integer(nextID), "method": .string(method), "params": params])
        nextID += 1
    }

    func notify(_ method: String, _ params: ValidationInput) {
        write(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    func raw(_ text: String) {
        bytes += Data(text.utf8)
    }

    private func write(_ message: ValidationInput) {
        let body = message.jsonText
        raw("Content-Length: \(body.utf8.count)\r\n\r\n" + body)
    }

    /// Every message in `output`, which must hold nothing else.
    static func messages(in output: String) throws -> [ValidationInput] {
        var rest = Substring(output)
        var messages: [ValidationInput] = []
        while !rest.isEmpty {
            guard rest.hasPrefix("Content-Length: "), let end = rest.range(of: "\r\n\r\n"),
                let length = Int(rest[rest.index(rest.startIndex, offsetBy: 16)..<end.lowerBound])
            else {
                Issue.record("not a framed message: \(rest.prefix(80))")
                return messages
            }
            let body = Array(rest[end.upperBound...].utf8.prefix(length))
            messages.append(try JSONReader().read(body))
            rest = Substring(String(decoding: rest[end.upperBound...].utf8.dropFirst(length), as: UTF8.self))
        }
        return messages
    }

    static func response(_ id: Int, in messages: [ValidationInput]) -> ValidationInput {
        messages.first { $0["id"].int == id } ?? .absent
    }
}

extension ValidationInput {
    fileprivate static func integer(_ value: Int) -> ValidationInput { .number(DecimalNumber(json: String(value))!) }

    fileprivate subscript(_ key: String) -> ValidationInput {
        if case .record(let fields) = self { fields[key] ?? .absent } else { .absent }
    }

    fileprivate func has(_ key: String) -> Bool {
        if case .record(let fields) = self { fields[key] != nil } else { false }
    }

    fileprivate func string(_ key: String) -> String? {
        switch self[key] {
        case .string(let text), .text(let text): text
        default: nil
        }
    }

    fileprivate var int: Int? {
        if case .number(let number) = self { Int(number.description) } else { nil }
    }

    fileprivate var items: [ValidationInput]? {
        if case .list(let items) = self { items } else { nil }
    }
}
