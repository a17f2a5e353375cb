import RuleCore

/// Satisfiability's table of checks (``CheckConsumer``): the checks whose facts lint compares for
/// rules that no value can pass or that never decide (`RuleLinter.satisfiability(of:validator:)`),
/// and those it has no facts for.
public enum CheckSatisfiability {
    /// The checks lint reasons about, and those it does not, with the reason.
    public static let consumer = CheckConsumer(
        "lint (satisfiability)",
        handles: [
            LengthCheck.name, RangeCheck.name, NotBeforeCheck.name, NotAfterCheck.name, PatternCheck.name,
            OneOfCheck.name, EqualCheck.name, NotEqualCheck.name, AscendingCheck.name,
        ],
        optingOutBy: { basis in
            switch basis {
            case .presence: "it conflicts only with 'length' max 0, which the 'length' facts report"
            case .language: "its language is not modelled, so no contradiction with it is looked for"
            case .text: "its text is not compared with other checks' facts"
            case .refusedValues:
                "refusing some values contradicts no check unless they are all a type allows, not modelled"
            case .places: "its places are not compared with a range's bounds"
            case .fields: "a condition on other fields contradicts no check: it only makes a field required"
            case .implementation: "its verdict is its implementation's, which lint cannot see"
            case .bounds: nil
            }
        })
}

