import RuleCore

extension NodeReader {
    /// One item of `checks:`: a bare name (`- required`) or a mapping of one name to its
    /// parameters (`- length: { min: 1, max: 20, code: titleTooLong }`).
    mutating func check(_ node: YAMLNode) -> Check? {
        let nameNode: YAMLNode
        let parameters: YAMLNode?
        if node.scalar != nil {
            nameNode = node
            parameters = nil
        } else if let pairs = node.mapping, pairs.count == 1 {
            nameNode = pairs[0].key
            parameters = pairs[0].value.isNull ? nil : pairs[0].value
        } else if let pairs = node.mapping, pairs.count > 1 {
            let stray = pairs.dropFirst().first { ["code", "message"].contains($0.key.scalar?.text) }
            error(
                stray.map {
                    "'\($0.key.scalar!.text)' belongs inside the check's parameters; write '- \(pairs[0].key.scalar?.text ?? "check"): { …, \($0.key.scalar!.text): … }'"
                }
                    ?? "a check is one name with its parameters; found \(pairs.count) keys, write each check as its own list item",
                at: stray?.key ?? pairs[1].key)
            return nil
        } else {
            error(
                "expected a check, such as '- required' or '- length: { max: 20 }', found \(node.kindDescription)",
                at: node)
            return nil
        }
        guard let name = text(nameNode, of: "a check's name") else { return nil }
        if let declaration = customChecks[name] { return custom(declaration, nameNode, parameters) }
        if misdeclaredCustomChecks.contains(name) {
            usedCustomChecks.insert(name)
            return nil
        }
        guard let descriptor = CheckDescriptors.named(name) else {
            let custom = (Array(customChecks.keys) + misdeclaredCustomChecks).sorted()
            let fix = Suggestion.closest(to: name, among: CheckDescriptors.allNames + custom)
            let hint =
                fix == nil && FileFormat.allows("1.3", in: formatVersion)
                ? "; declare a custom check under 'custom:', such as \(name): { applies: string, code: …, description: \"…\" }"
                : ""
            error("unknown check '\(name)'" + hint, at: nameNode, fix: fix)
            return nil
        }
        guard FileFormat.allows(descriptor.since, in: formatVersion) else {
            error(
                "'\(name)' needs format \(descriptor.since), and this file declares \(formatVersion); "
                    + "write 'rulecheck: \(descriptor.since)'", at: nameNode)
            return nil
        }
        let known = descriptor.parameters.map(\.name) + ["code", "message"]
        var fields: [String: YAMLNode] = [:]
        if let parameters {
            if parameters.mapping != nil {
                for (key, pair) in mapping(parameters, of: "'\(name)'", known: known) ?? [] { fields[key] = pair.value }
            } else if let shorthand = descriptor.shorthand {
                fields[shorthand] = parameters
            } else {
                error(
                    "expected a mapping of parameters for '\(name)', such as { \(known.joined(separator: ", ")) }, found \(describe(parameters))",
                    at: parameters)
                return nil
            }
        }
        var codes: [String: String] = [:]
        if let codeNode = fields["code"] { codes = self.codes(codeNode, of: descriptor) }
        var messages = MessageTemplates()
        if let messageNode = fields["message"] {
            messages = templates(messageNode, of: "the message of '\(name)'") ?? MessageTemplates()
        }
        var read = CheckParameters(at: nameNode.range)
        var complete = true
        for spec in descriptor.parameters {
            guard let node = fields[spec.name] else {
                if spec.isRequired {
                    error("'\(name)' needs '\(spec.name)'", at: nameNode)
                    complete = false
                }
                continue
            }
            guard FileFormat.allows(spec.since, in: formatVersion) else {
                error(
                    "'\(spec.name)' of '\(name)' needs format \(spec.since), and this file declares \(formatVersion); "
                        + "write 'rulecheck: \(spec.since)'", at: node)
                complete = false
                continue
            }
            guard let value = parameter(node, spec, of: name) else {
                complete = false
                continue
            }
            read.values[spec.name] = value
            read.ranges[spec.name] = node.range
        }
        guard complete, let built = descriptor.init(parameters: read, diagnostics: &diagnostics) else { return nil }
        return Check(built, codes: codes, messages: messages, at: nameNode.range)
    }

