import Foundation
public import RuleCore
import RuleSpec
import RuleTooling

/// Compares two rule sets by meaning: for every type and model declared in either, what changed as
/// written, and values that flip, each validated by both compiled rule sets.
public struct RuleDiffer: Sendable {
    public let old: RuleSource
    public let new: RuleSource
    public let context: ValidationContext
    public let today: LocalDate
    /// The most witnesses a change lists of each kind.
    public var witnessesPerKind = 3

    public init(old: RuleSource, new: RuleSource, today: LocalDate) {
        self.old = old
        self.new = new
        self.today = today
        self.context = ValidationContext(today: today)
    }

    /// The candidates' search over both sides.
    var search: CandidateSearch { CandidateSearch(old: old.rules, new: new.rules, context: context) }

    public func diff() -> DiffReport {
        var changes: [Change] = []
        let oldTypes = Dictionary(old.rules.types.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let newTypes = Dictionary(new.rules.types.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let oldModels = Dictionary(old.rules.models.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let newModels = Dictionary(new.rules.models.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for type in new.rules.types {
            guard let before = oldTypes[type.name] else {
                changes.append(added(type.name, "type", location(type.declaration.range, new)))
                continue
            }
            if let change = compare(type: before, type) { changes.append(change) }
        }
        for type in old.rules.types where newTypes[type.name] == nil {
            changes.append(removed(type.name, "type", location(type.declaration.range, old)))
        }
        for model in new.rules.models {
            guard let before = oldModels[model.name] else {
                changes.append(added(model.name, "model", location(model.range, new)))
                continue
            }
            changes += compare(model: before, model)
        }
        for model in old.rules.models where newModels[model.name] == nil {
            changes.append(removed(model.name, "model", location(model.range, old)))
        }
        changes += customCheckChanges()
        return DiffReport(old: old.spelling, new: new.spelling, today: today, changes: changes)
    }

    /// The custom checks declared on one side only, or declared differently: their verdicts are their
    /// implementations', which no rule file holds, so no witness is searched or claimed.
    private func customCheckChanges() -> [Change] {
        let kind = "custom check"
        let before = Dictionary(old.rules.customChecks.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let after = Dictionary(new.rules.customChecks.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var changes: [Change] = []
        for declaration in new.rules.customChecks {
            guard let was = before[declaration.name] else {
                changes.append(added(declaration.name, kind, location(declaration.range, new)))
                continue
            }
            var details: [String] = []
            if was.applies != declaration.applies {
                details.append("applies: \(was.applies.rawValue) → \(declaration.applies.rawValue)")
            }
            if was.code != declaration.code { details.append("code: \(was.code) → \(declaration.code)") }
            if was.summary != declaration.summary {
                details.append("description: '\(was.summary)' → '\(declaration.summary)'")
            }
            guard !details.isEmpty else { continue }
            changes.append(
                Change(
                    name: declaration.name, kind: kind, changeClass: .noWitness,
                    oldLocation: location(was.range, old), newLocation: location(declaration.range, new),
                    details: details + [Self.customVerdicts], witnesses: [], searched: 0))
        }
        for declaration in old.rules.customChecks where after[declaration.name] == nil {
            changes.append(removed(declaration.name, kind, location(declaration.range, old)))
        }
        return changes
    }

    /// What a change of a custom check cannot say.
    static let customVerdicts = "its verdicts are its implementation's: no witness is searched for it"

    private func added(_ name: String, _ kind: String, _ location: String?) -> Change {
        Change(
            name: name, kind: kind, changeClass: .added, oldLocation: nil, newLocation: location,
            details: ["declared in NEW only"], witnesses: [], searched: 0)
    }

    private func removed(_ name: String, _ kind: String, _ location: String?) -> Change {
        Change(
            name: name, kind: kind, changeClass: .removed, oldLocation: location, newLocation: nil,
            details: ["declared in OLD only: every value sent for it is refused or ignored"], witnesses: [],
            searched: 0)
    }

    private func location(_ range: SourceRange?, _ side: RuleSource) -> String? {
        range.map { "\(side.displayName($0.start.file)):\($0.start.line)" }
    }

    // MARK: Types

    private func compare(type before: ResolvedType, _ after: ResolvedType) -> Change? {
        var details = typeDetails(before, after)
        let sameRest =
            before.valueType == after.valueType && before.normalizers == after.normalizers
            && before.isOptional == after.isOptional
        var sameMeaning = sameRest && sameMultiset(before.checks.map(\.descriptor), after.checks.map(\.descriptor))
        var sameCodes =
            sameMeaning && before.codes.sorted() == after.codes.sorted() && sameCheckCodes(before.checks, after.checks)
            && before.serverCodes == after.serverCodes
        // NB: patterns that differ as written are compared by their automata: a string that flips, or a proof.
        var automatonWitnesses: [String] = []
        let gone = unmatchedDescriptors(before.checks, after.checks)
        let came = unmatchedDescriptors(after.checks, before.checks)
        for was in gone.prefix(3) {
            for now in came.prefix(3) {
                guard let a = was.descriptor as? PatternCheck, let b = now.descriptor as? PatternCheck else { continue }
                switch PatternEquivalence.compare(a.regex.source, b.regex.source) {
                case .equal where gone.count == 1 && came.count == 1:
                    details.append(
                        "pattern: '\(a.regex.source)' and '\(b.regex.source)' match the same strings (their automata compared)"
                    )
                    if sameRest {
                        sameMeaning = true
                        sameCodes =
                            before.codes.sorted() == after.codes.sorted() && was.codes == now.codes
                            && sameCheckCodes(before.checks.filter { $0 != was }, after.checks.filter { $0 != now })
                            && before.serverCodes == after.serverCodes
                    }
                case .differ(let text):
                    // NB: the pinned case mapping, the one the normalizers use, so that a witness is the same on every OS release.
                    automatonWitnesses += [
                        text, " \(text) ", String(PinnedUnicode.uppercase(text[...])),
                        String(PinnedUnicode.lowercase(text[...])),
                    ]
                default:
                    break
                }
            }
        }
        let sameMessages =
            before.messages == after.messages
            && before.checks.map(\.messages) == after.checks.map(\.messages)
            && before.isSensitive == after.isSensitive
        let sameOrder = before.checks.map(stripped) == after.checks.map(stripped)
        if sameCodes && sameMessages && sameOrder && before.declaration.summary == after.declaration.summary
            && before.declaration.base == after.declaration.base.withoutRange(before.declaration.base)
        {
            return nil
        }
        var seen: Set<String?> = []
        let candidates = (automatonWitnesses + search.texts(for: [before, after]))
            .filter { seen.insert($0).inserted }
        guard let oldValidator = old.rules.validator(named: before.name),
            let newValidator = new.rules.validator(named: after.name)
        else { return nil }
        let inputs = candidates.map { $0.map(ValidationInput.text) ?? .absent }
        var (found, witnesses) = search(inputs, oldValidator, newValidator)
        if found.isEmpty && !sameMeaning {
            // NB: nothing flipped among the candidates; say so, never claim equality.
            found = [.noWitness]
        }
        let classes = changeClasses(
            found, sameCodes: sameCodes, sameMessages: sameMessages,
            renamed: renamedCodes(before.checks, after.checks) || before.serverCodes != after.serverCodes)
        witnesses = Self.relevant(witnesses, classes)
        return Change(
            name: after.name, kind: "type", changeClass: classes[0],
            oldLocation: location(before.declaration.range, old), newLocation: location(after.declaration.range, new),
            details: details, witnesses: witnesses, searched: inputs.count, also: Array(classes.dropFirst()))
    }

    private func typeDetails(_ before: ResolvedType, _ after: ResolvedType) -> [String] {
        var details: [String] = []
        if before.valueType != after.valueType { details.append("type: \(before.valueType) → \(after.valueType)") }
        if before.normalizers != after.normalizers {
            details.append(
                "normalize: [\(before.normalizers.map(\.rawValue).joined(separator: ", "))] → "
                    + "[\(after.normalizers.map(\.rawValue).joined(separator: ", "))]")
        }
        if before.isOptional != after.isOptional {
            details.append("optional: \(before.isOptional) → \(after.isOptional)")
        }
        if before.isSensitive != after.isSensitive {
            details.append("sensitive: \(before.isSensitive) → \(after.isSensitive)")
        }
        details += checkDetails(before.checks, after.checks)
        details += serverCodeDetails(before.serverCodes, after.serverCodes)
        if before.messages != after.messages { details.append("messages changed") }
        // NB: a bound relative to today moves with it; the verdict is the one for the day given.
        let bounds = (before.checks + after.checks).compactMap { check -> DateBound? in
            (check.descriptor as? NotBeforeCheck)?.date ?? (check.descriptor as? NotAfterCheck)?.date
        }
        if bounds.contains(where: \.isRelative),
            !sameMultiset(before.checks.map(\.descriptor), after.checks.map(\.descriptor))
        {
            details.append("date bounds relative to today: the verdict is for today \(today)")
        }
        return details
    }

    /// `serverCodes: [emailTaken] → [emailTaken, emailBlocked]`: no verdict moves, but an app's
    /// generated cases and a server's calls do.
    private func serverCodeDetails(_ before: [String], _ after: [String]) -> [String] {
        guard before != after else { return [] }
        return ["serverCodes: [\(before.joined(separator: ", "))] → [\(after.joined(separator: ", "))]"]
    }

    private func checkDetails(_ before: [Check], _ after: [Check]) -> [String] {
        var details: [String] = []
        var unmatched = after
        var gone: [Check] = []
        for check in before {
            if let index = unmatched.firstIndex(where: { AnyHashable($0.descriptor) == AnyHashable(check.descriptor) })
            {
                let other = unmatched.remove(at: index)
                if other.codes != check.codes {
                    details.append("\(check.name): codes \(codes(check)) → \(codes(other))" + at(check, other))
                }
                if other.messages != check.messages {
                    details.append("\(check.name): message changed" + at(check, other))
                }
            } else {
                gone.append(check)
            }
        }
        for check in gone {
            if check.custom != nil, let index = unmatched.firstIndex(where: { $0.name == check.name }) {
                unmatched.remove(at: index)
                details.append("custom check '\(check.name)' changed; " + Self.customVerdicts + at(check, nil))
            } else if let index = unmatched.firstIndex(where: { $0.name == check.name }) {
                let other = unmatched.remove(at: index)
                details.append("\(check.name): \(arguments(check)) → \(arguments(other))" + at(check, other))
            } else {
                let removed =
                    check.custom == nil
                    ? "\(check.name) removed: \(arguments(check))"
                    : "custom check '\(check.name)' removed"
                details.append(removed + at(check, nil))
            }
        }
        for check in unmatched {
            let added =
                check.custom == nil
                ? "\(check.name) added: \(arguments(check))"
                : "custom check '\(check.name)' added; " + Self.customVerdicts
            details.append(added + at(nil, check))
        }
        if details.isEmpty && before.map(stripped) != after.map(stripped) { details.append("checks reordered") }
        return details
    }

    /// Where a check is written on each side: ` (OLD rules/a.yaml:5, NEW rules/a.yaml:5)`.
    private func at(_ before: Check?, _ after: Check?) -> String {
        let places = [
            before.flatMap { location($0.range, old) }.map { "OLD \($0)" },
            after.flatMap { location($0.range, new) }.map { "NEW \($0)" },
        ].compactMap { $0 }
        return places.isEmpty ? "" : " (" + places.joined(separator: ", ") + ")"
    }

    private func codes(_ check: Check) -> String {
        check.codes.isEmpty
            ? "default" : check.codes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }

    private func arguments(_ check: Check) -> String {
        let defaults = Dictionary(
            type(of: check.descriptor).parameters.compactMap { spec in spec.defaultValue.map { (spec.name, $0) } },
            uniquingKeysWith: { a, _ in a })
        return check.descriptor.arguments.filter { defaults[$0.name] != $0.value }
            .map { "\($0.name) \(Self.text($0.value))" }.joined(separator: ", ")
    }

    static func text(_ value: ParameterValue) -> String {
        switch value {
        case .integer(let number): "\(number)"
        case .decimal(let number): number.description
        case .boolean(let flag): "\(flag)"
        case .text(let text): text
        case .texts(let texts): "[" + texts.joined(separator: ", ") + "]"
        case .date(let bound): bound.description
        case .pattern(let pattern): "'\(pattern.source)'"
        }
    }

    // MARK: Models

    /// A change per field whose declaration changed (`Model.field`), each searched by varying that
    /// field, then the model's own change (its checks, messages, order), if any.
    private func compare(model before: ModelRule, _ after: ModelRule) -> [Change] {
        guard let oldValidator = old.rules.validator(named: before.name),
            let newValidator = new.rules.validator(named: after.name)
        else { return [] }
        var changes: [Change] = []
        let oldFields = Dictionary(before.fields.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let newFields = Dictionary(after.fields.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        // NB: a witness every field of which both sides declare runs as a spec case on either.
        let (newTypes, oldTypes) = (Self.fieldTypes(new.rules), Self.fieldTypes(old.rules))
        let writable = { (input: ValidationInput) in
            guard Self.declared(input, in: after.name, newTypes) else { return 2 }
            return Self.declared(input, in: before.name, oldTypes) ? 0 : 1
        }
        func fieldChange(_ name: String, _ details: [String], _ was: ModelRule.Field?, _ now: ModelRule.Field?) {
            let inputs = search.records(before, after, varying: [name])
            let (found, witnesses) = search(inputs, oldValidator, newValidator, writable: writable)
            let changeClass = found.isEmpty ? ChangeClass.noWitness : classify(found)
            changes.append(
                Change(
                    name: "\(after.name).\(name)", kind: "field", changeClass: changeClass,
                    oldLocation: location(was?.range, old), newLocation: location(now?.range, new), details: details,
                    witnesses: Self.relevant(witnesses, [changeClass]), searched: inputs.count))
        }
        for field in after.fields {
            guard let was = oldFields[field.name] else {
                fieldChange(field.name, ["field added (\(field.typeName))"], nil, field)
                continue
            }
            var details: [String] = []
            if was.typeName != field.typeName { details.append("type: \(was.typeName) → \(field.typeName)") }
            if was.optional != field.optional {
                details.append("optional: \(show(was.optional)) → \(show(field.optional))")
            }
            if was.list != field.list { details.append("\(listText(was.list)) → \(listText(field.list))") }
            if !details.isEmpty { fieldChange(field.name, details, was, field) }
        }
        for field in before.fields where newFields[field.name] == nil {
            fieldChange(field.name, ["field removed (\(field.typeName))"], field, nil)
        }
        let sameMeaning = sameMultiset(before.checks.map(\.descriptor), after.checks.map(\.descriptor))
        let details =
            checkDetails(before.checks, after.checks) + serverCodeDetails(before.serverCodes, after.serverCodes)
            + (before.resolvedMessages != after.resolvedMessages ? ["messages changed"] : [])
        let sameCodes =
            sameMeaning && sameCheckCodes(before.checks, after.checks) && before.serverCodes == after.serverCodes
        let sameMessages =
            before.resolvedMessages == after.resolvedMessages
            && before.checks.map(\.messages) == after.checks.map(\.messages)
        // NB: a field added or removed is its own change; the model's order is that of the fields both declare.
        let common = Set(before.fields.map(\.name)).intersection(after.fields.map(\.name))
        let fieldsReordered =
            before.fields.map(\.name).filter(common.contains) != after.fields.map(\.name).filter(common.contains)
        let sameOrder = before.checks.map(stripped) == after.checks.map(stripped) && !fieldsReordered
        let sensitive = { (model: ModelRule) in model.fields.filter { common.contains($0.name) }.map(\.sensitive) }
        if sameCodes && sameMessages && sameOrder && before.summary == after.summary
            && sensitive(before) == sensitive(after)
        {
            return changes
        }
        // NB: vary the fields the changed checks name, so that a witness shows this change, not a field's.
        var touched: Set<String> = []
        for check in unmatched(before.checks, after.checks) + unmatched(after.checks, before.checks) {
            if let across = check.descriptor as? any ModelCheckDescriptor { touched.formUnion(across.fields) }
        }
        let inputs = sameMeaning && sameCodes ? [] : search.records(before, after, varying: touched)
        var (found, witnesses) = search(inputs, oldValidator, newValidator, writable: writable)
        if found.isEmpty && !sameMeaning { found = [.noWitness] }
        let classes = changeClasses(
            found, sameCodes: sameCodes, sameMessages: sameMessages,
            renamed: renamedCodes(before.checks, after.checks) || before.serverCodes != after.serverCodes)
        witnesses = Self.relevant(witnesses, classes)
        changes.append(
            Change(
                name: after.name, kind: "model", changeClass: classes[0], oldLocation: location(before.range, old),
                newLocation: location(after.range, new),
                details: details + (fieldsReordered ? ["fields reordered"] : []),
                witnesses: witnesses, searched: inputs.count, also: Array(classes.dropFirst())))
        return changes
    }

    /// Each model's fields' types by name, for ``declared(_:in:_:)``.
    static func fieldTypes(_ rules: RuleSet) -> [String: [String: String]] {
        var models: [String: [String: String]] = [:]
        for model in rules.models {
            models[model.name] = Dictionary(
                model.fields.map { ($0.name, $0.typeName) }, uniquingKeysWith: { a, _ in a })
        }
        return models
    }

    /// Whether `input` names only fields that `models` (``fieldTypes(_:)``) declares, in `model` and
    /// in the models of its fields, so that a spec case for those rules can hold it.
    static func declared(_ input: ValidationInput, in model: String, _ models: [String: [String: String]]) -> Bool {
        guard let fieldTypes = models[model], case .record(let fields) = input else { return true }
        for (name, value) in fields {
            guard let typeName = fieldTypes[name] else { return false }
            let items: [ValidationInput] = if case .list(let items) = value { items } else { [value] }
            if !items.allSatisfy({ declared($0, in: typeName, models) }) { return false }
        }
        return true
    }

    private func show(_ optional: Bool?) -> String { optional.map { "\($0)" } ?? "as its type says" }

    private func listText(_ list: ListCheck?) -> String {
        guard let list else { return "not a list" }
        var parts: [String] = []
        if let min = list.minItems { parts.append("minItems \(min)") }
        if let max = list.maxItems { parts.append("maxItems \(max)") }
        if list.unique { parts.append("unique") }
        return "list" + (parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")")
    }

    // MARK: Search

    /// Validates every input with both rule sets; the kinds of flips found and a few witnesses of each.
    /// Witnesses are chosen by `rank`, lowest first: 0 for a record every field of which both
    /// sides declare, 1 for one NEW declares, 2 for one that names a field NEW does not declare,
    /// which a spec case for NEW cannot hold and is kept only for a kind that has no other.
    private func search(
        _ inputs: [ValidationInput], _ before: Validator, _ after: Validator,
        writable rank: (ValidationInput) -> Int = { _ in 0 }
    ) -> (Set<ChangeClass>, [Witness]) {
        var found: Set<ChangeClass> = []
        var byRank: [[Witness]] = [[], [], []]
        var counts: [[ChangeClass: Int]] = [[:], [:], [:]]
        for input in inputs {
            let was = before.validate(input, context: context)
            let now = after.validate(input, context: context)
            let kind: ChangeClass
            switch (was, now) {
            case (.valid(let a), .valid(let b)):
                // NB: compared scalar by scalar: "é" and "e\u{301}" are other values, which String's == calls equal.
                guard !Self.identical(a, b) else { continue }
                kind = .normalized
            case (.valid, .invalid): kind = .tightened
            case (.invalid, .valid): kind = .loosened
            case (.invalid(let a), .invalid(let b)):
                guard codes(a) != codes(b) else { continue }
                kind = .codesRenamed
            }
            found.insert(kind)
            // NB: the rank only while a witness of the first rank is still wanted.
            guard counts[0][kind, default: 0] < witnessesPerKind else { continue }
            let level = rank(input)
            guard counts[level][kind, default: 0] < witnessesPerKind else { continue }
            counts[level][kind, default: 0] += 1
            byRank[level].append(
                Witness(
                    input: Self.yaml(input), old: verdict(was), new: verdict(now), kind: kind,
                    expectation: level == 2 ? "" : Self.expectation(now)))
        }
        var witnesses: [Witness] = []
        for kind in ChangeClass.allCases {
            let writable = (byRank[0] + byRank[1]).filter { $0.kind == kind }.prefix(witnessesPerKind)
            witnesses += writable.isEmpty ? Array(byRank[2].filter { $0.kind == kind }.prefix(1)) : Array(writable)
        }
        return (found, witnesses)
    }

    /// Whether two validated values are the same, text scalar for scalar: "é" and "e\u{301}" are
    /// other values, which String's == calls equal.
    static func identical(_ a: ValidatedValue?, _ b: ValidatedValue?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (.string(let x)?, .string(let y)?): x.utf8.elementsEqual(y.utf8)
        case (.record(let x)?, .record(let y)?):
            x.count == y.count && x.allSatisfy { key, value in y[key].map { identical(value, $0) } ?? false }
        case (.list(let x)?, .list(let y)?): x.count == y.count && zip(x, y).allSatisfy { identical($0, $1) }
        case (let x?, let y?): x == y
        default: false
        }
    }

    /// The witnesses that show the classes: flips of acceptance for a tightening or loosening,
    /// other normalized values, other codes.
    static func relevant(_ witnesses: [Witness], _ classes: [ChangeClass]) -> [Witness] {
        var kinds: Set<ChangeClass> = []
        for changeClass in classes {
            switch changeClass {
            case .tightened, .loosened, .both: kinds.formUnion([.tightened, .loosened])
            case .normalized, .codesRenamed: kinds.insert(changeClass)
            case .messagesOnly, .unchanged, .noWitness, .added, .removed: break
            }
        }
        return witnesses.filter { kinds.contains($0.kind) }
    }

    private func classify(_ found: Set<ChangeClass>) -> ChangeClass {
        if found.contains(.tightened) && found.contains(.loosened) { return .both }
        if found.contains(.tightened) { return .tightened }
        if found.contains(.loosened) { return .loosened }
        if found.contains(.normalized) { return .normalized }
        if found.contains(.codesRenamed) { return .codesRenamed }
        return .noWitness
    }

    private func codes(_ violations: Violations) -> [String] {
        violations.map { ($0.path + [$0.code]).joined(separator: ".") }.sorted()
    }

    /// A result as a spec case's expectation.
    static func expectation(_ result: ValidationResult) -> String {
        switch result {
        case .valid(let value?) where !(value.isRecord): "out: \(yaml(value))"
        case .valid: "valid: true"
        case .invalid(let violations):
            if violations.allSatisfy(\.path.isEmpty) {
                "errors: [" + violations.map(\.code).joined(separator: ", ") + "]"
            } else {
                "errors: {"
                    + Dictionary(grouping: violations) { $0.path.joined(separator: ".") }
                    .sorted { $0.key < $1.key }
                    .map { "\(SpecCase.visiblyQuoted($0.key)): [\($0.value.map(\.code).joined(separator: ", "))]" }
                    .joined(separator: ", ") + "}"
            }
        }
    }

    func verdict(_ result: ValidationResult) -> String {
        switch result {
        case .valid(.record): "valid"
        case .valid(let value?): "valid → \(Self.yaml(value))"
        case .valid(nil): "valid"
        case .invalid(let violations):
            "["
                + violations.map { ($0.path.isEmpty ? "" : $0.path.joined(separator: ".") + ": ") + $0.code }
                .joined(separator: ", ") + "]"
        }
    }

    /// The checks of `a` that no check of `b` matches by meaning.
    private func unmatchedDescriptors(_ a: [Check], _ b: [Check]) -> [Check] {
        var rest = b
        return a.filter { check in
            guard let index = rest.firstIndex(where: { AnyHashable($0.descriptor) == AnyHashable(check.descriptor) })
            else { return true }
            rest.remove(at: index)
            return false
        }
    }

    /// The checks of `a` that no check of `b` matches by meaning and codes.
    private func unmatched(_ a: [Check], _ b: [Check]) -> [Check] {
        var rest = b
        return a.filter { check in
            guard
                let index = rest.firstIndex(where: {
                    AnyHashable($0.descriptor) == AnyHashable(check.descriptor) && $0.codes == check.codes
                })
            else { return true }
            rest.remove(at: index)
            return false
        }
    }

    private func sameMultiset(_ a: [any CheckDescriptor], _ b: [any CheckDescriptor]) -> Bool {
        guard a.count == b.count else { return false }
        var rest = b.map { AnyHashable($0) }
        for item in a {
            guard let index = rest.firstIndex(of: AnyHashable(item)) else { return false }
            rest.remove(at: index)
        }
        return true
    }

    /// Whether checks that match by meaning also report the same codes.
    private func sameCheckCodes(_ a: [Check], _ b: [Check]) -> Bool {
        var rest = b
        for check in a {
            guard let index = rest.firstIndex(where: { AnyHashable($0.descriptor) == AnyHashable(check.descriptor) })
            else { return false }
            if rest[index].codes != check.codes { return false }
            rest.remove(at: index)
        }
        return true
    }

    private func stripped(_ check: Check) -> Check {
        var check = check
        check.range = nil
        return check
    }

    /// The classes of a change, the first the main one: what flipped, if anything, and codes
    /// renamed as written besides; else renamed codes, else changed messages, else none.
    private func changeClasses(
        _ found: Set<ChangeClass>, sameCodes: Bool, sameMessages: Bool, renamed: Bool
    ) -> [ChangeClass] {
        if !found.isEmpty {
            let main = classify(found)
            return renamed && main != .codesRenamed && main != .noWitness ? [main, .codesRenamed] : [main]
        }
        if !sameCodes { return [.codesRenamed] }
        return [sameMessages ? .unchanged : .messagesOnly]
    }

    /// Whether a check kept on both sides (the same check, or one of the same name whose
    /// parameters changed) reports other codes as written.
    private func renamedCodes(_ before: [Check], _ after: [Check]) -> Bool {
        var rest = after
        var gone: [Check] = []
        for check in before {
            if let index = rest.firstIndex(where: { AnyHashable($0.descriptor) == AnyHashable(check.descriptor) }) {
                if rest.remove(at: index).codes != check.codes { return true }
            } else {
                gone.append(check)
            }
        }
        for check in gone {
            guard let index = rest.firstIndex(where: { $0.name == check.name }) else { continue }
            if rest.remove(at: index).codes != check.codes { return true }
        }
        return false
    }

    /// An input as a spec file writes it in flow style, as `suggest` writes it.
    static func yaml(_ input: ValidationInput) -> String { CaseSuggester.yaml(input) }

    /// A validated value as an `out:` expectation, as `suggest` writes it.
    static func yaml(_ value: ValidatedValue) -> String { CaseSuggester.yaml(value) }
}

extension ValidatedValue {
    var isRecord: Bool { if case .record = self { true } else { false } }
}

extension TypeRule.Base {
    /// The base with `other`'s range, so that only the name or value type compares.
    func withoutRange(_ other: TypeRule.Base) -> TypeRule.Base {
        switch (self, other) {
        case (.named(let name, _), .named(_, let range)): .named(name, at: range)
        default: self
        }
    }
}
