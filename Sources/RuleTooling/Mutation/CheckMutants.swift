import Foundation
public import RuleCore

/// One change of a check's parameters that a spec suite should notice: `max 20 → 21`.
public struct DescriptorMutant: Sendable {
    /// The change, as a reader of the rule file says it: `max 20 → 21`, `unit characters → bytes`.
    public var change: String
    /// The check after the change.
    public var descriptor: any CheckDescriptor
    /// Why the change cannot change any verdict, given the type it belongs to, when that is known.
    public var equivalence: String?

    /// Creates a mutant.
    public init(_ change: String, _ descriptor: any CheckDescriptor, equivalence: String? = nil) {
        self.change = change
        self.descriptor = descriptor
        self.equivalence = equivalence
    }
}

/// What a check's mutants may depend on besides the check: the type it belongs to.
public struct MutationContext: Sendable {
    /// Whether the type has a `required` check, or is optional: either way an empty value never
    /// reaches the other checks, so a length bound of 0 or 1 is the same.
    public var emptyNeverChecked: Bool
    /// The type's value type, when known: an integer type's number bounds move by whole numbers.
    public var valueType: ValueType?

    /// Creates a context.
    public init(emptyNeverChecked: Bool = false, valueType: ValueType? = nil) {
        self.emptyNeverChecked = emptyNeverChecked
        self.valueType = valueType
    }
}

/// The mutants of a check: the one table of parameter mutations, one extension per descriptor,
/// each next to the others so that the mutations read as one list. A check with no mutants here
/// (`required`, `email`, `uuid`, `equal`, `notEqual`) is still mutated by removing it.
public protocol MutableCheck {
    /// The check's parameter mutations, each a single change.
    func mutants(in context: MutationContext) -> [DescriptorMutant]
}

/// Mutation's table of checks (``CheckConsumer``): a check whose parameters change in ways of its
/// own conforms to ``MutableCheck`` below; any other is mutated in its parameters as its
/// descriptor states them (``parameterMutants(of:)``); every check is also mutated by removing it.
public enum CheckMutation {
    /// The checks mutated in their parameters, and those that are only removed, with the reason.
    public static let consumer = CheckConsumer(
        "mutation",
        handles: CheckDescriptors.all.filter { $0 is any MutableCheck.Type || mutatesParameters(of: $0) }.map {
            $0.name
        },
        optingOutBy: { basis in
            switch basis {
            case .presence, .language, .text, .fields, .implementation:
                "no parameter whose change a suite should notice: removing the check is its mutant"
            case .bounds, .refusedValues, .places: nil
            }
        })

    /// The mutants of `descriptor`'s parameters: its own (``MutableCheck``), or those its parameters give.
    public static func mutants(of descriptor: any CheckDescriptor, in context: MutationContext) -> [DescriptorMutant] {
        if let mutable = descriptor as? any MutableCheck { return mutable.mutants(in: context) }
        return parameterMutants(of: descriptor)
    }

    /// Whether ``parameterMutants(of:)`` changes checks of `check`: it has a whole number or a list
    /// of values among its parameters.
    static func mutatesParameters(of check: any CheckDescriptor.Type) -> Bool {
        check.parameters.contains { $0.kind == .integer || $0.kind == .texts }
    }

    /// The mutants read off a check's parameters (``CheckDescriptor/parameters``): each whole
    /// number one less and one more (`max 2 → 1`, `max 2 → 3`), and each value of a list dropped
    /// (`value 'admin' dropped`). A change the check refuses, as its loader would (a negative count,
    /// an empty list), is no mutant: the check removed is already one.
    static func parameterMutants(of descriptor: any CheckDescriptor) -> [DescriptorMutant] {
        let check = type(of: descriptor)
        let arguments = Dictionary(descriptor.arguments.map { ($0.name, $0.value) }) { first, _ in first }
        var mutants: [DescriptorMutant] = []
        func add(_ change: String, _ name: String, _ value: ParameterValue) {
            var changed = arguments
            changed[name] = value
            var ignored: [Diagnostic] = []
            if let mutant = remade(check, CheckParameters(changed), &ignored) {
                mutants.append(DescriptorMutant(change, mutant))
            }
        }
        for parameter in check.parameters {
            switch (parameter.kind, arguments[parameter.name]) {
            case (.integer, .integer(let value)?):
                for moved in [value - 1, value + 1] {
                    add("\(parameter.name) \(value) → \(moved)", parameter.name, .integer(moved))
                }
            case (.texts, .texts(let values)?):
                for index in values.indices {
                    var kept = values
                    let dropped = kept.remove(at: index)
                    let change = check.parameters.count == 1 ? "value" : "\(parameter.name) value"
                    add("\(change) '\(dropped)' dropped", parameter.name, .texts(kept))
                }
            default: break
            }
        }
        return mutants
    }

