import Foundation
import RuleCore
import RuleYAML

extension Workspace {
    // MARK: Completion

    func completion(_ at: (document: TextDocument, position: TextDocument.Position)) throws(LanguageServer
        .ResponseError)
        -> ValidationInput
    {
        let analysis = analysis(of: at.document)
        let names = analysis.loaded.types.map(\.name) + analysis.loaded.models.map(\.name)
        let typeNames = analysis.loaded.types.map(\.name)
        var items: [ValidationInput] = []
        func add(_ labels: [String], kind: Int, detail: String) {
            items += labels.map { .object(["label": .string($0), "kind": .integer(kind), "detail": .string(detail)]) }
        }
        func addChecks() {
            for descriptor in CheckDescriptors.all {
                items.append(
                    .object([
                        "label": .string(descriptor.name), "kind": .integer(3), "detail": .string("check"),
                        "insertText": .string(snippets ? Self.snippet(of: descriptor) : descriptor.name),
                        "insertTextFormat": .integer(snippets ? 2 : 1),
                        "documentation": .object([
                            "kind": .string("markdown"), "value": .string(Self.describe(check: descriptor)),
                        ]),
                    ]))
            }
        }
        let codes = Self.codes(in: analysis)
        guard let cursor = analysis.cursor(at: at.position) else {
            // NB: text that does not read as YAML while it is typed: every name the file may want.
            addChecks()
            add(names, kind: 7, detail: "type or model")
            add(codes, kind: 21, detail: "code")
            return .object(["isIncomplete": .boolean(false), "items": .list(items)])
        }
        let k = cursor.keys
        let last = k.last ?? ""
        let parent = k.count >= 2 ? k[k.count - 2] : ""
        if analysis.isSpec {
            if k.count <= 1, cursor.isKey || k.isEmpty {
                add(FileFormat.specFileKeys, kind: 10, detail: "spec file key")
            } else if k.count == 2, k[0] == "cases" {
                add(names, kind: 7, detail: "type or model")
            } else if k == ["language"], !cursor.isKey {
                add(Self.languages(in: analysis), kind: 12, detail: "language")
            } else if k.first == "cases", k.contains("errors") {
                add(codes, kind: 21, detail: "code")
            } else if k.first == "cases", k.count >= 3 {
                add(FileFormat.caseKeys, kind: 10, detail: "case key")
            } else if k == ["cases"] {
                add(names, kind: 7, detail: "type or model")
            }
        } else if k.count <= 1 && (cursor.isKey || k.isEmpty) {
            add(FileFormat.ruleFileKeys, kind: 10, detail: "rule file key")
        } else if last == "checks" || (last == "#" && parent == "checks")
            || (cursor.isKey && parent == "#" && k.count >= 3 && k[k.count - 3] == "checks")
        {
            addChecks()
        } else if !cursor.isKey
            && (last == "type" || (k.count == 4 && k[0] == "models" && k[2] == "fields") || last == "list")
        {
            add(k.first == "models" ? names : typeNames, kind: 7, detail: "type or model")
        } else if (cursor.isKey && k.count >= 3 && k[k.count - 3] == "messages")
            || (!cursor.isKey && parent == "messages") || (cursor.isKey && parent == "message")
            || (!cursor.isKey && last == "message")
        {
            add(Self.languages(in: analysis), kind: 12, detail: "language")
        } else if (cursor.isKey && parent == "messages") || last == "messages" || last == "code"
            || last == "serverCodes" || (last == "#" && parent == "serverCodes")
        {
            add(codes, kind: 21, detail: "code")
        } else if k.count == 3 && k[0] == "types" && cursor.isKey || k.count == 2 && k[0] == "types" {
            add(FileFormat.typeKeys, kind: 10, detail: "type key")
        } else if k.count == 3 && k[0] == "models" && cursor.isKey || k.count == 2 && k[0] == "models" {
            add(FileFormat.modelKeys, kind: 10, detail: "model key")
        } else if k.count == 5 && k[0] == "models" && k[2] == "fields" && cursor.isKey {
            add(FileFormat.fieldKeys, kind: 10, detail: "field key")
        } else if k.count >= 4 && k[0] == "models" && k[2] == "checks",
            let model = analysis.loaded.models.first(where: { $0.name == k[1] })
        {
            add(model.fields.map(\.name), kind: 5, detail: "field of \(model.name)")
        } else if cursor.isKey && parent == "#" || last == "normalize" {
            add(Normalizer.allCases.map(\.rawValue), kind: 12, detail: "normalizer")
        } else {
            addChecks()
            add(names, kind: 7, detail: "type or model")
        }
        return .object(["isIncomplete": .boolean(false), "items": .list(items)])
    }

