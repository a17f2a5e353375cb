import Foundation
import RuleCore
import RuleSpec
import RuleYAML

extension Workspace {
    // MARK: Missing messages

    /// For each type or model that the range from `from` to `to` (UTF-8 offsets) touches and whose
    /// `messages:` give a code in fewer languages than the file uses: one action per missing
    /// language, adding to each such code a message `"TODO: <its English text>"` to translate.
    func missingMessageActions(_ document: TextDocument, from: Int, to: Int) -> [ValidationInput] {
        guard let sections = YAMLReader(file: document.path).read(document.bytes).root?.mapping else { return [] }
        var used: [String] = []
        func use(_ language: String) {
            if !used.contains(where: { ASCIICase.lower($0) == ASCIICase.lower(language) }) { used.append(language) }
        }
        func languages(of entry: YAMLPair) -> [String]? {
            if let pairs = entry.value.mapping { return pairs.compactMap { $0.key.scalar?.text } }
            // NB: a message written as text is English.
            if let scalar = entry.value.scalar, !entry.value.isNull { return scalar.text.isEmpty ? nil : ["en"] }
            return nil
        }
        func messages(of owner: YAMLPair) -> [YAMLPair] {
            owner.value.mapping?.first { $0.key.scalar?.text == "messages" }?.value.mapping ?? []
        }
        var owners: [(kind: String, pair: YAMLPair)] = []
        for section in sections {
            switch section.key.scalar?.text {
            case "types", "models":
                let kind = section.key.scalar?.text == "types" ? "type" : "model"
                for owner in section.value.mapping ?? [] {
                    owners.append((kind, owner))
                    for entry in messages(of: owner) { languages(of: entry)?.forEach(use) }
                }
            case "defaults":
                for entry in messages(of: section) { languages(of: entry)?.forEach(use) }
            default:
                break
            }
        }
        var actions: [ValidationInput] = []
        for (kind, owner) in owners {
            let whole = owner.key.bytes.lowerBound..<max(owner.key.bytes.upperBound, owner.value.bytes.upperBound)
            guard whole.lowerBound <= to, from <= whole.upperBound else { continue }
            let name = owner.key.scalar?.text ?? ""
            for language in used {
                var edits: [ValidationInput] = []
                var codes: [String] = []
                for entry in messages(of: owner) {
                    guard let has = languages(of: entry),
                        !has.contains(where: { ASCIICase.lower($0) == ASCIICase.lower(language) }),
                        let edit = Self.addMessage(language, to: entry, in: document)
                    else { continue }
                    edits.append(edit)
                    codes.append(entry.key.scalar?.text ?? "")
                }
                guard !edits.isEmpty else { continue }
                actions.append(
                    .object([
                        "title": .string(
                            "Add the '\(language)' message of "
                                + codes.map { "'\($0)'" }.joined(separator: ", ") + " to \(kind) '\(name)'"),
                        "kind": .string("quickfix"),
                        "edit": .object(["changes": .object([document.uri: .list(edits)])]),
                    ]))
            }
        }
        return actions
    }

    /// The edit that adds a message in `language` to the `messages:` entry `entry`: a key in its
    /// mapping (flow or block), or text made a mapping with its text as `en`.
    static func addMessage(_ language: String, to entry: YAMLPair, in document: TextDocument) -> ValidationInput? {
        let value = entry.value
        let english =
            value.mapping?.first { ASCIICase.lower($0.key.scalar?.text ?? "") == "en" }?.value.scalar?.text
            ?? value.scalar?.text ?? value.mapping?.first?.value.scalar?.text ?? ""
        let added = "\(language): \(JSONString.quoted("TODO: " + english))"
        let bytes = document.bytes
        func insert(_ text: String, at offset: Int) -> ValidationInput {
            let position = protocolPosition(document.position(ofOffset: offset))
            return .object(["range": .object(["start": position, "end": position]), "newText": .string(text)])
        }
        if let pairs = value.mapping {
            guard let last = pairs.last else {
                // NB: `{}`: the key goes inside the braces.
                guard bytes.indices.contains(value.bytes.lowerBound), bytes[value.bytes.lowerBound] == UInt8(ascii: "{")
                else { return nil }
                return insert(" \(added) ", at: value.bytes.lowerBound + 1)
            }
            if bytes.indices.contains(value.bytes.lowerBound), bytes[value.bytes.lowerBound] == UInt8(ascii: "{") {
                return insert(", \(added)", at: last.value.bytes.upperBound)
            }
            // NB: a block mapping: a line of its own, indented as its first key; a value that ends
            // at a line's start (a block scalar) has its line break already.
            let indent = String(repeating: " ", count: max(0, pairs[0].key.range.start.column - 1))
            let end = last.value.bytes.upperBound
            if end > 0, bytes[end - 1] == 10 { return insert("\(indent)\(added)\n", at: end) }
            return insert("\n\(indent)\(added)", at: end)
        }
        guard let scalar = value.scalar, scalar.style != .literal, scalar.style != .folded else { return nil }
        let source = String(decoding: bytes[value.bytes], as: UTF8.self)
        return .object([
            "range": protocolRange(
                document.position(ofOffset: value.bytes.lowerBound), document.position(ofOffset: value.bytes.upperBound)
            ),
            "newText": .string("{ en: \(source), \(added) }"),
        ])
    }

