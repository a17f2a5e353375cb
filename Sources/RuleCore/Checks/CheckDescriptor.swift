/// What a check says about itself: its YAML name and parameters, the values it applies to, the
/// codes it reports with their bounds and built-in messages.
///
/// Every consumer is driven by the list of descriptors (``CheckDescriptors/all``) rather than by
/// a `switch` on names: the loader reads ``parameters``, the compiler checks ``appliesTo``, the
/// message table and the generated violation cases come from ``codes``. A check is one file in
/// `Sources/RuleCore/Checks/`; `CONTRIBUTING.md` lists the steps for a new one.
///
/// A conforming type holds the check's parameters as declared, and its memberwise initializer
/// takes them in the order of ``parameters``, with the same labels, so that generated code can
/// spell a check as `LengthCheck(min: 1, max: 20)`.
public protocol CheckDescriptor: Hashable, Sendable {
    /// The name in rule files, such as `length`.
    static var name: String { get }
    /// The parameter that a value which is not a mapping fills: `pattern: '[a-z]+'` is `regex`.
    static var shorthand: String? { get }
    /// The parameters besides `code` and `message`, in the order they are written.
    static var parameters: [ParameterSpec] { get }
    /// What the check applies to: values of some value types, or a model's fields.
    static var appliesTo: CheckScope { get }
    /// The codes the check can report when `code:` renames none, in the order it reports them.
    static var codes: [CheckCode] { get }
    /// Whether the check runs after every other check of its type, as patterns run after the
    /// lengths that bound their work.
    static var runsLast: Bool { get }
    /// The format version that added the check, as `rulecheck:` writes it: a file declaring an
    /// earlier one cannot use it (``FileFormat/versions``).
    static var since: String { get }
    /// What the check's verdict turns on, by which coverage, `suggest`, `diff`, lint, mutation and
    /// the export treat it where they do not handle it by name. No default: each check says its own.
    static var basis: CheckBasis { get }

    /// The check from parameters the loader read by ``parameters``; `nil`, with a diagnostic
    /// appended, when they make no sense together (`min` above `max`).
    init?(parameters: CheckParameters, diagnostics: inout [Diagnostic])

    /// The parameters as declared, in the order of ``parameters``, for generators and exporters;
    /// a parameter left to its default is given when ``ParameterSpec/defaultValue`` says so.
    var arguments: [(name: String, value: ParameterValue)] { get }

    /// One sentence fragment saying what fails when the check reports `code`, for generated
    /// documentation: "longer than `max` characters".
    func summary(of code: CheckCode) -> String

    /// The codes this check compiles an outcome for, in the order of ``codes``: all of them, but
    /// for a check whose later parameters added codes, which it leaves out when none of those is
    /// given (`range` without `greaterThan` and `lessThan` has two), so that a type's outcomes, and
    /// the indices that files generated before the addition hold, stay as they were.
    var compiledCodes: [CheckCode] { get }

    /// Where the check's verdict flips, for coverage, `suggest` and `diff` alike; empty for a check
    /// whose edges no parameter names (`email`: fixed samples and the suite's values find them).
    /// No default: each check says its own.
    var boundaries: [CheckBoundary] { get }

    /// Whether the check's ``boundaries`` give values of their own (``CheckBoundary/samples(in:)``),
    /// which `suggest` and `diff` try as candidates (RuleTooling's `CandidateSearch`); by default,
    /// the checks on ``CheckBasis/bounds``. A check of another basis whose boundaries draw
    /// witnesses says so.
    static var boundariesGiveSamples: Bool { get }
}

extension CheckDescriptor {
    public static var shorthand: String? { nil }
    public static var runsLast: Bool { false }
    public static var since: String { "1" }
    public static var boundariesGiveSamples: Bool { basis == .bounds }

    public func summary(of code: CheckCode) -> String { code.summary }

    public var compiledCodes: [CheckCode] { Self.codes }

    /// The check's name in rule files.
    public var name: String { Self.name }
}

/// A check across the fields of a model.
public protocol ModelCheckDescriptor: CheckDescriptor {
    /// The fields it names, which must be the model's.
    var fields: [String] { get }
    /// The field its violations are reported on.
    var reportedField: String { get }

    /// What makes no sense given what the named fields hold (`ascending` over text), one message
    /// each, which the compiler reports at the check; `fields` has an entry for each known field.
    func mistakes(given fields: [String: FieldContent]) -> [String]
}

extension ModelCheckDescriptor {
    public func mistakes(given fields: [String: FieldContent]) -> [String] { [] }
}

/// What a model's field holds, as a check across fields sees it.
public enum FieldContent: Hashable, Sendable, CustomStringConvertible {
    /// A value of a type of this value type.
    case value(ValueType)
    /// A model's record.
    case record
    /// A list of items.
    case list

    /// `a date`, `an integer`, `a record`: how a diagnostic names it.
    public var description: String {
        switch self {
        case .value(let type): (type == .integer ? "an " : "a ") + type.rawValue
        case .record: "a record"
        case .list: "a list"
        }
    }
}

/// What a check applies to.
public enum CheckScope: Hashable, Sendable {
    /// Values of these types.
    case values(Set<ValueType>)
    /// The fields of a model.
    case model

