/// A check of a date against one bound, `today` or a fixed date: `notBefore` and `notAfter`, which
/// differ only in their name, their code and the side of the bound.
public protocol DateBoundCheck: CheckDescriptor {
    /// Whether the bound is the latest date allowed (`notAfter`) rather than the earliest.
    static var isUpper: Bool { get }
    /// The bound.
    var date: DateBound { get }
    /// Creates the check.
    init(date: DateBound)
}

extension DateBoundCheck {
    public static var basis: CheckBasis { .bounds }
    public static var shorthand: String? { "date" }
    public static var parameters: [ParameterSpec] { [ParameterSpec("date", .date, required: true)] }
    public static var appliesTo: CheckScope { .values([.date]) }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {
        guard let date = parameters.date("date") else { return nil }
        self.init(date: date)
    }

    public var arguments: [(name: String, value: ParameterValue)] { [("date", .date(date))] }

    public func summary(of code: CheckCode) -> String { date.summary(of: code) }

    /// The bound: the day passes, the day past it fails.
    public var boundaries: [CheckBoundary] { [.date(Self.isUpper ? .max : .min, bound: date)] }

    func compile(for valueType: ValueType, outcomes: [Outcome]) -> CompiledValueCheck {
        DateBound.Compiled(bound: date, isUpper: Self.isUpper, outcome: outcomes[0])
    }
}

/// A check across two or more fields of a model, reported on the last one: `equal` and
/// `notEqual`, which differ only in when the fields' values break them.
///
/// Only valid values compare: while a named field is invalid the check is skipped, since that
/// field already says what is wrong.
public protocol FieldComparisonCheck: ModelCheckDescriptor {
    /// The fields compared, two or more, each named once.
    var fields: [String] { get }
    /// Creates the check over `fields`.
    init(fields: [String])
    /// Whether `values` (the valid values of the model's fields) break the check over `fields`,
    /// and the value to show if so: `.some(nil)` when the value shown is absent.
    static func broken(_ fields: [String], in values: [String: ValidatedValue]) -> ValidatedValue??
    /// Whether equal values pass: a field named twice is then compared with itself to no effect.
    static var equalValuesPass: Bool { get }
}

extension FieldComparisonCheck {
    public static var basis: CheckBasis { .fields }
    public static var shorthand: String? { "fields" }
    public static var parameters: [ParameterSpec] { [ParameterSpec("fields", .fields, required: true)] }
    public static var appliesTo: CheckScope { .model }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {
        guard let fields = parameters.texts("fields"),
            parameters.checkFields(
                fields, of: Self.name, equalValuesPass: Self.equalValuesPass, diagnostics: &diagnostics)
        else { return nil }
        self.init(fields: fields)
    }

    public var reportedField: String { fields.last! }

    public var arguments: [(name: String, value: ParameterValue)] { [("fields", .texts(fields))] }

    /// None: whether values are equal is the check's code and a valid record.
    public var boundaries: [CheckBoundary] { [] }

    /// The fields as a reader says them: "`a`, `b` and `c`".
    var fieldList: String {
        let names = fields.map { "`\($0)`" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    func compile(outcomes: [Outcome]) -> any CompiledModelCheck {
        CompiledFieldComparison<Self>(fields: fields, outcome: outcomes[0])
    }
}

private final class CompiledFieldComparison<Check: FieldComparisonCheck>: CompiledModelCheck {
    let fields: [String]
    let outcome: Outcome

    init(fields: [String], outcome: Outcome) {
        self.fields = fields
        self.outcome = outcome
    }

    func evaluate(
        _ values: [String: ValidatedValue], invalid: Set<String>, context: ValidationContext,
        into violations: inout Violations
    ) {
        guard !fields.contains(where: invalid.contains), let shown = Check.broken(fields, in: values) else { return }
        violations.append(Violation(outcome, path: [fields.last!], value: shown?.description[...]))
    }
}

/// A check of a string's form by a predicate, with no parameters: `email` and `uuid`.
public protocol PredicateCheck: CheckDescriptor {
    /// Creates the check.
    init()
    /// Whether `text` has the form; one pass over its UTF-8 bytes, no backtracking.
    static func isValid(_ text: Substring) -> Bool
}

extension PredicateCheck {
    public static var basis: CheckBasis { .language }
    public static var parameters: [ParameterSpec] { [] }
    public static var appliesTo: CheckScope { .values([.string]) }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) { self.init() }

    public var arguments: [(name: String, value: ParameterValue)] { [] }

    /// None: no parameter names a value; fixed samples and the suite's own values find the form's edges.
    public var boundaries: [CheckBoundary] { [] }

    func compile(for valueType: ValueType, outcomes: [Outcome]) -> CompiledValueCheck {
        CompiledPredicate<Self>(outcome: outcomes[0])
    }
}

private final class CompiledPredicate<Check: PredicateCheck>: CompiledValueCheck, @unchecked Sendable {
    let outcome: Outcome