    // MARK: Suggested cases

    /// The action that adds the cases `rulecheck suggest` proposes for the type or model that the
    /// range at `from` lies in: a spec file's section of cases, or a declaration in a rule file
    /// whose cases some spec file holds; the edit goes to that spec file. Disabled, with the reason,
    /// when the suite cannot be mutated or has nothing to add (left out for a client that shows no
    /// disabled action). A client that resolves edits gets
    /// the action without its edit, which ``resolve(codeAction:)`` makes when it is chosen.
    func suggestedCasesAction(_ document: TextDocument, at from: Int, resolving: Bool = false) -> ValidationInput? {
        guard let root = YAMLReader(file: document.path).read(document.bytes).root else { return nil }
        let cursor = DocumentCursor.at(from, in: root)
        let isSpec = Self.isSpec(document)
        let sections = isSpec ? ["cases"] : ["types", "models"]
        guard cursor.keys.count >= 2, sections.contains(cursor.keys[0]) else { return nil }
        // NB: the edit runs the suite once per mutant (about a second in a debug build for this
        // repository's largest model), and a rule file's action reads the spec files to find the
        // one to edit: both are offered on the name alone, but a spec file's section to a client
        // that resolves the edit when the action is chosen.
        guard (isSpec && (resolvesEdits || resolving)) || (cursor.isKey && cursor.keys.count == 2) else { return nil }
        let subject = cursor.keys[1]
        let title = "Add the cases `rulecheck suggest` proposes for '\(subject)'"
        if isSpec && resolvesEdits && !resolving {
            return .object([
                "title": .string(title), "kind": .string("quickfix"),
                "data": .object(["uri": .string(document.uri), "offset": .integer(from)]),
            ])
        }
        let analysis = analysis(of: document)
        let target: String
        if isSpec {
            target = document.path
        } else {
            let spec = analysis.specFiles.first { file in
                specUses(in: analysis, files: [file]) { keys, _, isKey in isKey && keys == ["cases", subject] }
                    .isEmpty == false
            }
            guard let spec else { return nil }
            target = spec
        }
        if resolvesEdits && !resolving {
            return .object([
                "title": .string(title), "kind": .string("quickfix"),
                "data": .object(["uri": .string(document.uri), "offset": .integer(from)]),
            ])
        }
        func disabled(_ reason: String) -> ValidationInput? {
            guard showsDisabled || resolving else { return nil }
            return .object([
                "title": .string(title), "kind": .string("quickfix"), "disabled": .object(["reason": .string(reason)]),
            ])
        }
        let overlay = overlay
        let report = MutationRunner(overlay: overlay).run(analysis.specFiles, suggest: true, only: subject)
        if let error = report.diagnostics.first(where: { $0.severity == .error }) {
            return disabled("the suite cannot be mutated: \(error.message)")
        }
        guard report.survivors.contains(where: { $0.suggestion != nil }) else {
            return disabled("the suite notices every change to '\(subject)' that a case can show")
        }
        let existing =
            overlay[target].map { String(decoding: $0, as: UTF8.self) }
            ?? (try? String(contentsOfFile: target, encoding: .utf8)) ?? ""
        let text = MutationReporter.appending(report, only: subject, to: existing)
        if let mistake = SpecFileCheck.mistake(in: text, file: target) {
            return disabled("the cases cannot be appended to '\(target)' (\(mistake))")
        }
        let targetDocument =
            documents.values.first { $0.path == target }
            ?? TextDocument(uri: uri(ofPath: target), path: target, version: 0, text: existing)
        return .object([
            "title": .string(title), "kind": .string("quickfix"),
            "edit": .object([
                "changes": .object([targetDocument.uri: .list([Self.replacement(of: targetDocument, with: text)])])
            ]),
        ])
    }

    /// The action `params` with its edit, for a client that resolves edits: the suggested cases,
    /// found now; without an edit, and the reason logged, when there are none to add.
    func resolve(codeAction params: ValidationInput) throws(LanguageServer.ResponseError) -> ValidationInput {
        guard let uri = params["data"]["uri"].stringValue, let offset = params["data"]["offset"].intValue else {
            return params
        }
        guard let document = documents[uri] else {
            throw LanguageServer.ResponseError(code: .invalidParams, message: "document '\(uri)' is not open")
        }
        let resolved = suggestedCasesAction(document, at: offset, resolving: true) ?? params
        guard resolved.has("edit") else {
            let reason = resolved["disabled"]["reason"].stringValue ?? "the document changed"
            throw LanguageServer.ResponseError(code: .requestFailed, message: "no cases to add: \(reason)")
        }
        return resolved
    }

    /// One edit that turns `document`'s text into `text`: the lines between those both begin and end with.
    static func replacement(of document: TextDocument, with text: String) -> ValidationInput {
        let old = document.bytes
        let new = Array(text.utf8)
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        // NB: whole lines, so that the edit never splits a scalar or a line break.
        while prefix > 0, old[prefix - 1] != 10 { prefix -= 1 }
        while suffix > 0, old.count - suffix > 0, old[old.count - suffix - 1] != 10 { suffix -= 1 }
        let inserted = String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self)
        return .object([
            "range": protocolRange(
                document.position(ofOffset: prefix), document.position(ofOffset: old.count - suffix)),
            "newText": .string(inserted),
        ])
    }
}
