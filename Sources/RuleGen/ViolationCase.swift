import RuleCore

/// One case of a generated `Violation` enum: the outcomes it stands for, with the typed bound and
/// value that its message needs, such as `titleTooLong(max: Int)`.
///
/// Outcomes with the same code, messages and bound share a case (two `length` checks renamed to
/// one code); outcomes whose code is shared but whose messages or bound differ get a case each, so
/// that every case renders its own message by identity.
struct ViolationCase {
    /// A parameter of the case, such as `max: Int`: the bound of a kind, or the value.
    struct Parameter {
        let name: String
        /// The bound's kind; `nil` for the value, a `String`.
        let bound: CheckCode.BoundKind?
        /// Whether a number bound is an integer type's, held as `Int` rather than `Decimal`.
        var isWhole = false

        var type: String {
            switch bound {
            case nil: "String"
            case .count?: "Int"
            case .number?: isWhole ? "Int" : "Decimal"
            case .date?: "LocalDate"
            case .text?: "String"
            }
        }
    }

    /// The case's name.
    let name: String
    /// The outcomes it stands for; the first is the one a case builds its violation from.
    let outcomes: [Outcome]
    /// Its parameters: the bound, then the value when a message shows it.
    let parameters: [Parameter]

    var code: String { outcomes[0].code }

    /// The outcomes a validator can report, in order: `required` when `required` says it can
    /// (not for an optional type that no field requires), `invalidFormat` always (JSON of the wrong
    /// kind reaches every type), and each check's codes that its parameters can give (no `tooShort`
    /// of a `length` with only `max`, nor of `min: 1` where `emptyNeverChecked`); `optional(check)`
    /// says whether a list check's field is optional.
    static func reachable(
        _ outcomes: [Outcome], required: Bool, emptyNeverChecked: Bool = false,
        optional: (Check) -> Bool = { _ in false }
    ) -> [Outcome] {
        (required ? [outcomes.required] : []) + [outcomes.format]
            + outcomes.ofChecks.filter { outcome in
                // NB: every outcome after `required` and `invalidFormat` is a check's, a list's included.
                outcome.isReachable(
                    optional: outcome.check.map(optional) ?? false, emptyNeverChecked: emptyNeverChecked)
            }
    }

    /// The cases of `outcomes`, in the order their outcomes come; `valueType` types a number's bound
    /// (`Int` for an integer type's whole bounds, `Decimal` otherwise); `fieldNames` gives a model's
    /// fields' Swift names by key, which name a list's own cases.
    static func cases(
        of outcomes: [Outcome], valueType: ValueType? = nil, fieldNames: [String: String] = [:]
    ) -> [ViolationCase] {
        var groups: [[Outcome]] = []
        for outcome in outcomes {
            if let index = groups.firstIndex(where: { sameCase($0[0], outcome) }) {
                groups[index].append(outcome)
            } else {
                groups.append([outcome])
            }
        }
        // NB: a list's own outcomes are named by their field first (`boxSizesTooManyItems`), so that
        // their names do not hang on which list comes first; they are taken before any other case's.
        func listName(_ outcome: Outcome) -> String? {
            (outcome.check?.descriptor as? ListCheck).map { list in
                let field = fieldNames[list.field] ?? SwiftLiteral.lowerCamelCase(list.field) ?? list.field
                return SwiftLiteral.identifier(field + upperFirst(outcome.code))
            }
        }
        var names = Set(groups.compactMap { listName($0[0]) })
        return groups.map { group in
            let first = group[0]
            // NB: a code shared by cases is told apart by the field it is reported on, then by
            // the built-in code it renames, then by number: `mismatchC`, `badLengthTooLong`, `weak2`.
            let candidates = [
                first.code,
                reportedField(first).map { first.code + upperFirst(SwiftLiteral.lowerCamelCase($0) ?? $0) },
                first.code == first.builtinCode ? nil : first.code + upperFirst(first.builtinCode),
            ].compactMap { $0 }.map(SwiftLiteral.identifier)
            var name = listName(first) ?? candidates.first { !names.contains($0) } ?? candidates[0]
            var suffix = 2
            while listName(first) == nil && names.contains(name) {
                name = candidates[0] + String(suffix)
                suffix += 1
            }
            names.insert(name)
            var parameters: [Parameter] = []
            if let placeholder = first.builtin.placeholder, let kind = first.builtin.boundKind {
                parameters.append(
                    Parameter(name: placeholder, bound: kind, isWhole: kind == .number && isWhole(group, valueType)))
            }
            if showsValue(first) { parameters.append(Parameter(name: "value", bound: nil)) }
            return ViolationCase(name: name, outcomes: group, parameters: parameters)
        }
    }

    /// Whether the number bounds of `outcomes`, of an integer type, are whole, so that a case holds them as `Int`.
    private static func isWhole(_ outcomes: [Outcome], _ valueType: ValueType?) -> Bool {
        guard valueType == .integer else { return false }
        return outcomes.allSatisfy { outcome in
            guard let placeholder = outcome.builtin.placeholder, let check = outcome.check else { return false }
            return check.descriptor.arguments.allSatisfy { argument in
                guard argument.name == placeholder else { return true }
                if case .decimal(let number) = argument.value { return number.exactInteger != nil }
                return false
            }
        }
    }

