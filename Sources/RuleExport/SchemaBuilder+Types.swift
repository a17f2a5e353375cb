import RuleCore
import RuleTooling

extension SchemaBuilder {
    /// A type's definition: its description, the standard keywords for the JSON form of its
    /// values (behind `anyOf` with null, and `""` for text and dates, when it is optional), then its `x-rulecheck-*` keywords.
    mutating func typeSchema(_ type: ResolvedType) -> JSONValue {
        var members: [JSONValue.Member] = []
        if let summary = type.declaration.summary { members.append(.init("description", .string(summary))) }
        let value = standardKeywords(of: type)
        if type.isOptional {
            // NB: `""` is no value only where JSON carries the value as a string; for a number or a
            // boolean it is `invalidFormat` (docs/format.md), as for the engine and generated `Decodable`.
            let empty: [JSONValue] = type.valueType.isStringInJSON ? [.object([.init("const", "")])] : []
            members.append(.init("anyOf", .array([.object([.init("type", "null")])] + empty + [.object(value)])))
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
                } else if let rule = TextKeywords.rules[check.name] {
                    if let url = check.descriptor as? URLCheck { approximateURL(check, url, in: type, note: note) }
                    rule(&text, check.descriptor)
                } else {
                    approximateUnhandled(check, in: type, note: note)
                }
            }
            keywords += text.members(allowed: type.allowedValues)
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
        if type.valueType != .string {
            for check in type.checks where !Self.handledChecks(of: type.valueType).contains(check.name) {
                approximateUnhandled(check, in: type, note: note)
            }
        }
        return keywords
    }

    /// The checks of a value type that the keywords above say, or approximate with a warning that
    /// says why: for strings, the keys of ``TextKeywords/rules``.
    static func handledChecks(of valueType: ValueType) -> Set<String> {
        switch valueType {
        case .string: Set(TextKeywords.rules.keys)
        // NB: `required` is the schema's `null` alternative, present or not.
        case .integer: [RequiredCheck.name, RangeCheck.name, OneOfCheck.name]
        case .decimal: [RequiredCheck.name, RangeCheck.name]
        case .date: [RequiredCheck.name, NotBeforeCheck.name, NotAfterCheck.name]
        case .boolean: [RequiredCheck.name, OneOfCheck.name]
        }
    }

    /// The export's table of checks (``CheckConsumer``): a value check is handled when every value
    /// type it applies to has keywords for it, or an approximation that says why not; of the checks
    /// across fields, only `requiredIf` has keywords (`if`/`then`), and the others are carried by
    /// `x-rulecheck-checks` alone, with a warning.
    static let checkConsumer = CheckConsumer(
        "JSON Schema export",
        handles: CheckDescriptors.all.filter { descriptor in
            switch descriptor.appliesTo {
            case .values(let types): types.allSatisfy { handledChecks(of: $0).contains(descriptor.name) }
            case .model: descriptor == RequiredIfCheck.self
            }
        }.map { $0.name },
        optingOutBy: { basis in
            switch basis {
            case .fields: fieldsReason
            case .implementation:
                "its verdict is its implementation's: the export warns, marks the type approximated, and carries "
                    + "it in 'x-rulecheck-checks' with its declaration in 'x-rulecheck-custom'"
            case .presence, .bounds, .language, .text, .refusedValues, .places: approximatedReason
            }
        })

    private static let approximatedReason =
        "no keyword says it exactly in every JSON Schema validator: the export warns, marks the type approximated, "
        + "and only 'x-rulecheck-checks' carries it"

    private static let fieldsReason =
        "JSON Schema cannot compare fields: the export warns, and only 'x-rulecheck-checks' carries it"

    /// A check that the export has no keywords for: a warning, and its type marked approximated,
    /// never a schema that silently accepts what the check refuses.
    private mutating func approximateUnhandled(_ check: Check, in type: ResolvedType, note: Diagnostic) {
        let what =
            check.custom == nil
            ? "the JSON Schema export has no keywords for '\(check.name)'"
            : "'\(check.name)' is a custom check, which only its implementation decides"
        approximate(type.name, what + "; " + Self.onlyExtension, at: check.range, note: note)
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
        guard let values = type.allowedValues else { return [] }
        let allowed = [false, true].filter { values.contains(.boolean($0)) }
        return allowed.count == 1
            ? [.init("const", .bool(allowed[0]))] : [.init("enum", .array(allowed.map(JSONValue.bool)))]
    }

    /// `minimum` or `exclusiveMinimum`, and `maximum` or `exclusiveMaximum`, for a decimal type:
    /// the tightest bounds of its ranges, as written.
    private func decimalKeywords(of type: ResolvedType) -> [JSONValue.Member] {
        var bounds = NumberKeywords()
        for check in type.checks { if let range = check.descriptor as? RangeCheck { bounds.tighten(by: range) } }
        return bounds.members
    }

    /// `minimum` (or `exclusiveMinimum`), `maximum` (or `exclusiveMaximum`) and `enum` for an
    /// integer type: its ranges within 64 bits, and its `oneOf` lists, which all hold together.
    private func numberKeywords(of type: ResolvedType) -> [JSONValue.Member] {
        var bounds = NumberKeywords(lower: (DecimalNumber(Int.min), false), upper: (DecimalNumber(Int.max), false))
        for check in type.checks { if let range = check.descriptor as? RangeCheck { bounds.tighten(by: range) } }
        var members = bounds.members
        if let allowed = type.allowedValues {
            let numbers = allowed.compactMap { if case .integer(let number) = $0 { number } else { nil } }
            members.append(.init("enum", .array(numbers.map(JSONValue.integer))))
        }
        return members
    }
}