    /// Whether a check with this scope applies to a value of `type`.
    public func applies(to type: ValueType) -> Bool {
        if case .values(let types) = self { types.contains(type) } else { false }
    }
}

/// Every check, in the order "did you mean" prefers them: the one list that consumers iterate.
public enum CheckDescriptors {
    /// Every check's descriptor type.
    public static let all: [any CheckDescriptor.Type] = [
        RequiredCheck.self, LengthCheck.self, EmailCheck.self, PatternCheck.self, OneOfCheck.self, RangeCheck.self,
        NotBeforeCheck.self, NotAfterCheck.self, EqualCheck.self, UUIDCheck.self, URLCheck.self,
        NotEqualCheck.self, AscendingCheck.self, RequiredIfCheck.self, StartsWithCheck.self, EndsWithCheck.self,
        ContainsCheck.self, NotContainsCheck.self, NotOneOfCheck.self, DecimalsCheck.self, PrintableCheck.self,
        HostnameCheck.self, IPCheck.self,
    ]

    /// The checks of a family, such as the text checks (`{ $0 is any TextMatchCheck.Type }`), each
    /// with `reason`: a consumer that treats a family alike opts out of its members without naming
    /// each, so that a new member costs it no edit.
    public static func family(
        _ isMember: (any CheckDescriptor.Type) -> Bool, _ reason: String
    ) -> [String: String] {
        Dictionary(uniqueKeysWithValues: all.filter(isMember).map { ($0.name, reason) })
    }

    /// Every check's name, for "did you mean".
    public static let allNames = all.map { $0.name }

    /// The descriptor named `name` in rule files.
    public static func named(_ name: String) -> (any CheckDescriptor.Type)? {
        all.first { $0.name == name }
    }
}

/// One code a check can report: its name, the bound it carries, what fails, and its built-in messages.
public struct CheckCode: Hashable, Sendable {
    /// The kind of bound a code carries, and its Swift type.
    public enum BoundKind: String, Hashable, Sendable {
        /// A length or a count, an `Int`.
        case count
        /// A number: `Decimal` in generated code, or `Int` where an integer type's bounds are whole.
        case number
        /// A date, a ``LocalDate``.
        case date
        /// A text, a `String`: the prefix, suffix or text a value must have (format 1.3).
        case text

        /// The Swift type of the bound, as generated code spells it.
        public var swiftType: String {
            switch self {
            case .count: "Int"
            case .number: "Decimal"
            case .date: "LocalDate"
            case .text: "String"
            }
        }
    }

    /// The default code, such as `tooShort`.
    public let name: String
    /// The placeholder that shows the bound (`min` or `max`), if the code carries one.
    public let placeholder: String?
    /// The kind of the bound, if the code carries one.
    public let boundKind: BoundKind?
    /// What fails, as a sentence fragment for generated documentation: "shorter than `min`".
    public let summary: String
    /// The built-in templates by language, `en` and `ja`.
    public let messages: [String: String]

    /// A code with no bound.
    public init(_ name: String, summary: String, en: String, ja: String) {
        self.init(name, placeholder: nil, boundKind: nil, summary: summary, messages: ["en": en, "ja": ja])
    }

    /// A code that carries a lower bound, `{min}`.
    public static func min(
        _ name: String, _ kind: BoundKind, summary: String, en: String, ja: String
    ) -> CheckCode {
        CheckCode(name, placeholder: "min", boundKind: kind, summary: summary, messages: ["en": en, "ja": ja])
    }

    /// A code that carries an upper bound, `{max}`.
    public static func max(
        _ name: String, _ kind: BoundKind, summary: String, en: String, ja: String
    ) -> CheckCode {
        CheckCode(name, placeholder: "max", boundKind: kind, summary: summary, messages: ["en": en, "ja": ja])
    }

    /// A code that carries a bound of `kind` under its parameter's name, such as `{greaterThan}`.
    public static func bound(
        _ name: String, _ placeholder: String, _ kind: BoundKind, summary: String, en: String, ja: String
    ) -> CheckCode {
        CheckCode(name, placeholder: placeholder, boundKind: kind, summary: summary, messages: ["en": en, "ja": ja])
    }

    /// A code that carries a text parameter under its own name, such as `{prefix}`.
    public static func text(
        _ name: String, _ placeholder: String, summary: String, en: String, ja: String
    ) -> CheckCode {
        CheckCode(name, placeholder: placeholder, boundKind: .text, summary: summary, messages: ["en": en, "ja": ja])
    }

    /// A code of `serverCodes:`: no bound, no built-in message; it stands for itself.
    public static func serverOnly(_ name: String) -> CheckCode {
        CheckCode(name, placeholder: nil, boundKind: nil, summary: "Reported by a server only.", messages: [:])
    }

    init(_ name: String, placeholder: String?, boundKind: BoundKind?, summary: String, messages: [String: String]) {
        self.name = name
        self.placeholder = placeholder
        self.boundKind = boundKind
        self.summary = summary
        self.messages = messages
    }

    /// The placeholders a message of this code can fill: its bound's, then `value`.
    public var placeholders: [String] {
        (placeholder.map { [$0] } ?? []) + ["value"]
    }
}
