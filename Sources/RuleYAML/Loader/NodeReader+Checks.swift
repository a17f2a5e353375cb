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
        guard Check.Kind.allNames.contains(name) else {
            error("unknown check '\(name)'", at: nameNode, fix: .closest(to: name, among: Check.Kind.allNames))
            return nil
        }
        var check = Check(.required, at: nameNode.range)
        let known = Self.parameterNames[name, default: []] + ["code", "message"]
        var fields: [String: YAMLNode] = [:]
        if let parameters {
            if parameters.mapping != nil {
                for (key, pair) in mapping(parameters, of: "'\(name)'", known: known) ?? [] { fields[key] = pair.value }
            } else if let shorthand = Self.shorthand[name] {
                fields[shorthand] = parameters
            } else {
                error(
                    "expected a mapping of parameters for '\(name)', such as { \(known.joined(separator: ", ")) }, found \(describe(parameters))",
                    at: parameters)
                return nil
            }
        }
        if let codeNode = fields["code"] { check.codes = codes(codeNode, of: name) }
        if let messageNode = fields["message"] {
            check.messages = templates(messageNode, of: "the message of '\(name)'") ?? MessageTemplates()
        }
        guard let kind = kind(name, fields, at: nameNode) else { return nil }
        check.kind = kind
        return check
    }

    /// The most states all patterns of one file may compile to: a pattern of 7 characters such as
    /// `a{1000}` compiles to 1,000, and the file-size limit alone would let a file claim gigabytes.
    static let maximumPatternStates = 1_000_000

    /// Each check's own parameters, besides `code` and `message`.
    static let parameterNames: [String: [String]] = [
        "length": ["min", "max", "unit"], "pattern": ["regex"], "oneOf": ["values"], "range": ["min", "max"],
        "notBefore": ["date"], "notAfter": ["date"], "equal": ["fields"],
    ]

    /// The parameter that a check's value fills when it is not a mapping: `pattern: '^[a-z]+$'`,
    /// `oneOf: [a, b]`, `notBefore: today`, `equal: [password, passwordConfirmation]`.
    static let shorthand = [
        "pattern": "regex", "oneOf": "values", "notBefore": "date", "notAfter": "date", "equal": "fields",
    ]

    private mutating func kind(_ name: String, _ fields: [String: YAMLNode], at nameNode: YAMLNode) -> Check.Kind? {
        func missing(_ parameters: String) -> Check.Kind? {
            error("'\(name)' needs \(parameters)", at: nameNode)
            return nil
        }
        switch name {
        case "required": return .required
        case "email": return .email
        case "length":
            let min = fields["min"].flatMap { integer($0, of: "'min'") }
            let max = fields["max"].flatMap { integer($0, of: "'max'") }
            var unit = Length.Unit.characters
            if let unitNode = fields["unit"], let unitName = text(unitNode, of: "'unit'") {
                guard let parsed = Length.Unit(rawValue: unitName) else {
                    let units = Length.Unit.allNames.map { "'\($0)'" }.joined(separator: ", ")
                    error(
                        "unknown unit '\(unitName)'"
                            + (Suggestion.closest(to: unitName, among: Length.Unit.allNames) == nil
                                ? "; use one of \(units)" : ""),
                        at: unitNode, fix: .closest(to: unitName, among: Length.Unit.allNames))
                    return nil
                }
                unit = parsed
            }
            guard fields["min"] != nil || fields["max"] != nil else { return missing("'min', 'max' or both") }
            for (bound, node) in [(min, fields["min"]), (max, fields["max"])] where (bound ?? 0) < 0 {
                error("a length cannot be negative", at: node!)
            }
            if let min, let max, min > max { return bounds(min: String(min), max: String(max), at: fields["min"]!) }
            return .length(Length(min: min, max: max, unit: unit))
        case "pattern":
            guard let node = fields["regex"] else { return missing("'regex'") }
            guard let source = text(node, of: "'pattern'") else { return nil }
            // NB: once over the budget, with the error reported, later patterns are not even compiled.
            guard patternStates <= Self.maximumPatternStates else { return nil }
            do {
                let pattern = try Pattern(source)
                patternStates += pattern.stateCount
                guard patternStates <= Self.maximumPatternStates else {
                    error(
                        "the patterns of this file compile to more than \(Self.maximumPatternStates) states in all; "
                            + "use smaller counts or fewer patterns", at: node)
                    return nil
                }
                return .pattern(pattern)
            } catch {
                diagnostics.append(.error("invalid pattern: \(error.message)", at: Self.range(of: error, in: node)))
                return nil
            }
        case "oneOf":
            guard let node = fields["values"] else { return missing("'values'") }
            guard let items = sequence(node, of: "'oneOf'") else { return nil }
            if items.isEmpty { error("'oneOf' needs at least one value", at: node) }
            let values = items.compactMap { text($0, of: "an allowed value") }
            return values.count == items.count && !values.isEmpty ? .oneOf(OneOf(values)) : nil
        case "range":
            let min = fields["min"].flatMap { decimal($0, of: "'min'") }
            let max = fields["max"].flatMap { decimal($0, of: "'max'") }
            guard fields["min"] != nil || fields["max"] != nil else { return missing("'min', 'max' or both") }
            if let min, let max, max < min {
                return bounds(min: min.description, max: max.description, at: fields["min"]!)
            }
            return .range(NumberRange(min: min, max: max))
        case "notBefore", "notAfter":
            guard let node = fields["date"] else { return missing("'date'") }
            guard let bound = dateBound(node) else { return nil }
            return name == "notBefore" ? .notBefore(bound) : .notAfter(bound)
        default:  // equal
            guard let node = fields["fields"] else { return missing("'fields'") }
            guard let items = sequence(node, of: "'equal'") else { return nil }
            let names = items.compactMap { identifier($0, of: "field") }
            guard names.count == items.count else { return nil }
            guard names.count >= 2 else {
                error("'equal' compares two or more fields; found \(names.count)", at: node)
                return nil
            }
            return .equal(Equal(fields: names))
        }
    }

    private mutating func bounds(min: String, max: String, at node: YAMLNode) -> Check.Kind? {
        error("'min' (\(min)) is greater than 'max' (\(max)); no value could pass", at: node)
        return nil
    }

    private mutating func dateBound(_ node: YAMLNode) -> DateBound? {
        guard let text = text(node, of: "a date") else { return nil }
        if text == "today" { return .today }
        if let date = LocalDate(text) { return .date(date) }
        error("expected 'today' or a date as YYYY-MM-DD, found '\(text)'", at: node)
        return nil
    }

    /// `code:` as one name for every code the check reports, or a mapping from default code to name.
    private mutating func codes(_ node: YAMLNode, of check: String) -> [String: String] {
        let defaults = Check.Kind.defaultCodes(of: check)
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

    /// Where in the file a pattern's syntax error is: exact for plain and single-line quoted
    /// scalars, whose text maps one-to-one onto columns (escapes aside), else the whole scalar.
    static func range(of error: PatternSyntaxError, in node: YAMLNode) -> SourceRange {
        guard let scalar = node.scalar, node.range.start.line == node.range.end.line,
            scalar.style == .plain || scalar.style == .singleQuoted || scalar.style == .doubleQuoted
        else { return node.range }
        var start = node.range.start
        start.column += error.offset + (scalar.style == .plain ? 0 : 1)
        var end = start
        end.column += max(error.length, 1)
        return SourceRange(start: start, end: end)
    }
}