    private static func remade<Check: CheckDescriptor>(
        _ check: Check.Type, _ parameters: CheckParameters, _ diagnostics: inout [Diagnostic]
    ) -> (any CheckDescriptor)? {
        Check(parameters: parameters, diagnostics: &diagnostics)
    }
}

extension LengthCheck: MutableCheck {
    public func mutants(in context: MutationContext) -> [DescriptorMutant] {
        var mutants: [DescriptorMutant] = []
        // NB: the one analysis of whether a minimum can fail (LengthCheck.isInert), which coverage,
        // generated enums and lint share.
        let lowMinimum = { (bound: Int) in
            LengthCheck.isInert(minimum: bound, emptyNeverChecked: context.emptyNeverChecked)
        }
        if let min {
            let equivalence =
                min == 0
                ? "a length is never negative"
                : lowMinimum(min)
                    ? "an empty value never reaches this check, and every other has length 1 or more"
                    : nil
            mutants.append(DescriptorMutant("min \(min) dropped", with { $0.min = nil }, equivalence: equivalence))
            if min > 0 {
                mutants.append(
                    DescriptorMutant(
                        "min \(min) → \(min - 1)", with { $0.min = min - 1 },
                        equivalence: lowMinimum(min)
                            ? "an empty value never reaches this check, and every other has length 1 or more" : nil))
            }
            if min + 1 <= max ?? Int.max {
                mutants.append(DescriptorMutant("min \(min) → \(min + 1)", with { $0.min = min + 1 }))
            }
        }
        if let max {
            mutants.append(DescriptorMutant("max \(max) dropped", with { $0.max = nil }))
            if max - 1 >= Swift.max(min ?? 0, 0) {
                mutants.append(DescriptorMutant("max \(max) → \(max - 1)", with { $0.max = max - 1 }))
            }
            mutants.append(DescriptorMutant("max \(max) → \(max + 1)", with { $0.max = max + 1 }))
        }
        for other in Unit.allCases where other != unit {
            mutants.append(DescriptorMutant("unit \(unit.rawValue) → \(other.rawValue)", with { $0.unit = other }))
        }
        return mutants
    }
}

extension RangeCheck: MutableCheck {
    /// Each bound dropped and moved a step either way, within the bound on the other side (which
    /// the rule must still keep below it, as the loader requires), and an exclusive bound read as
    /// inclusive. A step is one unit of the bound's last written digit; for an integer type, whose
    /// values are whole, a bound with a fraction moves by 1, and reading it as inclusive changes nothing.
    public func mutants(in context: MutationContext) -> [DescriptorMutant] {
        let integer = context.valueType == .integer
        func moved(_ bound: DecimalNumber, _ step: Int) -> DecimalNumber? {
            integer && bound.exactInteger == nil ? bound.adding(step) : bound.moved(by: step)
        }
        // NB: the rule after a move must still allow a value: below an exclusive bound, or at most an inclusive one.
        func belowUpper(_ value: DecimalNumber, exclusive: Bool) -> Bool {
            if let lessThan { return value < lessThan }
            guard let max else { return true }
            return exclusive ? value < max : value <= max
        }
        func aboveLower(_ value: DecimalNumber, exclusive: Bool) -> Bool {
            if let greaterThan { return greaterThan < value }
            guard let min else { return true }
            return exclusive ? min < value : min <= value
        }
        var mutants: [DescriptorMutant] = []
        if let min {
            mutants.append(DescriptorMutant("min \(min) dropped", with { $0.min = nil }))
            for step in [-1, 1] {
                guard let moved = moved(min, step), belowUpper(moved, exclusive: false) else { continue }
                mutants.append(DescriptorMutant("min \(min) → \(moved)", with { $0.min = moved }))
            }
        }
        if let max {
            mutants.append(DescriptorMutant("max \(max) dropped", with { $0.max = nil }))
            for step in [-1, 1] {
                guard let moved = moved(max, step), aboveLower(moved, exclusive: false) else { continue }
                mutants.append(DescriptorMutant("max \(max) → \(moved)", with { $0.max = moved }))
            }
        }
        // NB: an exclusive bound read as inclusive, the slip the bound's own value catches, but for an
        // integer type's bound with a fraction, which no value equals.
        let sameOnIntegers = { (bound: DecimalNumber) in
            integer && bound.exactInteger == nil
                ? "no whole number equals \(bound), so an integer type allows the same values either way" : nil
        }
        if let greaterThan {
            mutants.append(DescriptorMutant("greaterThan \(greaterThan) dropped", with { $0.greaterThan = nil }))
            mutants.append(
                DescriptorMutant(
                    "greaterThan \(greaterThan) → min \(greaterThan)",
                    with {
                        $0.greaterThan = nil
                        $0.min = greaterThan
                    }, equivalence: sameOnIntegers(greaterThan)))
            for step in [-1, 1] {
                guard let moved = moved(greaterThan, step), belowUpper(moved, exclusive: true) else { continue }
                mutants.append(
                    DescriptorMutant("greaterThan \(greaterThan) → \(moved)", with { $0.greaterThan = moved }))
            }
        }
        if let lessThan {
            mutants.append(DescriptorMutant("lessThan \(lessThan) dropped", with { $0.lessThan = nil }))
            mutants.append(
                DescriptorMutant(
                    "lessThan \(lessThan) → max \(lessThan)",
                    with {
                        $0.lessThan = nil
                        $0.max = lessThan
                    }, equivalence: sameOnIntegers(lessThan)))
            for step in [-1, 1] {
                guard let moved = moved(lessThan, step), aboveLower(moved, exclusive: true) else { continue }
                mutants.append(DescriptorMutant("lessThan \(lessThan) → \(moved)", with { $0.lessThan = moved }))
            }
        }
        return mutants
    }
}