    /// A use of the custom check `declaration`: a bare name, or a mapping of `code` and `message`.
    private mutating func custom(
        _ declaration: CustomCheckDeclaration, _ nameNode: YAMLNode, _ parameters: YAMLNode?
    ) -> Check? {
        usedCustomChecks.insert(declaration.name)
        var codes: [String: String] = [:]
        var messages = MessageTemplates()
        if let parameters {
            let what = "'\(declaration.name)'"
            for (key, pair) in mapping(parameters, of: what, known: ["code", "message"]) ?? [] {
                if key == "code" {
                    if let code = identifier(pair.value, of: "code") { codes[declaration.code] = code }
                } else {
                    messages = templates(pair.value, of: "the message of \(what)") ?? MessageTemplates()
                }
            }
        }
        return Check(CustomCheckDescriptor(declaration), codes: codes, messages: messages, at: nameNode.range)
    }

    /// `custom:` (1.3): each custom check's name with its `applies`, `code` and `description`.
    mutating func customDeclarations(_ node: YAMLNode, at key: YAMLNode) {
        if !FileFormat.allows(CustomCheckDescriptor.since, in: formatVersion) {
            error(
                "'custom' needs format \(CustomCheckDescriptor.since), and this file declares \(formatVersion); "
                    + "write 'rulecheck: \(CustomCheckDescriptor.since)'", at: key)
            // NB: read on, so that its uses are no "unknown check" (no cascade).
        }
        guard !node.isNull else { return }
        for (name, pair) in mapping(node, of: "'custom'", known: nil) ?? [] {
            guard identifier(pair.key, of: "custom check") != nil else { continue }
            if CheckDescriptors.named(name) != nil {
                error("custom check '\(name)' has a built-in check's name; name it for what it checks", at: pair.key)
                continue
            }
            if let declaration = customDeclaration(name, pair) {
                customChecks[name] = declaration
            } else {
                misdeclaredCustomChecks.insert(name)
            }
        }
    }

    /// One custom check's declaration, or `nil` with a diagnostic for each mistake in it.
    private mutating func customDeclaration(_ name: String, _ pair: YAMLPair) -> CustomCheckDeclaration? {
        let what = "custom check '\(name)'"
        let fields = Dictionary(
            (mapping(pair.value, of: what, known: CustomCheckDeclaration.keys) ?? []).map { ($0.key, $0.pair) },
            uniquingKeysWith: { first, _ in first })
        // NB: every field is read, so that one run reports each mistake of the declaration.
        for key in CustomCheckDeclaration.keys where fields[key] == nil {
            error("\(what) needs '\(key)'", at: pair.key)
        }
        var applies: ValueType?
        if let node = fields["applies"]?.value, let appliesName = text(node, of: "'applies'") {
            applies = ValueType(rawValue: appliesName)
            if applies == nil {
                error(
                    "unknown value type '\(appliesName)' for 'applies'", at: node,
                    fix: .closest(to: appliesName, among: CustomCheckDeclaration.appliesTo))
            }
        }
        var code: String?
        if let node = fields["code"]?.value, let name = identifier(node, of: "code") {
            if BuiltinMessages.table.byCode[name] != nil {
                error(
                    "custom check code '\(name)' is a built-in code; name it for what fails, such as 'invalidChecksum'",
                    at: node)
            } else {
                code = name
            }
        }
        let summary = fields["description"].flatMap { text($0.value, of: "'description'") }
        guard let applies, let code, let summary else { return nil }
        return CustomCheckDeclaration(name: name, applies: applies, code: code, summary: summary, at: pair.key.range)
    }

    /// The most states all patterns of one file may compile to: a pattern of 7 characters such as
    /// `a{1000}` compiles to 1,000, and the file-size limit alone would let a file claim gigabytes.
    static let maximumPatternStates = 1_000_000

