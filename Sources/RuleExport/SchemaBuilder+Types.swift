import RuleCore

extension SchemaBuilder {
    /// A type's definition: its description, the standard keywords for the JSON form of its
    /// values (behind `anyOf` with null and `""` when it is optional), then its `x-rulecheck-*` keywords.
    mutating func typeSchema(_ type: ResolvedType) -> JSONValue {
        var members: [JSONValue.Member] = []
        if let summary = type.declaration.summary { members.append(.init("description", .string(summary))) }
        let value = standardKeywords(of: type)
        if type.isOptional {
            members.append(
                .init("anyOf", [.object([.init("type", "null")]), .object([.init("const", "")]), .object(value)]))
        } else {
            members += value
        }
        return .object(members + RulecheckKeywords.of(type, rules.validator(named: type.name)!))
    }

    /// The standard keywords for a present value: exact where JSON Schema can be, and silent
    /// (with a warning) where it cannot.
    ///
    /// The JSON form of a value is a string for string and date types, a number for integer and
    /// decimal types (read exactly as written, never through a binary floating-point value) and
    /// `true` or `false` for boolean types; normalizers change no number or boolean, so they
    /// matter for strings only.
    private mutating func standardKeywords(of type: ResolvedType) -> [JSONValue.Member] {
        let note = Diagnostic.note("in type '\(type.name)'", at: type.declaration.range)
        let normalize = "normalize: [\(type.normalizers.map(\.rawValue).joined(separator: ", "))]"
        var keywords: [JSONValue.Member] = []
        switch type.valueType {
        case .string:
            keywords.append(.init("type", "string"))
            var text = TextKeywords()
            for check in type.checks {
                if !type.normalizers.isEmpty {
                    approximate(
                        type.name,
                        "'\(check.name)' applies after \(normalize), but JSON Schema sees the raw value; "
                            + Self.onlyExtension, at: check.range, note: note)
                } else if let length = check.descriptor as? LengthCheck, length.unit != .scalars {
                    approximate(
                        type.name,
                        "'length' counts \(length.unit.rawValue), but JSON Schema counts scalars; "
                            + Self.onlyExtension,
                        at: check.range, note: note)
                } else {
                    if let url = check.descriptor as? URLCheck { approximateURL(check, url, in: type, note: note) }
                    text.add(check)
                }
            }
            keywords += text.members
        case .integer:
            keywords.append(.init("type", "integer"))
            keywords += numberKeywords(of: type)
        case .decimal:
            // NB: a JSON number, read exactly as written (docs/format.md, "Types"); JSON Schema
            // compares numbers by their value, so a range is exact too.
            keywords.append(.init("type", "number"))
            keywords += decimalKeywords(of: type)
        case .date:
            keywords += [.init("type", "string"), .init("format", "date")]
            approximate(
                type.name,
                "'format: date' only annotates in JSON Schema 2020-12, so the schema accepts any text as '\(type.name)'; "
                    + "only 'x-rulecheck-type' carries the date check", at: type.declaration.range, note: note)
            for check in type.checks {
                if let bound = (check.descriptor as? NotBeforeCheck)?.date ?? (check.descriptor as? NotAfterCheck)?.date
                {
                    approximateDate(check, bound, in: type, note: note)
                }
            }
        case .boolean:
            keywords.append(.init("type", "boolean"))
            keywords += booleanKeywords(of: type)
        }
        return keywords
    }

    private static let onlyExtension = "only 'x-rulecheck-checks' carries it"

    private mutating func approximateDate(_ check: Check, _ bound: DateBound, in type: ResolvedType, note: Diagnostic) {
        let reason =
            bound.isRelative
            ? "'\(check.name): \(bound)' depends on the day of validation"
            : "JSON Schema cannot compare dates"
        approximate(type.name, "\(reason); " + Self.onlyExtension, at: check.range, note: note)
    }

    /// `url` is `format: uri` at best, which JSON Schema 2020-12 only annotates; nor can it say a
    /// list of schemes.
    private mutating func approximateURL(_ check: Check, _ url: URLCheck, in type: ResolvedType, note: Diagnostic) {
        let reason =
            url.schemes == .any
            ? "'url' is 'format: uri', which only annotates in JSON Schema 2020-12"
            : "'url' allows only some schemes, which JSON Schema cannot say, and 'format: uri' only annotates"
        approximate(type.name, "\(reason); " + Self.onlyExtension, at: check.range, note: note)
    }