extension OneOfCheck: MutableCheck {
    public func mutants(in context: MutationContext) -> [DescriptorMutant] {
        values.indices.map { index in
            var values = self.values
            let dropped = values.remove(at: index)
            return DescriptorMutant("value '\(dropped)' dropped", OneOfCheck(values: values))
        }
    }
}

extension IPCheck: MutableCheck {
    public func mutants(in context: MutationContext) -> [DescriptorMutant] {
        guard let version else {
            return [4, 6].map { (version: Int) in
                DescriptorMutant("version any → \(version)", IPCheck(version: version))
            }
        }
        return [DescriptorMutant("version \(version) dropped", IPCheck())]
    }
}

extension PatternCheck: MutableCheck {
    public func mutants(in context: MutationContext) -> [DescriptorMutant] {
        PatternQuantifiers.widened(regex.source).compactMap { change, source in
            // NB: a widening that the subset refuses (a nested unbounded repetition) is no mutant.
            guard let pattern = try? RulePattern(source) else { return nil }
            // NB: `[a-z]+` → `[a-z]*` adds only the empty string, which an optional type (or one with
            // `required`) never lets reach the pattern: proven by comparing the automata, not sampled.
            let same =
                PatternEquivalence.compare(regex.source, source, ignoringEmpty: context.emptyNeverChecked) == .equal
            let equivalence =
                !same
                ? nil
                : context.emptyNeverChecked
                    ? "it changes only whether the empty value matches, and an empty value never reaches this check"
                    : "both patterns match exactly the same values"
            return DescriptorMutant(
                "\(change): '\(regex.source)' → '\(source)'", PatternCheck(regex: pattern), equivalence: equivalence)
        }
    }
}

extension NotBeforeCheck: MutableCheck {
    public func mutants(in context: MutationContext) -> [DescriptorMutant] {
        [-1, 1].map { step in
            let moved = date.moved(by: step)
            return DescriptorMutant("date \(date) → \(moved)", NotBeforeCheck(date: moved))
        }
    }
}

extension NotAfterCheck: MutableCheck {
    public func mutants(in context: MutationContext) -> [DescriptorMutant] {
        [-1, 1].map { step in
            let moved = date.moved(by: step)
            return DescriptorMutant("date \(date) → \(moved)", NotAfterCheck(date: moved))
        }
    }
}

extension AscendingCheck: MutableCheck {
    public func mutants(in context: MutationContext) -> [DescriptorMutant] {
        [DescriptorMutant("strict \(strict) → \(!strict)", AscendingCheck(fields: fields, strict: !strict))]
    }
}

extension RequiredIfCheck: MutableCheck {
    public func mutants(in context: MutationContext) -> [DescriptorMutant] {
        guard let equals else { return [] }
        return [DescriptorMutant("equals '\(equals)' dropped", RequiredIfCheck(field: field, when: when))]
    }
}

extension URLCheck: MutableCheck {
    public func mutants(in context: MutationContext) -> [DescriptorMutant] {
        guard case .only(let names) = schemes, names.count > 1 else { return [] }
        return names.indices.map { index in
            var names = names
            let dropped = names.remove(at: index)
            return DescriptorMutant("scheme '\(dropped)' dropped", URLCheck(schemes: .only(names)))
        }
    }
}