    /// A parameter's value read as its kind says, or `nil` with a diagnostic.
    private mutating func parameter(_ node: YAMLNode, _ spec: ParameterSpec, of check: String) -> ParameterValue? {
        let what = "'\(spec.name)'"
        switch spec.kind {
        case .integer:
            return integer(node, of: what).map(ParameterValue.integer)
        case .decimal:
            return decimal(node, of: what).map(ParameterValue.decimal)
        case .boolean:
            return bool(node, of: what).map(ParameterValue.boolean)
        case .text:
            return text(node, of: what).map(ParameterValue.text)
        case .choice(let names):
            guard let name = text(node, of: what) else { return nil }
            guard names.contains(name) else {
                let quoted = names.map { "'\($0)'" }.joined(separator: ", ")
                let fix = Suggestion.closest(to: name, among: names)
                error(
                    "unknown \(spec.name) '\(name)'" + (fix == nil ? "; use one of \(quoted)" : ""), at: node, fix: fix)
                return nil
            }
            return .text(name)
        case .texts:
            guard let items = sequence(node, of: "'\(check)'") else { return nil }
            let values = items.compactMap { text($0, of: "an allowed value") }
            return values.count == items.count ? .texts(values) : nil
        case .textsOr(let word):
            if let scalar = node.scalar, !node.isNull {
                guard scalar.text == word else {
                    let fix = Suggestion.closest(to: scalar.text, among: [word]) ?? Suggestion(name: "[\(scalar.text)]")
                    error("expected a list or '\(word)' for \(what), found \(describe(node))", at: node, fix: fix)
                    return nil
                }
                return .text(word)
            }
            guard let items = sequence(node, of: what) else { return nil }
            let values = items.compactMap { text($0, of: "an item of \(what)") }
            return values.count == items.count ? .texts(values) : nil
        case .fields:
            guard let items = sequence(node, of: "'\(check)'") else { return nil }
            let names = items.compactMap { identifier($0, of: "field") }
            return names.count == items.count ? .texts(names) : nil
        case .date:
            guard let text = text(node, of: "a date") else { return nil }
            switch DateBound.parse(text) {
            case .success(let bound):
                return .date(bound)
            case .failure(let error):
                let range = Self.range(offset: error.offset, length: error.length, in: node)
                diagnostics.append(.error(error.message, at: range, fix: error.fix))
                return nil
            }
        case .pattern:
            guard let source = text(node, of: "'\(check)'") else { return nil }
            // NB: once over the budget, with the error reported, later patterns are not even compiled.
            guard patternStates <= Self.maximumPatternStates else { return nil }
            do {
                let pattern = try RulePattern(source)
                patternStates += pattern.stateCount
                guard patternStates <= Self.maximumPatternStates else {
                    error(
                        "the patterns of this file compile to more than \(Self.maximumPatternStates) states in all; "
                            + "use smaller counts or fewer patterns", at: node)
                    return nil
                }
                return .pattern(pattern)
            } catch {
                diagnostics.append(
                    .error(
                        "invalid pattern: \(error.message)",
                        at: Self.range(offset: error.offset, length: error.length, in: node)))
                return nil
            }
        }
    }

    /// `code:` as one name for every code the check reports, or a mapping from default code to name.
    private mutating func codes(_ node: YAMLNode, of descriptor: any CheckDescriptor.Type) -> [String: String] {
        let check = descriptor.name
        let defaults = descriptor.codes.map(\.name)
        if node.scalar != nil {
            guard let code = identifier(node, of: "code") else { return [:] }
            return Dictionary(uniqueKeysWithValues: defaults.map { ($0, code) })
        }
        var codes: [String: String] = [:]
        for (defaultCode, pair) in mapping(node, of: "the codes of '\(check)'", known: defaults) ?? [] {
            codes[defaultCode] = identifier(pair.value, of: "code")
        }
        return codes
    }

    /// Where in the file the scalars `offset..<offset + length` of a scalar's text are, such as a
    /// pattern's syntax error: exact for plain and single-line quoted scalars, whose text maps
    /// one-to-one onto columns (escapes aside), else the whole scalar.
    static func range(offset: Int, length: Int, in node: YAMLNode) -> SourceRange {
        guard let scalar = node.scalar, node.range.start.line == node.range.end.line,
            scalar.style == .plain || scalar.style == .singleQuoted || scalar.style == .doubleQuoted
        else { return node.range }
        var start = node.range.start
        start.column += offset + (scalar.style == .plain ? 0 : 1)
        var end = start
        end.column += max(length, 1)
        return SourceRange(start: start, end: end)
    }
}
