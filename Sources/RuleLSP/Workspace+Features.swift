import Foundation
import RuleCore
import RuleSpec
import RuleYAML

/// A document read for navigation: its YAML tree and the rules it is read against.
struct DocumentAnalysis {
    var document: TextDocument
    var root: YAMLNode?
    var isSpec: Bool
    /// The loaded rules, with their declarations even when some are wrong.
    var loaded: RuleFileLoader.Result
    /// The rules that compile: all of them, or the part that does when some are wrong.
    var rules: RuleSet
    /// The spec files that may name the rules: those open, and those in the `specs/` beside `rules/`.
    var specFiles: [String]

    /// The cursor at a protocol position.
    func cursor(at position: TextDocument.Position) -> DocumentCursor? {
        guard let root else { return nil }
        return DocumentCursor.at(document.offset(of: position), in: root)
    }
}

extension Workspace {
    /// Reads `document` and the rules it is read against.
    func analysis(of document: TextDocument) -> DocumentAnalysis {
        let overlay = overlay
        let root = YAMLReader(file: document.path).read(document.bytes).root
        let isSpec = Self.isSpec(document)
        var ruleFiles: [String]
        if isSpec {
            let written = root?.mapping?.first { $0.key.scalar?.text == "rules" }?.value.scalar?.text
            let path = SpecFileChecker.rulesPath(ofSpecFile: document.path, rules: written)
            var isFolder: ObjCBool = false
            if let path, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                ruleFiles = self.ruleFiles(in: path, overlay: overlay)
            } else {
                ruleFiles = path.map { [$0] } ?? []
            }
        } else {
            ruleFiles = self.ruleFiles(with: document.path, overlay: overlay)
        }
        let loaded = RuleFileLoader.declarationsOnly().load(ruleFiles, overlay: overlay)
        let rules = loaded.ruleSet ?? RuleSet.compilablePart(types: loaded.types, models: loaded.models)
        var specFiles = Set(documents.values.filter(Self.isSpec).map(\.path))
        if let folder = ruleFiles.first.flatMap(Self.rulesFolder(holding:)) {
            let specs = ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("specs")
            var ignored: [Diagnostic] = []
            if FileManager.default.fileExists(atPath: specs) {
                specFiles.formUnion(RuleFileLoader.yamlFiles(at: [specs], diagnostics: &ignored))
            }
        }
        return DocumentAnalysis(
            document: document, root: root, isSpec: isSpec, loaded: loaded, rules: rules,
            specFiles: specFiles.sorted())
    }

    // MARK: Hover

    func hover(_ at: (document: TextDocument, position: TextDocument.Position)) throws(LanguageServer.ResponseError)
        -> ValidationInput
    {
        let analysis = analysis(of: at.document)
        guard let cursor = analysis.cursor(at: at.position), let symbol = cursor.symbol(isSpec: analysis.isSpec)
        else { return .absent }
        let text: String?
        switch symbol {
        case .check(let name): text = CheckDescriptors.named(name).map(Self.describe(check:))
        case .name(let name): text = Self.describe(name: name, in: analysis)
        case .code(let code): text = describe(code: code, in: analysis, owner: cursor.owner(isSpec: analysis.isSpec))
        case .field(let model, let field):
            text = analysis.loaded.models.first { $0.name == model }?.fields.first { $0.name == field }.map {
                "**\($0.name)**: field of model `\(model)`, of type `\($0.typeName)`"
            }
        }
        guard let text else { return .absent }
        let range = cursor.node.range
        return .object([
            "contents": .object(["kind": .string("markdown"), "value": .string(text)]),
            "range": self.range(range, in: at.document),
        ])
    }

    /// A check's hover: what it applies to, its parameters and its codes, from its descriptor.
    static func describe(check descriptor: any CheckDescriptor.Type) -> String {
        var lines = ["**\(descriptor.name)**: check"]
        switch descriptor.appliesTo {
        case .model: lines.append("Applies to: the fields of a model")
        case .values(let types):
            lines.append("Applies to: " + types.map(\.rawValue).sorted().joined(separator: ", ") + " values")
        }
        if !descriptor.parameters.isEmpty {
            lines.append("")
            lines.append("Parameters:")
            for parameter in descriptor.parameters {
                var line = "- `\(parameter.name)`: \(describe(parameter.kind))"
                if parameter.isRequired { line += ", required" }
                if let value = parameter.defaultValue { line += ", default `\(describe(value))`" }
                if parameter.name == descriptor.shorthand { line += " (the shorthand's value)" }
                lines.append(line)
            }
        }
        if !descriptor.codes.isEmpty {
            lines.append("")
            lines.append("Codes:")
            for code in descriptor.codes {
                let summary = code.summary.hasScalarSuffix(".") ? code.summary.dropLast() : code.summary[...]
                lines.append("- `\(code.name)`: \(summary)")
                for language in code.messages.keys.sorted() {
                    lines.append("  - \(language): \(code.messages[language]!)")
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    static func describe(_ kind: ParameterSpec.Kind) -> String {
        switch kind {
        case .integer: "an integer"
        case .decimal: "a decimal number"
        case .boolean: "true or false"
        case .text: "text"
        case .choice(let names): "one of " + names.map { "`\($0)`" }.joined(separator: ", ")
        case .texts: "a list of texts"
        case .textsOr(let word): "a list of texts, or `\(word)`"
        case .fields: "a list of field names"
        case .date: "`today` or a date (YYYY-MM-DD)"
        case .pattern: "a regular expression"
        }
    }

    static func describe(_ value: ParameterValue) -> String {
        switch value {
        case .integer(let number): String(number)
        case .decimal(let number): number.description
        case .boolean(let flag): flag ? "true" : "false"
        case .text(let text): text
        case .texts(let texts): "[" + texts.joined(separator: ", ") + "]"
        case .date(let bound): String(describing: bound)
        case .pattern(let pattern): String(describing: pattern)
        }
    }

    /// A type's or model's hover: as resolved, its normalizers, checks, optionality and messages.
    static func describe(name: String, in analysis: DocumentAnalysis) -> String? {
        if let type = analysis.rules.types.first(where: { $0.name == name }) {
            var lines = ["**\(name)**: type, \(type.valueType.rawValue)"]
            if let summary = type.declaration.summary { lines += ["", summary] }
            lines.append("")
            if !type.normalizers.isEmpty {
                lines.append("- normalize: " + type.normalizers.map(\.rawValue).joined(separator: ", "))
            }
            for check in type.checks {
                let codes = check.builtinCodes.map { "`\(check.code(for: $0.name))`" }.joined(separator: ", ")
                lines.append("- check `\(check.name)`" + (codes.isEmpty ? "" : ": \(codes)"))
            }
            lines.append("- optional: \(type.isOptional ? "yes" : "no")")
            if !type.serverCodes.isEmpty {
                lines.append("- server codes: " + type.serverCodes.map { "`\($0)`" }.joined(separator: ", "))
            }
            lines += messages(type.codes, type.messages)
            return lines.joined(separator: "\n")
        }
        if let model = analysis.rules.models.first(where: { $0.name == name }) {
            var lines = ["**\(name)**: model"]
            if let summary = model.summary { lines += ["", summary] }
            lines.append("")
            for field in model.fields {
                lines.append(
                    "- field `\(field.name)`: `\(field.typeName)`" + (field.list != nil ? " (list)" : "")
                        + (field.optional == true ? ", optional" : ""))
            }
            for check in model.checks {
                let codes = check.builtinCodes.map { "`\(check.code(for: $0.name))`" }.joined(separator: ", ")
                lines.append("- check `\(check.name)`" + (codes.isEmpty ? "" : ": \(codes)"))
            }
            return lines.joined(separator: "\n")
        }
        if analysis.loaded.types.contains(where: { $0.name == name }) {
            return "**\(name)**: type (does not compile; see its diagnostics)"
        }
        return nil
    }

    static func messages(_ codes: [String], _ table: MessageTable) -> [String] {
        var lines: [String] = []
        for code in codes {
            let templates = table[code].byLanguage
            guard !templates.isEmpty else { continue }
            if lines.isEmpty { lines = ["", "Messages:"] }
            lines.append(
                "- `\(code)`: " + templates.keys.sorted().map { "\($0): \(templates[$0]!)" }.joined(separator: "; "))
        }
        return lines
    }

    /// Where each check reporting `code` is declared, with its type or model and what fails.
    static func reporters(of code: String, in rules: RuleSet) -> [(owner: String, check: Check, summary: String)] {
        var found: [(owner: String, check: Check, summary: String)] = []
        let owned =
            rules.types.map { ("type '\($0.name)'", $0.declaration.checks) }
            + rules.models.map { ("model '\($0.name)'", $0.checks) }
        for (owner, checks) in owned {
            for check in checks {
                for builtin in check.builtinCodes where check.code(for: builtin.name) == code {
                    found.append((owner, check, check.descriptor.summary(of: builtin)))
                }
            }
        }
        return found
    }

    /// A code's hover: the checks that report it, its messages, and the spec cases that expect it.
    func describe(code: String, in analysis: DocumentAnalysis, owner: String? = nil) -> String? {
        var lines = ["**\(code)**: code"]
        let reporters = Self.reporters(of: code, in: analysis.rules)
        for (owner, check, summary) in reporters {
            lines.append("- reported by check `\(check.name)` of \(owner): \(summary)")
        }
        for type in analysis.rules.types where type.declaration.serverCodes.contains(code) {
            lines.append("- server code of type '\(type.name)': only a server reports it")
        }
        for model in analysis.rules.models where model.serverCodes.contains(code) {
            lines.append("- server code of model '\(model.name)': only a server reports it")
        }
        guard lines.count > 1 else { return nil }
        for type in analysis.rules.types where type.codes.contains(code) {
            lines += Self.messages([code], type.messages)
            break
        }
        let cases = specCases(expecting: code, in: analysis, owner: owner)
        if !cases.isEmpty {
            lines += ["", "Spec cases that expect it:"]
            let folder = FileManager.default.currentDirectoryPath + "/"
            for range in cases.prefix(Self.listedCases) {
                let file = range.start.file
                let shown = file.hasScalarPrefix(folder) ? String(file.dropFirst(folder.count)) : file
                let link = URL(fileURLWithPath: file).absoluteString + "#L\(range.start.line)"
                lines.append("- [\(shown):\(range.start.line)](\(link))")
            }
            if cases.count > Self.listedCases { lines.append("- and \(cases.count - Self.listedCases) more") }
        }
        return lines.joined(separator: "\n")
    }

    /// The most spec cases a code's hover lists; references list them all.
    static let listedCases = 20

    /// The types and models a code under `cursor` belongs to, nearest first: in a rule file, the
    /// type or model it is written in; in a spec case's `errors:`, the type at the end of its field
    /// path, then each model on the way back to the case's own.
    static func owners(at cursor: DocumentCursor, in analysis: DocumentAnalysis) -> [String] {
        if let owner = cursor.owner(isSpec: analysis.isSpec) { return [owner] }
        let keys = cursor.keys
        guard analysis.isSpec, keys.count >= 2, keys[0] == "cases", let errors = keys.firstIndex(of: "errors") else {
            return []
        }
        let path = keys[(errors + 1)...].filter { $0 != "#" }
        return subjects(ofCaseOf: keys[1], path: Array(path), in: analysis.rules).reversed()
    }

    /// The types and models that report or declare `code`.
    static func owners(of code: String, in rules: RuleSet) -> [String] {
        var owners = rules.types.filter { $0.codes.contains(code) }.map(\.name)
        for model in rules.models {
            let reports = model.checks.contains { check in
                check.builtinCodes.contains { check.code(for: $0.name) == code }
            }
            if reports || model.serverCodes.contains(code) { owners.append(model.name) }
        }
        return owners
    }

    /// A spec case's type or model, then the type of each field along `path` (the keys under
    /// `errors:`, a key such as `address.street` naming several): the names an expected code comes from.
    static func subjects(ofCaseOf subject: String, path: [String], in rules: RuleSet) -> [String] {
        var names = [subject]
        for part in path.flatMap({ $0.split(separator: ".").map(String.init) }) where Int(part) == nil {
            guard let model = rules.models.first(where: { $0.name == names.last }),
                let field = model.fields.first(where: { $0.name == part })
            else { break }
            names.append(field.typeName)
        }
        return names
    }

    /// Where the spec cases of `analysis` expect `code` (each in `errors:`), from `owner` (the type
    /// or model a rule file names it in) or else from the types and models that report it; every
    /// case expecting a code by that name when none does.
    func specCases(expecting code: String, in analysis: DocumentAnalysis, owner: String? = nil) -> [SourceRange] {
        let owners = owner.map { [$0] } ?? Self.owners(of: code, in: analysis.rules)
        return specUses(in: analysis) { keys, node, isKey in
            guard !isKey, node.scalar?.text == code, let errors = keys.firstIndex(of: "errors") else { return false }
            let path = keys[(errors + 1)...].filter { $0 != "#" }
            return owners.isEmpty
                || Self.subjects(ofCaseOf: keys[1], path: Array(path), in: analysis.rules).contains(
                    where: owners.contains)
        }
    }

    // MARK: Definition and references

    func definition(_ at: (document: TextDocument, position: TextDocument.Position)) throws(LanguageServer
        .ResponseError)
        -> ValidationInput
    {
        let analysis = analysis(of: at.document)
        guard let cursor = analysis.cursor(at: at.position), let symbol = cursor.symbol(isSpec: analysis.isSpec),
            let range = Self.declaration(of: symbol, in: analysis, owners: Self.owners(at: cursor, in: analysis))
        else { return .absent }
        return location(range)
    }

    /// Where `symbol` is declared.
    static func declaration(
        of symbol: DocumentSymbolKind, in analysis: DocumentAnalysis, owners: [String] = []
    ) -> SourceRange? {
        switch symbol {
        case .check: return nil
        case .name(let name):
            return analysis.loaded.types.first { $0.name == name }?.range
                ?? analysis.loaded.models.first { $0.name == name }?.range
        case .field(let model, let field):
            return analysis.loaded.models.first { $0.name == model }?.fields.first { $0.name == field }?.range
        case .code(let code):
            // NB: the nearest owner's own check first: `tooLong` in the messages of `Code`, or expected
            // of a case of `Code`, is declared by a check of `Code`, not of another type.
            let reporters = reporters(of: code, in: analysis.rules)
            let own = owners.lazy.compactMap { owner in
                reporters.first { $0.owner == "type '\(owner)'" || $0.owner == "model '\(owner)'" }
            }.first
            if let check = (own ?? reporters.first)?.check, let range = check.range {
                return range
            }
            for type in analysis.loaded.types {
                if let range = type.serverCodeRanges[code] ?? type.messages.ranges[code] { return range }
            }
            for model in analysis.loaded.models {
                if let range = model.serverCodeRanges[code] ?? model.messages.ranges[code] { return range }
            }
            return nil
        }
    }

    func references(_ at: (document: TextDocument, position: TextDocument.Position)) throws(LanguageServer
        .ResponseError)
        -> ValidationInput
    {
        let analysis = analysis(of: at.document)
        guard let cursor = analysis.cursor(at: at.position), let symbol = cursor.symbol(isSpec: analysis.isSpec) else {
            return .list([])
        }
        var ranges: [SourceRange] = []
        let owner = cursor.owner(isSpec: analysis.isSpec)
        if let declaration = Self.declaration(of: symbol, in: analysis, owners: Self.owners(at: cursor, in: analysis)) {
            ranges.append(declaration)
        }
        switch symbol {
        case .name(let name):
            for type in analysis.loaded.types {
                if case .named(name, let range?) = type.base { ranges.append(range) }
            }
            for model in analysis.loaded.models {
                for field in model.fields where field.typeName == name {
                    if let range = field.typeRange { ranges.append(range) }
                }
            }
            ranges += specUses(in: analysis) { keys, _, isKey in isKey && keys.count == 2 && keys[1] == name }
        case .code(let code):
            ranges += specCases(expecting: code, in: analysis, owner: owner)
        case .check, .field:
            break
        }
        var seen: Set<SourceRange> = []
        return .list(ranges.filter { seen.insert($0).inserted }.map(location))
    }

    /// The nodes of the spec files of `analysis` under `cases:` that `matches` selects.
    func specUses(
        in analysis: DocumentAnalysis, files: [String]? = nil, where matches: ([String], YAMLNode, Bool) -> Bool
    ) -> [SourceRange] {
        let overlay = overlay
        var ranges: [SourceRange] = []
        for file in files ?? analysis.specFiles {
            let reader = YAMLReader(file: file)
            guard let root = (overlay[file].map { reader.read($0) } ?? reader.read(contentsOf: file)).root,
                let cases = root.mapping?.first(where: { $0.key.scalar?.text == "cases" })?.value
            else { continue }
            for pair in cases.mapping ?? [] {
                let name = pair.key.scalar?.text ?? ""
                if matches(["cases", name], pair.key, true) { ranges.append(pair.key.range) }
                DocumentCursor.walk(pair.value, keys: ["cases", name]) { keys, node, isKey in
                    if matches(keys, node, isKey) { ranges.append(node.range) }
                }
            }
        }
        return ranges
    }
}