    private static func sameCase(_ a: Outcome, _ b: Outcome) -> Bool {
        a.code == b.code && a.templates == b.templates && a.builtin.placeholder == b.builtin.placeholder
            && a.builtin.boundKind == b.builtin.boundKind && showsValue(a) == showsValue(b)
            && reportedField(a) == reportedField(b)
    }

    /// The field a check across fields reports `outcome` on.
    static func reportedField(_ outcome: Outcome) -> String? {
        (outcome.check?.descriptor as? any ModelCheckDescriptor)?.reportedField
    }

    /// `name` with its first scalar upper-cased by the pinned case mapping: `tooLong` → `TooLong`,
    /// `écran` → `Écran`; a generated name is the same on every OS release.
    private static func upperFirst(_ name: String) -> String {
        guard let first = name.unicodeScalars.first else { return name }
        return String(PinnedUnicode.uppercase(Substring(String(first)))) + String(name.unicodeScalars.dropFirst())
    }

    /// Whether a message of `outcome` shows the value; `required` never has one to show.
    private static func showsValue(_ outcome: Outcome) -> Bool {
        outcome.builtinCode != RequiredCheck.codes[0].name
            && outcome.templates.byLanguage.values.contains {
                MessageTemplates.placeholderNames(in: $0).contains("value")
            }
    }

    /// `titleTooLong(max: Int)`, or the bare name.
    var declaration: String {
        parameters.isEmpty
            ? name : name + "(" + parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
    }

    /// `.titleTooLong(let max)`, binding every parameter, or `.required`.
    var pattern: String {
        parameters.isEmpty
            ? "." + name : ".\(name)(" + parameters.map { "let \($0.name)" }.joined(separator: ", ") + ")"
    }

    /// `.titleTooLong(max: RuleCoreVersion.bound(of: violation))`: the case built from a violation.
    var construction: String {
        guard !parameters.isEmpty else { return "." + name }
        let arguments = parameters.map { parameter in
            parameter.bound == nil
                ? "value: violation.value ?? \"\"" : "\(parameter.name): RuleCoreVersion.bound(of: violation)"
        }
        return ".\(name)(" + arguments.joined(separator: ", ") + ")"
    }

    /// `.titleTooLong(max: RuleCoreVersion.bound(bound))`: a value object's case built from its
    /// outcome, the bound and the value.
    var outcomeConstruction: String {
        guard !parameters.isEmpty else { return "." + name }
        let arguments = parameters.map { parameter in
            parameter.bound == nil ? "value: value()" : "\(parameter.name): RuleCoreVersion.bound(bound)"
        }
        return ".\(name)(" + arguments.joined(separator: ", ") + ")"
    }

    /// The arguments after the outcome's index when the case builds its RuleCore violation.
    var violationArguments: String {
        // NB: a bound kind's name is the name of its case of `Bound`: `.count(max)`.
        parameters.map { parameter in
            switch parameter.bound {
            case nil: ", value: value"
            case .number?: ", bound: RuleCoreVersion.number(\(parameter.name))"
            case let kind?: ", bound: .\(kind.rawValue)(\(parameter.name))"
            }
        }.joined()
    }
}

extension ViolationCase {
    /// The case's doc comment: what failed, and which check says so where; one line per outcome.
    func documentation(valueType: ValueType?, names: SourceNames) -> String {
        outcomes.map { outcome in
            if outcome.isServerOnly {
                let message = outcome.templates.byLanguage["en"].map { ": “\($0)”" } ?? ""
                return "Reported by a server only (`serverCodes:`), never by the rules' checks\(message)."
            }
            guard let check = outcome.check else {
                let what = Self.describe(outcome, valueType: valueType)
                return ASCIICase.upperFirst(what) + "."
            }
            return "`\(check.name)`" + (names.location(check.range).map { " at `\($0)`" } ?? "") + ": "
                + check.descriptor.summary(of: outcome.builtin) + "."
        }.joined(separator: "\n")
    }

    /// What an outcome that no check declares means: `required` or `invalidFormat`.
    private static func describe(_ outcome: Outcome, valueType: ValueType?) -> String {
        guard outcome.builtinCode == ValueFormat.code.name else {
            return valueType == nil
                ? "no record, where a model's field holds this model" : "absent, or empty after normalization"
        }
        switch valueType {
        case nil: return "not a record of fields"
        case .string?: return "not text, such as a record where a model's field expects text"
        case .integer?: return "not a whole number written in ASCII digits, within 64 bits"
        case .decimal?: return "not a decimal number written as digits with an optional sign and point"
        case .date?: return "not a date written as `YYYY-MM-DD`"
        case .boolean?: return "neither `true` nor `false`"
        }
    }
}