extension ListCheck: MutableCheck {
    public func mutants(in context: MutationContext) -> [DescriptorMutant] {
        var mutants: [DescriptorMutant] = []
        if let minItems {
            mutants.append(DescriptorMutant("minItems \(minItems) dropped", with { $0.minItems = nil }))
            if minItems > 0 {
                mutants.append(
                    DescriptorMutant("minItems \(minItems) → \(minItems - 1)", with { $0.minItems = minItems - 1 }))
            }
            if minItems + 1 <= maxItems ?? Int.max {
                mutants.append(
                    DescriptorMutant("minItems \(minItems) → \(minItems + 1)", with { $0.minItems = minItems + 1 }))
            }
        }
        if let maxItems {
            mutants.append(DescriptorMutant("maxItems \(maxItems) dropped", with { $0.maxItems = nil }))
            if maxItems - 1 >= Swift.max(minItems ?? 0, 0) {
                mutants.append(
                    DescriptorMutant("maxItems \(maxItems) → \(maxItems - 1)", with { $0.maxItems = maxItems - 1 }))
            }
            mutants.append(
                DescriptorMutant("maxItems \(maxItems) → \(maxItems + 1)", with { $0.maxItems = maxItems + 1 }))
        }
        mutants.append(DescriptorMutant("unique \(unique) → \(!unique)", with { $0.unique = !unique }))
        return mutants
    }
}

extension CheckDescriptor {
    /// This check with one change made.
    fileprivate func with(_ change: (inout Self) -> Void) -> Self {
        var copy = self
        change(&copy)
        return copy
    }
}

extension DateBound {
    /// The bound moved by `step` days, or by `step` of its offset's unit: `today` → `today + 1 day`,
    /// `today - 13 years` → `today - 12 years`, `1900-01-01` → `1900-01-02`.
    fileprivate func moved(by step: Int) -> DateBound {
        switch self {
        case .today: .fromToday(DateOffset(step, .day))
        case .date(let date): .date(DateOffset(step, .day).applied(to: date))
        case .fromToday(let offset):
            offset.amount + step == 0 ? .today : .fromToday(DateOffset(offset.amount + step, offset.unit))
        }
    }
}

/// Widens the quantifiers of a pattern's source, one at a time, reading it just enough to know
/// which characters are quantifiers: not escaped, not in a class, not a lazy mark or a group's `(?`.
enum PatternQuantifiers {
    /// Each widening: `? → *`, `+ → *`, `{m,n} → {m,n+1}` and `{m-1,n}`, `{m} → {m,m+1}`, `{m,} → {m-1,}`.
    static func widened(_ source: String) -> [(change: String, source: String)] {
        let scalars = Array(source.unicodeScalars)
        var results: [(String, String)] = []
        func replacing(_ range: Range<Int>, with text: String) -> String {
            var copy = scalars
            copy.replaceSubrange(range, with: text.unicodeScalars)
            var string = ""
            string.unicodeScalars.append(contentsOf: copy)
            return string
        }
        var index = 0
        var inClass = false
        // NB: what came just before decides whether `?` and `+` quantify: after `(` or a quantifier
        // they are a group's mark or a lazy mark.
        var afterQuantifierOrParen = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\" {
                index += 2
                afterQuantifierOrParen = false
                continue
            }
            if inClass {
                if scalar == "]" { inClass = false }
                index += 1
                continue
            }
            var next = false
            switch scalar {
            case "[":
                inClass = true
            case "(":
                next = true
            case "*":
                next = true
            case "?", "+":
                if !afterQuantifierOrParen {
                    results.append(("quantifier '\(scalar)' widened to '*'", replacing(index..<index + 1, with: "*")))
                }
                next = true
            case "{":
                if let close = scalars[index...].firstIndex(of: "}") {
                    let body = String(String.UnicodeScalarView(scalars[index + 1..<close]))
                    let parts = body.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                    let numbers = parts.map { Int($0) }
                    let range = index..<close + 1
                    let change = "quantifier '{\(body)}' widened"
                    if parts.count == 1, let m = numbers[0] {
                        results.append((change, replacing(range, with: "{\(m),\(m + 1)}")))
                    } else if parts.count == 2, let m = numbers[0] {
                        if let n = numbers[1] { results.append((change, replacing(range, with: "{\(m),\(n + 1)}"))) }
                        if m > 0 {
                            let upper = numbers[1].map(String.init) ?? ""
                            results.append((change, replacing(range, with: "{\(m - 1),\(upper)}")))
                        }
                    }
                    index = close + 1
                    afterQuantifierOrParen = true
                    continue
                }
            default:
                break
            }
            afterQuantifierOrParen = next
            index += 1
        }
        return results
    }
}
