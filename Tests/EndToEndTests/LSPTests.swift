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
        session.request(
            "codeAction/resolve", ["title": "x", "data": ["uri": "file:///nowhere.yaml", "offset": .integer(0)]])
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
        #expect(errors == [-32002, -32700, -32700, -32600, -32600, -32601, -32602, -32602])
        #expect(LSPSession.response(6, in: messages).has("result"))
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

/// The code actions of issue 41 beyond did-you-mean, and what hover, references and completion say
/// of codes, checks, fields and languages, each over a real session with the built server.
@Suite struct LSPCodeActionTests {
    /// A rule file whose messages use English and Japanese: `Code` lacks Japanese in a block
    /// mapping, as text, and in a flow mapping; `Title` has both.
    static let rules = """
        rulecheck: 1
        types:
          Title:
            checks:
              - length: { max: 20 }
            messages:
              tooLong: { en: "Too long.", ja: "長すぎます。" }
          Code:
            checks:
              - length: { min: 2, max: 8 }
              - pattern: "[A-Z]+"
            messages:
              tooShort:
                en: "At least {min}."
              tooLong: "At most {max}."
              patternMismatch: { en: "Capitals only." }
        models:
          Pair:
            fields:
              first: Code
              second: Code
            checks:
              - equal: { fields: [first, second] }

        """

    static let spec = """
        rulecheck: 1
        cases:
          Code:
            - { in: "AB", out: "AB" }
            - { in: "A", errors: [tooShort] }
          Title:
            - { in: "abcdefghijklmnopqrstuvwxyz", errors: [tooLong] }

        """