extension RuleLinter {
    /// Rules of `type` that no value can pass (errors) or that never decide anything (warnings),
    /// each at the rule, with a note at the other rule involved.
    func satisfiability(of type: ResolvedType, validator: TypeValidator) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let note = Self.note(type)
        func add(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic.noting(note.0, at: note.1)) }
        lengths(of: type).forEach(add)
        ranges(of: type).forEach(add)
        dates(of: type).forEach(add)
        patterns(of: type).forEach(add)
        allowedValues(of: type, validator: validator).forEach(add)
        repeatedValues(of: type).forEach(add)
        return diagnostics
    }

    /// Values a check lists twice (`oneOf: [a, b, a]`), compared as the check compares them: as
    /// values of the type, so text scalar for scalar and `7` and `007` as one integer. The second
    /// decides nothing the first does not. A value that is no value of the type is an error of its own.
    private func repeatedValues(of type: ResolvedType) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for check in type.checks {
            let lists = check.descriptor.arguments.compactMap { argument -> [String]? in
                let kind = Swift.type(of: check.descriptor).parameters.first { $0.name == argument.name }?.kind
                guard kind == .texts, case .texts(let values) = argument.value else { return nil }
                return values
            }
            for values in lists {
                var seen: [(value: ValidatedValue, text: String)] = []
                for text in values {
                    guard let value = ValueFormat.parse(text[...], as: type.valueType) else { continue }
                    guard let first = seen.first(where: { $0.value == value }) else {
                        seen.append((value, text))
                        continue
                    }
                    let again =
                        first.text.unicodeScalars.elementsEqual(text.unicodeScalars)
                        ? "'\(text)' twice"
                        : "'\(text)', which is '\(first.text)' again as \(FieldContent.value(type.valueType))"
                    diagnostics.append(.warning("'\(check.name)' lists \(again); drop one", at: check.range))
                }
            }
        }
        return diagnostics
    }

    /// Of two checks, the one written later, where a conflict between them is reported.
    private static func ordered(_ a: Check, _ b: Check) -> (earlier: Check, later: Check) {
        (a.range?.start ?? .none) <= (b.range?.start ?? .none) ? (a, b) : (b, a)
    }

    /// A conflict between two checks, at the later one with a note at the earlier.
    private static func conflict(_ message: (Check, Check) -> String, _ a: Check, _ b: Check) -> Diagnostic {
        let (earlier, later) = ordered(a, b)
        return Diagnostic.error(message(later, earlier), at: later.range)
            .noting("the other rule is '\(earlier.name)' here", at: earlier.range)
    }

    /// A length bound of a check, as its descriptor states it (``CheckBoundary/length(_:count:unit:)``).
    private struct LengthBound {
        var check: Check
        var side: CheckBoundary.Side
        var count: Int
        var unit: LengthCheck.Unit
    }

    /// The length bounds of `type`'s checks: the facts lint reasons with, from the descriptors.
    private static func lengthBounds(of type: ResolvedType) -> [LengthBound] {
        type.checks.flatMap { check in
            check.descriptor.boundaries.compactMap { boundary in
                guard case .length(let side, let count, let unit) = boundary else { return nil }
                return LengthBound(check: check, side: side, count: count, unit: unit)
            }
        }
    }

    /// The bounds of one side of one kind, by the check that states them.
    private static func bounds<Value>(
        of type: ResolvedType, _ fact: (CheckBoundary) -> (CheckBoundary.Side, Value)?
    ) -> [(check: Check, side: CheckBoundary.Side, value: Value)] {
        type.checks.flatMap { check in
            check.descriptor.boundaries.compactMap { boundary in fact(boundary).map { (check, $0.0, $0.1) } }
        }
    }

    private func lengths(of type: ResolvedType) -> [Diagnostic] {
        let bounds = Self.lengthBounds(of: type)
        var diagnostics: [Diagnostic] = []
        for unit in LengthCheck.Unit.allCases {
            let ofUnit = bounds.filter { $0.unit == unit }
            let lower = ofUnit.filter { $0.side == .min }.max { $0.count < $1.count }
            let upper = ofUnit.filter { $0.side == .max }.min { $0.count < $1.count }
            if let lower, let upper, lower.count > upper.count {
                diagnostics.append(
                    Self.conflict(
                        { _, _ in
                            "no value can pass: one 'length' needs at least \(lower.count) \(unit.words), the other at most \(upper.count)"
                        }, lower.check, upper.check))
            } else if let upper, upper.count == 0, !type.isOptional {
                diagnostics.append(
                    .error(
                        "no value can pass: 'length' allows only the empty value, and an empty value fails 'required'; "
                            + "make the type optional or raise 'max'", at: upper.check.range))
            }
        }
        // NB: one answer to "can tooShort happen?" (LengthCheck.isInert), which coverage, generated
        // enums and mutation share: coverage then asks for no `tooShort`, and the enum has no case.
        for bound in bounds where bound.side == .min {
            let (check, min, unit) = (bound.check, bound.count, bound.unit)
            guard LengthCheck.isInert(minimum: min, emptyNeverChecked: type.emptyNeverChecked) else { continue }
            let why =
                min <= 0
                ? "a length is never negative"
                : type.isOptional
                    ? "an empty value is no value for an optional type, and any other is at least 1 \(unit.words.dropLast())"
                    : "an empty value stops at 'required', and any other is at least 1 \(unit.words.dropLast())"
            diagnostics.append(
                .warning(
                    "'length' min \(min) never fails, so 'tooShort' never happens: \(why); drop 'min'", at: check.range)
            )
        }
        return diagnostics
    }

    private func ranges(of type: ResolvedType) -> [Diagnostic] {
        let bounds = Self.bounds(of: type) { boundary -> (CheckBoundary.Side, NumberBound)? in
            switch boundary {
            case .number(let side, let value): (side, NumberBound(value: value, exclusive: false))
            case .exclusiveNumber(let side, let value): (side, NumberBound(value: value, exclusive: true))
            default: nil
            }
        }
        // NB: an integer type's whole exclusive bounds are the inclusive ones next to them, so that
        // `greaterThan: 5, lessThan: 6` is found empty too.
        let integer = type.valueType == .integer
        let lower = bounds.filter { $0.side == .min }.max { $0.value.lower(integer) < $1.value.lower(integer) }
        let upper = bounds.filter { $0.side == .max }.min { $0.value.upper(integer) < $1.value.upper(integer) }
        guard let lower, let upper,
            upper.value.upper(integer) < lower.value.lower(integer)
                || (upper.value.upper(integer) == lower.value.lower(integer)
                    && !integer && (lower.value.exclusive || upper.value.exclusive))
        else { return [] }
        let needs = "needs \(lower.value.phrase(.min)), "
        guard lower.check != upper.check else {
            // NB: a lower bound not below the upper one in one check is a load error already.
            guard integer else { return [] }
            return [
                .error("no integer can pass: 'range' \(needs)and \(upper.value.phrase(.max))", at: lower.check.range)
            ]
        }
        return [
            Self.conflict(
                { _, _ in "no value can pass: one 'range' \(needs)the other \(upper.value.phrase(.max))" },
                lower.check, upper.check)
        ]
    }

    /// A number bound of a `range`, inclusive (`min`, `max`) or exclusive (`greaterThan`, `lessThan`).
    private struct NumberBound {
        var value: DecimalNumber
        var exclusive: Bool

        /// The least value it allows as a lower bound: for an integer type, one past a whole exclusive bound.
        func lower(_ integer: Bool) -> DecimalNumber {
            integer && exclusive && value.exactInteger != nil ? value.moved(by: 1) ?? value : value
        }

        /// The greatest value it allows as an upper bound: for an integer type, one before a whole exclusive bound.
        func upper(_ integer: Bool) -> DecimalNumber {
            integer && exclusive && value.exactInteger != nil ? value.moved(by: -1) ?? value : value
        }

        /// `at least 5`, `more than 5`, `at most 5`, `less than 5`.
        func phrase(_ side: CheckBoundary.Side) -> String {
            switch (side, exclusive) {
            case (.min, false): "at least \(value)"
            case (.min, true): "more than \(value)"
            case (.max, false): "at most \(value)"
            case (.max, true): "less than \(value)"
            }
        }
    }

    /// A date bound as a comparable offset from today: in days, or in months (a calendar month or
    /// year); `today` is both. `nil` for a fixed date.
    private static func offset(_ bound: DateBound) -> (days: Int?, months: Int?)? {
        switch bound {
        case .today: return (0, 0)
        case .date: return nil
        case .fromToday(let offset):
            switch offset.unit {
            case .day: return (offset.amount, nil)
            case .week: return (offset.amount * 7, nil)
            case .month: return (nil, offset.amount)
            case .year: return (nil, offset.amount * 12)
            }
        }
    }

    /// Whether the earliest allowed date comes after the latest, for every today; `nil` when the two
    /// cannot be compared so (one fixed, one relative; or days against months).
    private static func excludes(notBefore: DateBound, notAfter: DateBound) -> Bool? {
        if case .date(let earliest) = notBefore, case .date(let latest) = notAfter { return latest < earliest }
        guard let earliest = offset(notBefore), let latest = offset(notAfter) else { return nil }
        if let a = earliest.days, let b = latest.days { return b < a }
        if let a = earliest.months, let b = latest.months { return b < a }
        return nil
    }

    private func dates(of type: ResolvedType) -> [Diagnostic] {
        let bounds = Self.bounds(of: type) { boundary -> (CheckBoundary.Side, DateBound)? in
            if case .date(let side, let bound) = boundary { (side, bound) } else { nil }
        }
        let earliest = bounds.filter { $0.side == .min }.map { ($0.check, $0.value) }
        let latest = bounds.filter { $0.side == .max }.map { ($0.check, $0.value) }
        var diagnostics: [Diagnostic] = []
        for (before, from) in earliest {
            for (after, until) in latest where Self.excludes(notBefore: from, notAfter: until) == true {
                diagnostics.append(
                    Self.conflict(
                        { _, _ in "no date can pass: 'notBefore: \(from)' comes after 'notAfter: \(until)'" }, before,
                        after))
            }
        }
        return diagnostics
    }

    private func patterns(of type: ResolvedType) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // NB: each length check's bounds together, as one check states them.
        let bounds = Self.lengthBounds(of: type)
        var lengths: [(Check, (min: Int?, max: Int?, unit: LengthCheck.Unit))] = []
        for bound in bounds {
            let index = lengths.firstIndex { $0.0 == bound.check } ?? lengths.count
            if index == lengths.count { lengths.append((bound.check, (nil, nil, bound.unit))) }
            if bound.side == .min { lengths[index].1.min = bound.count } else { lengths[index].1.max = bound.count }
        }
        let patterns = Self.bounds(of: type) { boundary -> (CheckBoundary.Side, RulePattern)? in
            if case .pattern(let pattern) = boundary { (.max, pattern) } else { nil }
        }
        for (check, _, regex) in patterns {
            guard let syntax = try? PatternParser.parse(regex.source) else { continue }
            let counts = syntax.scalarCounts
            let most = min(counts.max ?? RulePattern.maximumInputLength, RulePattern.maximumInputLength)
            if type.normalizers.contains(.trim) {
                for atStart in [true, false] {
                    let edges = syntax.edgeClasses(atStart: atStart)
                    guard !edges.isEmpty, edges.allSatisfy(\.isWhiteSpaceOnly) else { continue }
                    diagnostics.append(
                        Diagnostic.error(
                            "no trimmed value can match 'pattern': every match \(atStart ? "starts" : "ends") with white space, which 'trim' removes",
                            at: check.range))
                    break
                }
            }
            for (lengthCheck, length) in lengths {
                // NB: a value has at least as many scalars as characters, and at most as many as UTF-16
                // code units or UTF-8 bytes: compare only where that direction decides.
                if let least = length.min, least > most, length.unit == .characters || length.unit == .scalars {
                    diagnostics.append(
                        Self.conflict(
                            { _, _ in
                                "no value can pass: 'pattern' matches at most \(most) scalars, but 'length' needs at least \(least) \(length.unit.words)"
                            }, check, lengthCheck))
                } else if let limit = length.max, limit < counts.min, length.unit != .characters {
                    diagnostics.append(
                        Self.conflict(
                            { _, _ in
                                "no value can pass: 'pattern' matches at least \(counts.min) scalars, but 'length' allows at most \(limit) \(length.unit.words)"
                            }, check, lengthCheck))
                } else if let limit = length.max, counts.max != nil, limit > most,
                    length.unit == .characters || length.unit == .scalars
                {
                    diagnostics.append(
                        Diagnostic.warning(
                            "'length' allows up to \(limit) \(length.unit.words), but 'pattern' matches at most \(most); "
                                + "lower 'max' to \(most) or remove it", at: lengthCheck.range
                        ).noting("the pattern is here", at: check.range))
                }
            }
        }
        return diagnostics
    }

    /// `oneOf` values that no input reaches, found by validating each: normalization changes it, or
    /// another check rejects it; and patterns that every allowed value matches.
    private func allowedValues(of type: ResolvedType, validator: TypeValidator) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let patterns = Self.bounds(of: type) { boundary -> (CheckBoundary.Side, RulePattern)? in
            if case .pattern(let pattern) = boundary { (.max, pattern) } else { nil }
        }
        for check in type.checks {
            let allowed = check.descriptor.boundaries.compactMap { boundary in
                if case .allowed(let value) = boundary { value } else { nil }
            }
            guard !allowed.isEmpty else { continue }
            var reached: [String] = []
            var unreached: [(value: String, reason: Diagnostic)] = []
            // NB: the checks that reject an allowed value decide something, so they are never "shadowed".
            var rejecting: [Check] = []
            for value in allowed {
                let result = validator.validate(value)
                if result.isValid {
                    reached.append(value)
                    continue
                }
                let normalized = type.normalizers.reduce(Substring(value)) { $1.apply($0) }
                if normalized != value {
                    let names = type.normalizers.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                    unreached.append(
                        (
                            value,
                            .note("normalization (\(names)) turns '\(value)' into '\(normalized)'", at: place(of: type))
                        )
                    )
                } else if let other = result.violations.first(where: { $0.outcome.check != check }) {
                    rejecting += result.violations.compactMap(\.outcome.check)
                    let name = other.outcome.check?.name ?? "its type"
                    unreached.append(
                        (
                            value,
                            .note("'\(name)' rejects '\(value)'", at: other.outcome.check?.range ?? place(of: type))
                        ))
                }
            }
            if reached.isEmpty, !unreached.isEmpty {
                var error = Diagnostic.error(
                    "no value can pass 'oneOf': each value it allows fails another rule of type '\(type.name)'",
                    at: check.range)
                error.notes += unreached.prefix(3).map(\.reason)
                diagnostics.append(error)
                continue
            }
            for (value, reason) in unreached {
                var warning = Diagnostic.warning(
                    "'oneOf' allows '\(value)', which no value of type '\(type.name)' can be; remove it or fix the rule",
                    at: check.range)
                warning.notes.append(reason)
                diagnostics.append(warning)
            }
            for (other, _, pattern) in patterns where !rejecting.contains(other) {
                guard !reached.isEmpty, reached.allSatisfy({ pattern.matches(validatedText($0, type)) }) else {
                    continue
                }
                diagnostics.append(
                    Diagnostic.warning(
                        "'pattern' is shadowed by 'oneOf': every value 'oneOf' allows matches it, so it never decides",
                        at: other.range
                    ).noting("the 'oneOf' is here", at: check.range))
            }
        }
        return diagnostics
    }

    private func place(of type: ResolvedType) -> SourceRange? { type.declaration.range }

    private func validatedText(_ value: String, _ type: ResolvedType) -> String {
        String(type.normalizers.reduce(Substring(value)) { $1.apply($0) })
    }

    /// Checks across fields that contradict each other for every record in which both hold.
    func satisfiability(of model: ModelRule, valueTypes: [String: ValueType] = [:]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let note = ("in model '\(model.name)'", model.range)
        // The kind of value a field holds, for comparing fields: numbers compare across integer and decimal.
        func kind(_ name: String) -> String? {
            guard let field = model.fields.first(where: { $0.name == name }) else { return nil }
            if field.list != nil { return "a list" }
            if models.contains(where: { $0.name == field.typeName }) { return "a record" }
            switch valueTypes[field.typeName] {
            case .string?: return "text"
            case .integer?, .decimal?: return "a number"
            case .date?: return "a date"
            case .boolean?: return "a boolean"
            case nil: return nil
            }
        }
        for check in model.checks where check.is(EqualCheck.self) || check.is(NotEqualCheck.self) {
            let names = (check.descriptor as? any ModelCheckDescriptor)?.fields ?? []
            let kinds = names.map { ($0, kind($0)) }
            guard let first = kinds.first, let firstKind = first.1,
                let other = kinds.first(where: { $0.1 != nil && $0.1 != firstKind }), let otherKind = other.1
            else { continue }
            let why = "'\(first.0)' holds \(firstKind) and '\(other.0)' \(otherKind), which are never equal"
            diagnostics.append(
                check.is(EqualCheck.self)
                    ? Diagnostic.error("no record with both fields can pass 'equal': \(why)", at: check.range)
                        .noting(note.0, at: note.1)
                    : Diagnostic.warning("'notEqual' never fails: \(why)", at: check.range).noting(note.0, at: note.1))
        }
        func fields(_ check: Check) -> [String] { (check.descriptor as? any ModelCheckDescriptor)?.fields ?? [] }
        func pair(_ a: Check, _ b: Check) -> [String] {
            let shared = fields(a).filter(fields(b).contains)
            return shared.count >= 2 ? Array(shared.prefix(2)) : []
        }
        for (index, a) in model.checks.enumerated() {
            for b in model.checks[(index + 1)...] {
                let shared = pair(a, b)
                guard !shared.isEmpty else { continue }
                let kinds = [a, b]
                let equal = kinds.first { $0.is(EqualCheck.self) }
                let other = kinds.first {
                    $0.is(NotEqualCheck.self) || ($0.descriptor as? AscendingCheck)?.strict == true
                }
                guard equal != nil, let other else { continue }
                let wants = other.is(NotEqualCheck.self) ? "to differ" : "to be in strict order"
                diagnostics.append(
                    Self.conflict(
                        { _, _ in
                            "no record with both '\(shared[0])' and '\(shared[1])' can pass: 'equal' wants them equal, '\(other.name)' \(wants)"
                        }, a, b
                    ).noting(note.0, at: note.1))
            }
        }
        return diagnostics
    }
}