    init(outcome: Outcome) {
        self.outcome = outcome
    }

    override func evaluate(_ text: Substring, _ value: ValidatedValue, context: ValidationContext) -> Miss? {
        Check.isValid(text) ? nil : Miss(outcome)
    }
}

/// A check of a string against one text it names (format 1.3): `startsWith`, `endsWith`,
/// `contains` and `notContains`, which differ in their parameter's name, their code and where the
/// text must or must not be.
///
/// The normalized value and the text compare by Unicode scalars, case-sensitively, with no
/// canonical equivalence: `é` written as one scalar does not start with `e`, and `e` with U+0301
/// does. Both are valid Unicode, so a match of their UTF-8 bytes is a match of whole scalars.
public protocol TextMatchCheck: CheckDescriptor {
    /// The text the value is compared with: the prefix, the suffix or the text.
    var text: String { get }
    /// Creates the check.
    init(text: String)
    /// Whether `value` passes against `text`.
    static func passes(_ value: Substring, _ text: String) -> Bool
}

extension TextMatchCheck {
    public static var basis: CheckBasis { .text }
    public static var boundariesGiveSamples: Bool { true }
    /// The one parameter's name, which the bare value fills: `startsWith: "JP-"`.
    public static var shorthand: String? { parameters[0].name }
    public static var appliesTo: CheckScope { .values([.string]) }
    public static var since: String { "1.3" }

    public init?(parameters: CheckParameters, diagnostics: inout [Diagnostic]) {
        let name = Self.parameters[0].name
        guard let text = parameters.text(name) else { return nil }
        guard !text.isEmpty else {
            diagnostics.append(
                .error(
                    "'\(Self.name)' needs a '\(name)' that is not empty; an empty text "
                        + (Self.passes("", "") ? "passes every value" : "fails every value"),
                    at: parameters.range(of: name)))
            return nil
        }
        self.init(text: text)
    }

    public var arguments: [(name: String, value: ParameterValue)] { [(Self.parameters[0].name, .text(text))] }

    public func summary(of code: CheckCode) -> String { code.summary + " `\(text)`" }

    /// The text alone, at each end of another, amid it, cased otherwise and cut by a scalar at each
    /// end: whatever the check (prefix, suffix, text, or its absence), some pass and some fail. Coverage asks for
    /// none beyond the code's item and a value passing it.
    public var boundaries: [CheckBoundary] {
        let scalars = text.unicodeScalars
        let cut = [scalars.dropLast(), scalars.dropFirst()].map { String(String.UnicodeScalarView($0)) }
        let cased = [ASCIICase.upper(text), ASCIICase.lower(text)]
        return [.witnesses([text, text + "a", "a" + text, "a" + text + "a", text + text, "a"] + cased + cut)]
    }

    func compile(for valueType: ValueType, outcomes: [Outcome]) -> CompiledValueCheck {
        CompiledTextMatch<Self>(text: text, outcome: outcomes[0])
    }
}

private final class CompiledTextMatch<Check: TextMatchCheck>: CompiledValueCheck, @unchecked Sendable {
    let text: String
    let outcome: Outcome

    init(text: String, outcome: Outcome) {
        self.text = text
        self.outcome = outcome
    }

    override func evaluate(_ value: Substring, _ validated: ValidatedValue, context: ValidationContext) -> Miss? {
        Check.passes(value, text) ? nil : Miss(outcome, bound: .text(text))
    }
}

extension Substring {
    /// Whether the UTF-8 bytes of `text` occur in this text's, which for valid Unicode is whether
    /// its scalars occur as a run of this text's scalars.
    func containsScalars(_ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard let first = needle.first else { return true }
        let bytes = utf8
        var start = bytes.startIndex
        while let found = bytes[start...].firstIndex(of: first) {
            if bytes[found...].starts(with: needle) { return true }
            start = bytes.index(after: found)
        }
        return false
    }
}