    @Test func addsTheMissingMessageOfALanguage() throws {
        let folder = try TemporaryFolder()
        let uri = try folder.write(Self.rules, to: "rules/codes.yaml").absoluteString
        let session = LSPSession()
        session.request("initialize", ["capabilities": .record([:])])
        session.open(uri, Self.rules)
        // NB: a range inside type `Code` (line 8), then one inside `Title`, which lacks nothing.
        session.request("textDocument/codeAction", LSPSession.codeAction(uri, line: 8))
        session.request("textDocument/codeAction", LSPSession.codeAction(uri, line: 3))
        session.end()
        let messages = try LSPSession.messages(in: Rulecheck.run(["lsp"], in: folder.url, stdin: session.bytes).stdout)
        let actions = LSPSession.response(2, in: messages)["result"].items ?? []
        let action = try #require(actions.first { $0.string("title")?.hasPrefix("Add the 'ja'") == true })
        #expect(
            action.string("title") == "Add the 'ja' message of 'tooShort', 'tooLong', 'patternMismatch' to type 'Code'")
        let edited = LSPSession.apply(action["edit"]["changes"][uri].items ?? [], to: Self.rules)
        #expect(
            edited.contains(
                """
                    messages:
                      tooShort:
                        en: "At least {min}."
                        ja: "TODO: At least {min}."
                      tooLong: { en: "At most {max}.", ja: "TODO: At most {max}." }
                      patternMismatch: { en: "Capitals only.", ja: "TODO: Capitals only." }
                """), "\(edited)")
        #expect(
            LSPSession.response(3, in: messages)["result"].items?.contains {
                $0.string("title")?.hasPrefix("Add the") == true
            } == false)
        // NB: the edited file is a rule file lint accepts.
        try folder.write(edited, to: "rules/codes.yaml")
        #expect(try Rulecheck.run(["lint", "rules"], in: folder.url).status == 0)
    }

    /// The cases `suggest` proposes go into the spec file as one edit, at once or when the action
    /// is resolved; with them, `rulecheck test` passes and `rulecheck suggest` finds nothing more.
    @Test(arguments: [false, true]) func addsTheCasesSuggestProposes(resolving: Bool) throws {
        let folder = try TemporaryFolder()
        let rulesURI = try folder.write(Self.rules, to: "rules/codes.yaml").absoluteString
        let specURI = try folder.write(Self.spec, to: "specs/codes.yaml").absoluteString
        let session = LSPSession()
        let capabilities: ValidationInput =
            resolving
            ? ["textDocument": ["codeAction": ["resolveSupport": ["properties": ["edit"]]]]] : .record([:])
        session.request("initialize", ["capabilities": capabilities])
        session.open(specURI, Self.spec)
        // NB: from the spec file's section of `Code`, then from its declaration in the rule file, not open.
        session.request("textDocument/codeAction", LSPSession.codeAction(specURI, line: 2))
        session.open(rulesURI, Self.rules)
        session.request("textDocument/codeAction", LSPSession.codeAction(rulesURI, line: 7))
        session.end()
        var messages = try LSPSession.messages(in: Rulecheck.run(["lsp"], in: folder.url, stdin: session.bytes).stdout)
        let title = "Add the cases `rulecheck suggest` proposes for 'Code'"
        var actions = [2, 3].compactMap { id in
            LSPSession.response(id, in: messages)["result"].items?.first { $0.string("title") == title }
        }
        #expect(actions.count == 2)
        if resolving {
            #expect(actions.allSatisfy { !$0.has("edit") && $0.has("data") })
            let resolve = LSPSession()
            resolve.request("initialize", ["capabilities": capabilities])
            resolve.open(specURI, Self.spec)
            resolve.request("codeAction/resolve", actions[0])
            resolve.end()
            messages = try LSPSession.messages(
                in: Rulecheck.run(["lsp"], in: folder.url, stdin: resolve.bytes).stdout)
            actions = [LSPSession.response(2, in: messages)["result"]]
        }
        let edits = try #require(actions.first?["edit"]["changes"][specURI].items)
        let edited = LSPSession.apply(edits, to: Self.spec)
        #expect(edited.hasPrefix(Self.spec.components(separatedBy: "  Title:")[0]))
        #expect(edited.contains("- { name: \"kills: "), "\(edited)")
        #expect(edited.hasSuffix("  Title:\n    - { in: \"abcdefghijklmnopqrstuvwxyz\", errors: [tooLong] }\n"))
        try folder.write(edited, to: "specs/codes.yaml")
        #expect(try Rulecheck.run(["test", "specs"], in: folder.url).status == 0)
        let again = try Rulecheck.run(["suggest", "specs", "--type", "Code"], in: folder.url)
        #expect(!again.stdout.contains("- {"), "\(again.stdout)")
    }

    /// A hover on a code lists the spec cases that expect it of the types that report it, and its
    /// references are those cases: not another type's case expecting a code of the same name.
    @Test func aCodesHoverAndReferencesListItsSpecCases() throws {
        let folder = try TemporaryFolder()
        let uri = try folder.write(Self.rules, to: "rules/codes.yaml").absoluteString
        // NB: `Code` and `Title` both report `tooLong`, and a case of each expects it.
        let spec = Self.spec.replacingOccurrences(
            of: "  Title:", with: "    - { in: \"ABCDEFGHI\", errors: [tooLong] }\n  Title:")
        let specURI = try folder.write(spec, to: "specs/codes.yaml").absoluteString
        let session = LSPSession()
        session.request("initialize", ["capabilities": .record([:])])
        session.open(uri, Self.rules)
        // NB: `tooLong` in Code's `messages:` (line 14, character 6).
        session.request("textDocument/hover", LSPTests.at(uri, 14, 8))
        session.request("textDocument/references", LSPTests.at(uri, 14, 8))
        session.request("textDocument/hover", LSPTests.at(uri, 12, 8))
        session.request("textDocument/references", LSPTests.at(uri, 12, 8))
        session.open(specURI, spec)
        session.request("textDocument/definition", LSPTests.at(specURI, 5, 36))
        session.end()
        let messages = try LSPSession.messages(in: Rulecheck.run(["lsp"], in: folder.url, stdin: session.bytes).stdout)
        let tooLong = LSPSession.response(2, in: messages)["result"]["contents"].string("value") ?? ""
        #expect(tooLong.contains("Spec cases that expect it:\n- [specs/codes.yaml:6]("), "\(tooLong)")
        #expect(!tooLong.contains("codes.yaml:8"), "the case of Title is not one of Code's: \(tooLong)")
        // NB: Code's `length` check declares it (line 9), and one case expects it of Code.
        let references = LSPSession.response(3, in: messages)["result"].items ?? []
        #expect(references.map { LSPTests.range($0["range"]) } == [[9, 8, 9, 14], [5, 34, 5, 41]], "\(references)")
        // NB: from the case of Code, its own check, though Title's `length` comes first in the file.
        let definition = LSPSession.response(6, in: messages)["result"]
        #expect(definition.string("uri") == uri && LSPTests.range(definition["range"]) == [9, 8, 9, 14])
        let shortReferences = LSPSession.response(5, in: messages)["result"].items ?? []
        #expect(
            shortReferences.map {
                ($0.string("uri")?.hasSuffix("specs/codes.yaml") ?? false, LSPTests.range($0["range"]))
            }
            .map { "\($0.0) \($0.1)" } == ["false [9, 8, 9, 14]", "true [4, 26, 4, 34]"])
        let tooShort = LSPSession.response(4, in: messages)["result"]["contents"].string("value") ?? ""
        #expect(tooShort.contains("Spec cases that expect it:\n- [specs/codes.yaml:5](file://"), "\(tooShort)")
        #expect(tooShort.contains("specs/codes.yaml#L5)"))
    }

    /// Completion gives a check with a snippet of its parameters when the client takes snippets
    /// (its name alone when not), a model's fields inside its checks across fields, and languages.
    @Test func completesCheckSnippetsFieldsAndLanguages() throws {
        let folder = try TemporaryFolder()
        let uri = try folder.write(Self.rules, to: "rules/codes.yaml").absoluteString
        for snippets in [true, false] {
            let session = LSPSession()
            let capabilities: ValidationInput =
                snippets
                ? ["textDocument": ["completion": ["completionItem": ["snippetSupport": .boolean(true)]]]]
                : .record([:])
            session.request("initialize", ["capabilities": capabilities])
            session.open(uri, Self.rules)
            // NB: `length` in Code's checks (line 9), `first` in Pair's `equal` (line 22), `en` under tooShort (line 13).
            session.request("textDocument/completion", LSPTests.at(uri, 9, 10))
            session.request("textDocument/completion", LSPTests.at(uri, 22, 30))
            session.request("textDocument/completion", LSPTests.at(uri, 13, 9))
            session.end()
            let messages = try LSPSession.messages(
                in: Rulecheck.run(["lsp"], in: folder.url, stdin: session.bytes).stdout)
            let checks = LSPSession.response(2, in: messages)["result"]["items"].items ?? []
            let length = checks.first { $0.string("label") == "length" }
            if snippets {
                #expect(
                    length?.string("insertText")
                        == "length: { min: ${1}, max: ${2}, unit: ${3|characters,scalars,utf16,bytes|} }")
                #expect(length?["insertTextFormat"].int == 2)
            } else {
                #expect(length?.string("insertText") == "length" && length?["insertTextFormat"].int == 1)
            }
            let fields = LSPSession.response(3, in: messages)["result"]["items"].items ?? []
            #expect(fields.compactMap { $0.string("label") } == ["first", "second"])
            let languages = LSPSession.response(4, in: messages)["result"]["items"].items ?? []
            #expect(languages.compactMap { $0.string("label") } == ["en", "ja"])
        }
    }
}