    /// `const` (or `enum`) for a boolean type: the values that every `oneOf` allows.
    private func booleanKeywords(of type: ResolvedType) -> [JSONValue.Member] {
        var allowed: [Bool]?
        for check in type.checks {
            guard let oneOf = check.descriptor as? OneOfCheck else { continue }
            let values = [false, true].filter { oneOf.values.contains(String($0)) }
            allowed = allowed.map { $0.filter(values.contains) } ?? values
        }
        guard let allowed else { return [] }
        return allowed.count == 1
            ? [.init("const", .bool(allowed[0]))] : [.init("enum", .array(allowed.map(JSONValue.bool)))]
    }

    /// `minimum` and `maximum` for a decimal type: the tightest bounds of its ranges, as written.
    private func decimalKeywords(of type: ResolvedType) -> [JSONValue.Member] {
        var minimum: DecimalNumber?
        var maximum: DecimalNumber?
        for check in type.checks {
            guard let range = check.descriptor as? RangeCheck else { continue }
            if let min = range.min, minimum.map({ $0 < min }) ?? true { minimum = min }
            if let max = range.max, maximum.map({ max < $0 }) ?? true { maximum = max }
        }
        return [
            minimum.map { .init("minimum", .number($0.description)) },
            maximum.map { .init("maximum", .number($0.description)) },
        ]
        .compactMap { $0 }
    }

    /// `minimum`, `maximum` and `enum` for an integer type: its ranges within 64 bits, and its
    /// `oneOf` lists, which all hold together.
    private func numberKeywords(of type: ResolvedType) -> [JSONValue.Member] {
        var minimum = DecimalNumber(Int.min)
        var maximum = DecimalNumber(Int.max)
        var allowed: [Int]?
        for check in type.checks {
            if let range = check.descriptor as? RangeCheck {
                if let min = range.min, minimum < min { minimum = min }
                if let max = range.max, max < maximum { maximum = max }
            } else if let oneOf = check.descriptor as? OneOfCheck {
                let values = oneOf.values.compactMap { text -> Int? in
                    if case .integer(let number)? = ValueFormat.parse(text[...], as: .integer) { number } else { nil }
                }
                allowed = allowed.map { $0.filter(values.contains) } ?? values
            }
        }
        var members: [JSONValue.Member] = [
            .init("minimum", .number(minimum.description)), .init("maximum", .number(maximum.description)),
        ]
        if let allowed { members.append(.init("enum", .array(allowed.map(JSONValue.integer)))) }
        return members
    }
}

/// The standard keywords of a string type's checks, which all hold together: the tightest
/// lengths in scalars, every pattern, and the values every `oneOf` allows.
private struct TextKeywords {
    var minLength: Int?
    var maxLength: Int?
    var patterns: [String] = []
    var format: String?
    var allowed: [String]?

    /// Adds what JSON Schema can say of `check`: the one table, keyed by descriptor, of the
    /// string checks that have standard keywords.
    mutating func add(_ check: Check) {
        switch check.descriptor {
        case is RequiredCheck:
            minLength = max(minLength ?? 0, 1)
        case let length as LengthCheck:
            if let min = length.min { minLength = max(minLength ?? 0, min) }
            if let max = length.max { maxLength = min(maxLength ?? max, max) }
        case is EmailCheck:
            patterns.append(SchemaPatterns.email)
        case is URLCheck:
            // NB: an annotation, which holds for every URL the check accepts: a URL is a URI.
            format = "uri"
        case is UUIDCheck:
            // NB: `format` only annotates in JSON Schema 2020-12; the pattern is what validators enforce.
            format = "uuid"
            patterns.append(SchemaPatterns.uuid)
        case let pattern as PatternCheck:
            patterns.append(SchemaPatterns.wholeValue(pattern.regex.source))
        case let oneOf as OneOfCheck:
            allowed = allowed.map { $0.filter(oneOf.values.contains) } ?? oneOf.values
        default:
            break
        }
    }

    var members: [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        if let format { members.append(.init("format", .string(format))) }
        if let minLength { members.append(.init("minLength", .integer(minLength))) }
        if let maxLength { members.append(.init("maxLength", .integer(maxLength))) }
        if patterns.count == 1 {
            members.append(.init("pattern", .string(patterns[0])))
        } else if !patterns.isEmpty {
            members.append(.init("allOf", .array(patterns.map { .object([.init("pattern", .string($0))]) })))
        }
        if let allowed { members.append(.init("enum", .array(allowed.map(JSONValue.string)))) }
        return members
    }
}