/// The tightest lower and upper bounds of a type's ranges, each inclusive or exclusive: on a tie
/// the exclusive bound is the tighter.
struct NumberKeywords {
    var lower: (value: DecimalNumber, exclusive: Bool)?
    var upper: (value: DecimalNumber, exclusive: Bool)?

    mutating func tighten(by range: RangeCheck) {
        for (value, exclusive) in [(range.min, false), (range.greaterThan, true)] {
            guard let value else { continue }
            if let lower, value < lower.value || (value == lower.value && !exclusive) { continue }
            lower = (value, exclusive)
        }
        for (value, exclusive) in [(range.max, false), (range.lessThan, true)] {
            guard let value else { continue }
            if let upper, upper.value < value || (value == upper.value && !exclusive) { continue }
            upper = (value, exclusive)
        }
    }

    var members: [JSONValue.Member] {
        [
            lower.map { .init($0.exclusive ? "exclusiveMinimum" : "minimum", .number($0.value.description)) },
            upper.map { .init($0.exclusive ? "exclusiveMaximum" : "maximum", .number($0.value.description)) },
        ]
        .compactMap { $0 }
    }
}

/// The standard keywords of a string type's checks, which all hold together: the tightest
/// lengths in scalars, every pattern, and the values every `oneOf` allows.
struct TextKeywords {
    var minLength: Int?
    var maxLength: Int?
    var patterns: [String] = []
    /// Patterns no value may match: `notContains`.
    var forbidden: [String] = []
    var format: String?
    /// Whether a `oneOf` limits the values: then `enum` lists the type's ``ResolvedType/allowedValues``.
    var limitsValues = false

    /// What JSON Schema can say of each string check: the one table, keyed by descriptor, of the
    /// string checks that have standard keywords. A string check missing here is exported with a
    /// warning, its type marked approximated (``SchemaBuilder/checkConsumer``).
    static let rules: [String: @Sendable (inout TextKeywords, any CheckDescriptor) -> Void] = [
        RequiredCheck.name: { keywords, _ in keywords.minLength = max(keywords.minLength ?? 0, 1) },
        LengthCheck.name: { keywords, check in
            let length = check as! LengthCheck
            if let min = length.min { keywords.minLength = max(keywords.minLength ?? 0, min) }
            if let max = length.max { keywords.maxLength = min(keywords.maxLength ?? max, max) }
        },
        EmailCheck.name: { keywords, _ in keywords.patterns.append(SchemaPatterns.email) },
        // NB: an annotation, which holds for every URL the check accepts: a URL is a URI.
        URLCheck.name: { keywords, _ in keywords.format = "uri" },
        UUIDCheck.name: { keywords, _ in
            // NB: `format` only annotates in JSON Schema 2020-12; the pattern is what validators enforce.
            keywords.format = "uuid"
            keywords.patterns.append(SchemaPatterns.uuid)
        },
        PatternCheck.name: { keywords, check in
            keywords.patterns.append(SchemaPatterns.wholeValue((check as! PatternCheck).regex.source))
        },
        // NB: a host name is ASCII, so its 253 bytes are 253 scalars, as `maxLength` counts.
        HostnameCheck.name: { keywords, _ in
            keywords.format = "hostname"
            keywords.patterns.append(SchemaPatterns.hostname)
            keywords.maxLength = min(keywords.maxLength ?? 253, 253)
        },
        // NB: `pattern` searches anywhere in the value, so a text check is its text escaped, anchored
        // at the start or the end as it says.
        StartsWithCheck.name: { keywords, check in
            keywords.patterns.append("^" + SchemaPatterns.literal((check as! StartsWithCheck).prefix))
        },
        EndsWithCheck.name: { keywords, check in
            keywords.patterns.append(SchemaPatterns.literal((check as! EndsWithCheck).suffix) + "$")
        },
        ContainsCheck.name: { keywords, check in
            keywords.patterns.append(SchemaPatterns.literal((check as! ContainsCheck).text))
        },
        NotContainsCheck.name: { keywords, check in
            keywords.forbidden.append(SchemaPatterns.literal((check as! NotContainsCheck).text))
        },
        OneOfCheck.name: { keywords, _ in keywords.limitsValues = true },
    ]

    /// The keywords, with `enum` listing `allowed` when a `oneOf` limits the values.
    func members(allowed: [ValidatedValue]?) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        if let format { members.append(.init("format", .string(format))) }
        if let minLength { members.append(.init("minLength", .integer(minLength))) }
        if let maxLength { members.append(.init("maxLength", .integer(maxLength))) }
        if patterns.count == 1 {
            members.append(.init("pattern", .string(patterns[0])))
        } else if !patterns.isEmpty {
            members.append(.init("allOf", .array(patterns.map { .object([.init("pattern", .string($0))]) })))
        }
        if forbidden.count == 1 {
            members.append(.init("not", .object([.init("pattern", .string(forbidden[0]))])))
        } else if !forbidden.isEmpty {
            let each = forbidden.map { JSONValue.object([.init("pattern", .string($0))]) }
            members.append(.init("not", .object([.init("anyOf", .array(each))])))
        }
        if limitsValues, let allowed {
            let texts = allowed.compactMap { if case .string(let text) = $0 { text } else { nil } }
            members.append(.init("enum", .array(texts.map(JSONValue.string))))
        }
        return members
    }
}