extension LSPSession {
    func open(_ uri: String, _ text: String) {
        notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": "yaml", "version": .integer(1), "text": .string(text),
                ]
            ])
    }

    /// `shutdown`, then `exit`.
    func end() {
        request("shutdown", .absent)
        notify("exit", .absent)
    }

    /// A code action request for a point at the start of `line`, with no diagnostics.
    static func codeAction(_ uri: String, line: Int) -> ValidationInput {
        let point: ValidationInput = ["line": .integer(line), "character": .integer(4)]
        return [
            "textDocument": ["uri": .string(uri)], "range": ["start": point, "end": point],
            "context": ["diagnostics": []],
        ]
    }

    /// `text` with a `TextEdit` list applied, as a client applies it (positions in UTF-16 code units).
    static func apply(_ edits: [ValidationInput], to text: String) -> String {
        let lines = text.components(separatedBy: "\n").map { Array($0.utf16) }
        func offset(_ position: ValidationInput) -> Int {
            let line = position["line"].int ?? 0
            return lines[..<line].reduce(0) { $0 + $1.count + 1 } + (position["character"].int ?? 0)
        }
        var units = Array(text.utf16)
        // NB: from the last edit back, so that earlier positions still hold.
        let sorted = edits.sorted { offset($0["range"]["start"]) > offset($1["range"]["start"]) }
        for edit in sorted {
            let (start, end) = (offset(edit["range"]["start"]), offset(edit["range"]["end"]))
            units.replaceSubrange(start..<end, with: Array((edit.string("newText") ?? "").utf16))
        }
        return String(decoding: units, as: UTF16.self)
    }
}
