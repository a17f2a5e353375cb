import RuleCore

/// Reads one rule file's node tree into type and model declarations, collecting every mistake.
package struct RuleFileParser {
    var reader = NodeReader()
    var types: [TypeRule] = []
    var models: [ModelRule] = []
    /// Where each declaration starts some of whose codes did not load: an error in its base,
    /// `optional`, checks, fields or `serverCodes`.
    var incomplete: Set<SourceLocation> = []
    /// The custom checks the file declares, in the order declared.
    var customChecks: [CustomCheckDeclaration] {
        reader.customChecks.values.sorted {
            ($0.range?.start.line ?? 0, $0.name) < ($1.range?.start.line ?? 0, $1.name)
        }
    }

    package static let fileKeys = FileFormat.ruleFileKeys
    package static let typeKeys = FileFormat.typeKeys
    package static let modelKeys = FileFormat.modelKeys
    package static let fieldKeys = FileFormat.fieldKeys

    mutating func parse(_ root: YAMLNode?, file: String) {
        guard let root else {
            reader.diagnostics.append(
                .error("the rule file is empty; start it with 'rulecheck: 1'", at: Self.start(of: file)))
            return
        }
        var known = Self.fileKeys
        if root.mapping?.contains(where: { $0.key.scalar?.text == "cases" }) == true {
            reader.error("this looks like a spec file ('cases:'); rule files declare 'types:' and 'models:'", at: root)
            known.append("cases")
        }
        guard let pairs = reader.mapping(root, of: "a rule file", known: known) else { return }
        let sections = Dictionary(pairs.map { ($0.key, $0.pair) }, uniquingKeysWith: { first, _ in first })
        guard let version = sections["rulecheck"] else {
            reader.error("missing 'rulecheck: 1' at the top of the rule file", at: root)
            return
        }
        guard FormatVersion.isSupported(version.value.scalar?.text, plain: version.value.scalar?.style == .plain) else {
            reader.error(FormatVersion.unsupported(reader.describe(version.value)), at: version.value)
            return
        }
        reader.formatVersion = version.value.scalar!.text
        var defaults = MessageTable()
        if let node = sections["defaults"]?.value {
            for (_, pair) in reader.mapping(node, of: "'defaults'", known: ["messages"]) ?? [] {
                defaults = reader.messageTable(pair.value, of: "'defaults.messages'")
            }
        }
        if let custom = sections["custom"] { reader.customDeclarations(custom.value, at: custom.key) }
        if let node = sections["types"]?.value, !node.isNull {
            for (_, pair) in reader.mapping(node, of: "'types'", known: nil) ?? [] {
                if let type = typeRule(pair, defaults: defaults) { types.append(type) }
            }
        }
        if let node = sections["models"]?.value, !node.isNull {
            for (_, pair) in reader.mapping(node, of: "'models'", known: nil) ?? [] {
                if let model = modelRule(pair, defaults: defaults) { models.append(model) }
            }
        }
        if sections["types"] == nil && sections["models"] == nil {
            reader.error("the rule file declares nothing; add 'types:' or 'models:'", at: root)
        }
    }

    private mutating func typeRule(_ pair: YAMLPair, defaults: MessageTable) -> TypeRule? {
        guard let name = reader.identifier(pair.key, of: "type name") else { return nil }
        var type = TypeRule(name: name, defaultMessages: defaults, at: pair.key.range)
        if pair.value.isNull { return type }
        let what = "type '\(name)'"
        for (key, field) in reader.mapping(pair.value, of: what, known: Self.typeKeys) ?? [] {
            let node = field.value
            let errors = reader.errorCount
            defer {
                if reader.errorCount > errors, Self.codeKeys.contains(key), let start = type.range?.start {
                    incomplete.insert(start)
                }
            }
            switch key {
            case "type":
                guard let base = reader.text(node, of: "'type'") else { continue }
                type.base = ValueType(rawValue: base).map(TypeRule.Base.valueType) ?? .named(base, at: node.range)
            case "description":
                type.summary = reader.text(node, of: "'description'")
            case "normalize":
                type.normalizers = normalizers(node)
            case "optional":
                type.optional = reader.bool(node, of: "'optional'")
            case "sensitive":
                type.sensitive = reader.bool(node, of: "'sensitive'")
            case "checks":
                type.checks = checks(node)
            case "serverCodes":
                (type.serverCodes, type.serverCodeRanges) = serverCodes(node)
            default:  // messages
                type.messages = reader.messageTable(node, of: "the messages of \(what)")
            }
        }
        return type
    }

    private mutating func modelRule(_ pair: YAMLPair, defaults: MessageTable) -> ModelRule? {
        guard let name = reader.identifier(pair.key, of: "model name") else { return nil }
        var model = ModelRule(name: name, fields: [], defaultMessages: defaults, at: pair.key.range)
        let what = "model '\(name)'"
        let sections = reader.mapping(pair.value, of: what, known: Self.modelKeys) ?? []
        for (key, field) in sections {
            let errors = reader.errorCount
            defer {
                if reader.errorCount > errors, Self.codeKeys.contains(key), let start = model.range?.start {
                    incomplete.insert(start)
                }
            }
            switch key {
            case "description": model.summary = reader.text(field.value, of: "'description'")
            case "fields": model.fields = fields(field.value, of: what)
            case "checks": model.checks = checks(field.value)
            case "serverCodes": (model.serverCodes, model.serverCodeRanges) = serverCodes(field.value)
            default: model.messages = reader.messageTable(field.value, of: "the messages of \(what)")
            }
        }
        if !sections.contains(where: { $0.key == "fields" }) {
            reader.error("\(what) has no 'fields'", at: pair.key)
        }
        return model
    }

    private mutating func fields(_ node: YAMLNode, of what: String) -> [ModelRule.Field] {
        var fields: [ModelRule.Field] = []
        for (_, pair) in reader.mapping(node, of: "the fields of \(what)", known: nil) ?? [] {
            // NB: a key Swift cannot spell (`postal-code`) is a field's name when `swiftName:` names its property.
            guard let name = reader.text(pair.key, of: "field name") else { continue }
            let isIdentifier = NodeReader.isIdentifier(name)
            func unspellable() {
                reader.error(
                    "field name '\(name)' is not a valid name; use letters, digits and '_', not starting with a digit, or keep the key and name its Swift property: '\(name): { type: \(Self.typeHint(pair.value)), swiftName: \(Self.swiftNameHint(name)) }'",
                    at: pair.key)
            }
            if pair.value.scalar != nil {
                guard isIdentifier else {
                    unspellable()
                    continue
                }
                guard let typeName = reader.text(pair.value, of: "field '\(name)'") else { continue }
                fields.append(
                    ModelRule.Field(name: name, typeName: typeName, at: pair.key.range, typeRange: pair.value.range))
                continue
            }
            var typeNode: YAMLNode?
            var listNode: YAMLNode?
            var optional: Bool?
            var sensitive: Bool?
            var swiftName: (name: String, range: SourceRange?)?
            var list = CheckParameters(["field": .text(name)], at: pair.key.range)
            for (key, entry) in reader.mapping(pair.value, of: "field '\(name)'", known: Self.fieldKeys) ?? [] {
                switch key {
                case "type": typeNode = entry.value
                case "list": listNode = entry.value
                case "optional": optional = reader.bool(entry.value, of: "'optional'")
                case "sensitive": sensitive = reader.bool(entry.value, of: "'sensitive'")
                case "swiftName":
                    guard let text = reader.text(entry.value, of: "'swiftName'") else { continue }
                    guard NodeReader.isIdentifier(text) else {
                        reader.error(
                            "'swiftName' '\(text)' is not a valid Swift name; use letters, digits and '_', not starting with a digit",
                            at: entry.value)
                        continue
                    }
                    swiftName = (text, entry.value.range)
                case "unique": list.values[key] = reader.bool(entry.value, of: "'unique'").map(ParameterValue.boolean)
                default: list.values[key] = reader.integer(entry.value, of: "'\(key)'").map(ParameterValue.integer)
                }
                if ["minItems", "maxItems", "unique"].contains(key) { list.ranges[key] = entry.key.range }
            }
            if !isIdentifier, swiftName == nil {
                unspellable()
                continue
            }
            if let stray = list.ranges.keys.sorted().first, listNode == nil {
                reader.diagnostics.append(
                    .error(
                        "'\(stray)' applies to a list; write '\(name): { list: \(typeNode?.scalar?.text ?? "Type"), … }'",
                        at: list.ranges[stray]))
                continue
            }
            if listNode != nil, let typeNode {
                reader.error("field '\(name)' has both 'type' and 'list'; keep one", at: typeNode)
                continue
            }
            guard let typeNode = typeNode ?? listNode else {
                reader.error("field '\(name)' needs a 'type' or a 'list'", at: pair.key)
                continue
            }
            guard let typeName = reader.text(typeNode, of: listNode == nil ? "'type'" : "'list'") else { continue }
            var listCheck: ListCheck?
            if listNode != nil {
                guard let built = ListCheck(parameters: list, diagnostics: &reader.diagnostics) else { continue }
                listCheck = built
            }
            var field = ModelRule.Field(
                name: name, typeName: typeName, optional: optional, list: listCheck, sensitive: sensitive,
                swiftName: swiftName?.name, at: pair.key.range, typeRange: typeNode.range)
            field.swiftNameRange = swiftName?.range
            fields.append(field)
        }
        return fields
    }

    /// The type a field's value names, bare or as its `type:`, for a hint: `Type` when it names none.
    private static func typeHint(_ node: YAMLNode) -> String {
        node.scalar?.text ?? node.mapping?.first { $0.key.scalar?.text == "type" }?.value.scalar?.text ?? "Type"
    }

    /// `postal-code` in lowerCamelCase, when it is ASCII: `postalCode`; `name` otherwise.
    private static func swiftNameHint(_ key: String) -> String {
        let words = key.unicodeScalars.split { !(ASCIICase.isASCIILetter($0) || ASCIICase.isASCIIDigit($0)) }
        guard !words.isEmpty, key.unicodeScalars.allSatisfy(\.isASCII),
            words[0].first.map(ASCIICase.isASCIILetter) == true
        else { return "name" }
        return words.enumerated().map { index, word in
            let word = String(word)
            return index == 0 ? ASCIICase.lowerFirst(word) : ASCIICase.upperFirst(word)
        }.joined()
    }

    private mutating func normalizers(_ node: YAMLNode) -> [Normalizer] {
        let items = node.scalar != nil ? [node] : reader.sequence(node, of: "'normalize'") ?? []
        return items.compactMap { item in
            guard let name = reader.text(item, of: "a normalizer") else { return nil }
            guard let normalizer = Normalizer(rawValue: name) else {
                reader.error(
                    "unknown normalizer '\(name)'", at: item, fix: .closest(to: name, among: Normalizer.allNames))
                return nil
            }
            return normalizer
        }
    }

    /// `serverCodes:`, a code or a list of them, each a name written once.
    private mutating func serverCodes(_ node: YAMLNode) -> ([String], [String: SourceRange]) {
        let items = node.scalar != nil ? [node] : reader.sequence(node, of: "'serverCodes'") ?? []
        var codes: [String] = []
        var ranges: [String: SourceRange] = [:]
        for item in items {
            guard let code = reader.identifier(item, of: "server code") else { continue }
            if let first = ranges[code] {
                reader.error("server code '\(code)' is listed twice (first at line \(first.start.line))", at: item)
                continue
            }
            codes.append(code)
            ranges[code] = item.range
        }
        return (codes, ranges)
    }

    private mutating func checks(_ node: YAMLNode) -> [Check] {
        (reader.sequence(node, of: "'checks'") ?? []).compactMap { reader.check($0) }
    }

    /// The keys of a type or model whose mistakes leave codes unknown: what it reports depends on them.
    static let codeKeys: Set<String> = ["type", "optional", "checks", "serverCodes", "fields"]

    static func start(of file: String) -> SourceRange {
        SourceRange(start: SourceLocation(file: file, line: 1, column: 1))
    }
}