    /// A check's snippet: its name and each parameter of its descriptor, with its default or its
    /// choices; `length: { min: ${1}, max: ${2}, unit: ${3|characters,scalars,utf16,bytes|} }`.
    static func snippet(of descriptor: any CheckDescriptor.Type) -> String {
        func escaped(_ text: String, _ special: Set<Unicode.Scalar>) -> String {
            var escaped = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                if special.contains(scalar) { escaped.append("\\") }
                escaped.append(scalar)
            }
            return String(escaped)
        }
        let parameters = descriptor.parameters.enumerated().map { index, parameter in
            let slot = index + 1
            let value: String
            switch parameter.kind {
            case .choice(var names):
                if case .text(let first)? = parameter.defaultValue, let at = names.firstIndex(of: first) {
                    names.insert(names.remove(at: at), at: 0)
                }
                value =
                    "${\(slot)|" + names.map { escaped($0, ["\\", ",", "|", "$", "}"]) }.joined(separator: ",") + "|}"
            case .texts, .textsOr, .fields:
                value = "[${\(slot)}]"
            default:
                value =
                    parameter.defaultValue.map { "${\(slot):\(escaped(describe($0), ["\\", "$", "}"]))}" }
                    ?? "${\(slot)}"
            }
            return "\(parameter.name): \(value)"
        }
        return parameters.isEmpty ? descriptor.name : "\(descriptor.name): { \(parameters.joined(separator: ", ")) }"
    }

    /// The languages the rules' messages are written in, and the built-in messages' (`en`, `ja`), sorted.
    static func languages(in analysis: DocumentAnalysis) -> [String] {
        var languages = Set(BuiltinMessages.table.byCode.values.flatMap(\.byLanguage.keys))
        for type in analysis.rules.types { languages.formUnion(type.messages.byCode.values.flatMap(\.byLanguage.keys)) }
        for model in analysis.rules.models {
            languages.formUnion(model.messages.byCode.values.flatMap(\.byLanguage.keys))
        }
        return languages.sorted()
    }

    /// Every code the rules can report or declare, sorted.
    static func codes(in analysis: DocumentAnalysis) -> [String] {
        var codes: Set<String> = []
        for type in analysis.rules.types { codes.formUnion(type.codes) }
        for model in analysis.rules.models {
            for check in model.checks { codes.formUnion(check.builtinCodes.map { check.code(for: $0.name) }) }
            codes.formUnion(model.serverCodes)
        }
        return codes.sorted()
    }

    // MARK: Document symbols

    func symbols(_ document: TextDocument) throws(LanguageServer.ResponseError) -> ValidationInput {
        guard let root = YAMLReader(file: document.path).read(document.bytes).root, let pairs = root.mapping else {
            return .list([])
        }
        func symbol(_ pair: YAMLPair, kind: Int, detail: String, children: [ValidationInput] = []) -> ValidationInput {
            let whole = SourceRange(start: pair.key.range.start, end: pair.value.range.end)
            return .object([
                "name": .string(pair.key.scalar?.text ?? ""), "kind": .integer(kind), "detail": .string(detail),
                "range": range(whole, in: document), "selectionRange": range(pair.key.range, in: document),
                "children": .list(children),
            ])
        }
        var symbols: [ValidationInput] = []
        for section in pairs {
            switch section.key.scalar?.text {
            case "types":
                symbols += (section.value.mapping ?? []).map { symbol($0, kind: 5, detail: "type") }
            case "models":
                symbols += (section.value.mapping ?? []).map { model in
                    let fields = model.value.mapping?.first { $0.key.scalar?.text == "fields" }?.value.mapping ?? []
                    return symbol(
                        model, kind: 23, detail: "model", children: fields.map { symbol($0, kind: 8, detail: "field") })
                }
            case "cases":
                symbols += (section.value.mapping ?? []).map {
                    symbol($0, kind: 5, detail: "\($0.value.sequence?.count ?? 0) cases")
                }
            default:
                break
            }
        }
        return .list(symbols)
    }

    // MARK: Code actions

    /// A quick fix for each diagnostic of the request's that ends in "did you mean 'X'?": the
    /// misspelled name, quoted earlier in the message, replaced with X where the diagnostic points;
    /// then, for the request's range, the missing messages of a language (``missingMessageActions``)
    /// and the cases `suggest` proposes (``suggestedCasesAction``).
    func codeActions(
        _ document: TextDocument, _ params: ValidationInput
    ) throws(LanguageServer.ResponseError) -> ValidationInput {
        var actions: [ValidationInput] = []
        for diagnostic in params["context"]["diagnostics"].listValue ?? [] {
            guard let message = diagnostic["message"].stringValue,
                let start = LanguageServer.position(diagnostic["range"]["start"]),
                let end = LanguageServer.position(diagnostic["range"]["end"]),
                let fix = Self.didYouMean(message)
            else { continue }
            let (from, to) = (document.offset(of: start), document.offset(of: end))
            let line = document.lineBytes(start.line)
            // NB: a point range, or one spanning a whole case, holds the name somewhere on its line.
            let span = to > from ? Array(document.bytes[from..<to]) : Array(line)
            let spanStart = to > from ? from : line.startIndex
            guard let wrong = fix.wrong.first(where: { span.firstRange(of: Array($0.utf8)) != nil }),
                let found = span.firstRange(of: Array(wrong.utf8))
            else { continue }
            let editRange = Self.protocolRange(
                document.position(ofOffset: spanStart + found.lowerBound),
                document.position(ofOffset: spanStart + found.upperBound))
            let edit: ValidationInput = .object(["range": editRange, "newText": .string(fix.name)])
            actions.append(
                .object([
                    "title": .string("Change '\(wrong)' to '\(fix.name)'"), "kind": .string("quickfix"),
                    "diagnostics": .list([diagnostic]), "isPreferred": .boolean(true),
                    "edit": .object(["changes": .object([document.uri: .list([edit])])]),
                ]))
        }
        if let start = LanguageServer.position(params["range"]["start"]),
            let end = LanguageServer.position(params["range"]["end"])
        {
            let (from, to) = (document.offset(of: start), document.offset(of: end))
            if !Self.isSpec(document) { actions += missingMessageActions(document, from: from, to: to) }
            if let suggested = suggestedCasesAction(document, at: from) { actions.append(suggested) }
        }
        return .list(actions)
    }

    /// The name a message suggests and the names quoted before it, nearest first.
    static func didYouMean(_ message: String) -> (name: String, wrong: [String])? {
        guard let marker = message.range(of: "; did you mean '", options: .backwards) else { return nil }
        let rest = message[marker.upperBound...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        let quoted = message[..<marker.lowerBound].split(separator: "'", omittingEmptySubsequences: false)
        // NB: the odd parts lie between quotes.
        let wrong = stride(from: 1, to: quoted.count, by: 2).map { String(quoted[$0]) }.filter { !$0.isEmpty }
        return (String(rest[..<close]), wrong.reversed())
    }
}
