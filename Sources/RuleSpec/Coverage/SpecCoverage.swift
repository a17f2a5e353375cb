import Foundation
public import RuleCore
import RuleTooling
import RuleYAML

/// What a spec suite covers of its rules, per type and model: the codes some case triggers, the
/// checks some valid value passes through, and the boundaries pinned on both sides: a length
/// bound at the bound and one past it in the check's unit, a range bound likewise in its last
/// digit, a date bound on the day and the day past it, each `oneOf` value, each `requiredIf`
/// branch, and equal values for `ascending`.
///
/// A value counts for its type wherever it appears: as a case of the type, as a model's field,
/// or as a list's item.
public struct SpecCoverage: Sendable {
    /// One thing a suite should cover.
    public struct Item: Sendable {
        /// The type or model.
        public var subject: String
        /// `code`, `passes` or `boundary`.
        public var kind: String
        /// What is covered: `tooLong`, `length`, `length max 20: 20 and 21 characters`.
        public var what: String
        /// Where the check or type is written.
        public var range: SourceRange?
        /// Whether some case covers it.
        public var covered: Bool
    }

    /// Every item, in the order of the rules.
    public var items: [Item] = []

    /// Covered items in percent of all; 100 when there are none.
    public var percent: Double {
        items.isEmpty ? 100 : Double(items.count { $0.covered }) * 100 / Double(items.count)
    }

    /// The coverage of the spec files at `paths`, with the mistakes that kept any from being read.
    public static func measure(_ paths: [String], options: SpecRunOptions = SpecRunOptions()) -> (
        SpecCoverage, [Diagnostic]
    ) {
        var diagnostics: [Diagnostic] = []
        let runner = MutationRunner(options: options)
        var byRules: [String: [MutationRunner.SpecFile]] = [:]
        var order: [String] = []
        for file in RuleFileLoader.yamlFiles(at: paths, diagnostics: &diagnostics) {
            guard let (rulesPath, specFile) = runner.read(file, diagnostics: &diagnostics) else { continue }
            if byRules[rulesPath] == nil { order.append(rulesPath) }
            byRules[rulesPath, default: []].append(specFile)
        }
        var coverage = SpecCoverage()
        for rulesPath in order {
            let loaded = RuleFileLoader(
                limits: options.ruleLimits, customChecks: options.customChecks.declaringOnly(true)
            ).load([rulesPath])
            guard let rules = loaded.ruleSet else {
                diagnostics += loaded.diagnostics
                continue
            }
            var collector = SampleCollector(rules: rules)
            for specFile in byRules[rulesPath] ?? [] {
                let context = specFile.header.today.map { ValidationContext(today: $0) } ?? ValidationContext()
                for specCase in specFile.cases {
                    collector.add(specCase.input, as: specCase.typeName, context: context)
                }
            }
            // NB: a custom check with no implementation here passes every value, so its code would read
            // "not covered" however the cases expect it: such a type or model is an error, not an item.
            func measurable(_ name: String, at range: SourceRange?) -> Bool {
                let missing = rules.unimplementedCustomChecks(of: name)
                guard !missing.isEmpty else { return true }
                diagnostics.append(
                    .error(
                        "coverage of '\(name)' needs custom check \(missing.map { "'\($0)'" }.joined(separator: ", ")), "
                            + "which rulecheck has no implementation of; measure it from a Swift test with "
                            + "SpecRunOptions.customChecks", at: range))
                return false
            }
            for type in rules.types where measurable(type.name, at: type.declaration.range) {
                coverage.items += collector.items(for: type)
            }
            for model in rules.models where measurable(model.name, at: model.range) {
                coverage.items += collector.items(for: model)
            }
        }
        return (coverage, diagnostics)
    }
}

/// The values a suite gives each type and model, and what they cover.
extension SpecCoverage {
    /// Coverage's table of checks (``CheckConsumer``): the checks with boundary items of their own
    /// (``SampleCollector/items(for:)``, one `case` each), and those whose code and `passes` items
    /// are all there is to cover.
    static let checkConsumer = CheckConsumer(
        "coverage",
        handles: [
            LengthCheck.name, RangeCheck.name, NotBeforeCheck.name, NotAfterCheck.name, OneOfCheck.name,
            RequiredIfCheck.name, AscendingCheck.name,
        ],
        optingOutBy: { basis in
            switch basis {
            case .presence: "its boundary is empty or not, which its code item and a valid value cover"
            case .language: "a language, not a bound: its code item and a value passing it cover it"
            case .text: "a text, not a bound: its code item and a value passing it cover it"
            case .refusedValues: "each refused value is its code's item, and a value passing it the check's"
            case .places: "a count of places, not a bound of the value: its code item and a value passing it cover it"
            case .fields: "equal or not is its code item and a valid record"
            case .implementation:
                "its code item and a value passing it are all there is to cover: only its implementation knows its edges"
            case .bounds: nil
            }
        })
}

struct SampleCollector {
    typealias Sample = (input: ValidationInput, context: ValidationContext)
    let rules: RuleSet
    var samples: [String: [Sample]] = [:]

    init(rules: RuleSet) {
        self.rules = rules
    }

    mutating func add(_ input: ValidationInput, as name: String, context: ValidationContext) {
        samples[name, default: []].append((input, context))
        guard let model = rules.models.first(where: { $0.name == name }), case .record(let fields) = input else {
            return
        }
        for field in model.fields {
            let value = fields[field.name] ?? .absent
            if field.list != nil, case .list(let items) = value {
                items.forEach { add($0, as: field.typeName, context: context) }
            } else if field.list == nil {
                add(value, as: field.typeName, context: context)
            }
        }
    }

    func items(for type: ResolvedType) -> [SpecCoverage.Item] {
        guard let validator = rules.validator(named: type.name) else { return [] }
        let mine = samples[type.name] ?? []
        let results = mine.map { validator.validate($0.input, context: $0.context) }
        let codes = Set(results.flatMap { $0.violations.map(\.code) })
        let passes = results.contains { if case .valid(_?) = $0 { true } else { false } }
        func item(_ kind: String, _ what: String, _ range: SourceRange?, _ covered: Bool) -> SpecCoverage.Item {
            SpecCoverage.Item(
                subject: type.name, kind: kind, what: what, range: range ?? type.declaration.range, covered: covered)
        }
        // NB: a check's codes are placed at the check, `required` and `invalidFormat` at the type.
        var reachable: [(code: String, range: SourceRange?)] = []
        func add(_ code: String, at range: SourceRange?) {
            if !reachable.contains(where: { $0.code == code }) { reachable.append((code, range)) }
        }
        if !type.isOptional {
            let required = type.checks.first { $0.is(RequiredCheck.self) }
            add(required?.code(for: "required") ?? "required", at: required?.range)
        }
        if type.valueType != .string { add(ValueFormat.code.name, at: nil) }
        for check in type.checks where !check.is(RequiredCheck.self) {
            Self.reachableCodes(of: check, optional: false, emptyNeverChecked: type.emptyNeverChecked).forEach {
                add($0, at: check.range)
            }
        }
        var items = reachable.map { item("code", $0.code, $0.range, codes.contains($0.code)) }
        let texts: [(text: Substring, context: ValidationContext)] = mine.compactMap { sample in
            guard case .text(let raw) = sample.input else { return nil }
            return (type.normalizers.reduce(Substring(raw)) { $1.apply($0) }, sample.context)
        }
        for check in type.checks where !check.is(RequiredCheck.self) {
            items.append(item("passes", check.name, check.range, passes))
            for boundary in check.descriptor.boundaries {
                switch boundary {
                case .length(let side, let bound, let unit):
                    let counts = Set(texts.map { LengthCheck.count($0.text, in: unit) })
                    // NB: no boundary where no value reaching the check can be short (LengthCheck.isInert).
                    if side == .min, LengthCheck.isInert(minimum: bound, emptyNeverChecked: type.emptyNeverChecked) {
                        continue
                    }
                    let needed = [bound, bound + side.step].filter { $0 >= 0 }
                    let what =
                        "length \(side) \(bound): \(needed.map(String.init).joined(separator: " and ")) \(unit.rawValue)"
                    items.append(item("boundary", what, check.range, needed.allSatisfy(counts.contains)))
                case .number(let side, let bound), .exclusiveNumber(let side, let bound):
                    // NB: an inclusive bound passes on it and fails one past it; an exclusive one fails
                    // on it and passes one inside it; an integer type's are the nearest whole numbers.
                    guard let pins = boundary.pinningNumbers(for: type.valueType) else { continue }
                    let numbers = Set(texts.compactMap { DecimalNumber($0.text) })
                    let covered = numbers.contains(pins.allowed) && numbers.contains(pins.refused)
                    let what =
                        if case .number = boundary {
                            "range \(side) \(bound): \(pins.allowed) and \(pins.refused)"
                        } else {
                            "range \(side == .min ? "greaterThan" : "lessThan") \(bound): \(pins.refused) and \(pins.allowed)"
                        }
                    items.append(item("boundary", what, check.range, covered))
                case .date(let side, let bound):
                    let what = "\(check.name) \(bound): the day and the day \(side == .min ? "before" : "after")"
                    items.append(item("boundary", what, check.range, covers(bound, step: side.step, texts)))
                case .allowed(let value):
                    let valid = results.contains { result in
                        if case .valid(let given?) = result { given.description == value } else { false }
                    }
                    items.append(item("boundary", "oneOf value '\(value)'", check.range, valid))
                case .pattern, .witnesses:
                    // NB: a language or samples, not a bound: its code item and a value passing it cover it.
                    break
                case .equalFields, .condition, .items, .distinctItems:
                    // NB: boundaries of records, which a type's checks do not have.
                    break
                }
            }
        }
        return items
    }

    /// The codes `check` can report: not a bound's code when the bound is not given (`tooShort`
    /// of a `length` with only `max`), not `duplicateItem` of a list that need not be unique, not
    /// `required` of a list that is `optional`.
    static func reachableCodes(of check: Check, optional: Bool, emptyNeverChecked: Bool = false) -> [String] {
        check.reachableBuiltinCodes(optional: optional, emptyNeverChecked: emptyNeverChecked).map {
            check.code(for: $0.name)
        }
    }

    private func covers(
        _ bound: DateBound, step: Int, _ texts: [(text: Substring, context: ValidationContext)]
    ) -> Bool {
        var on = false
        var past = false
        for (text, context) in texts {
            guard let date = LocalDate(text) else { continue }
            let day = bound.resolve(in: context)
            if date == day { on = true }
            if date == DateOffset(step, .day).applied(to: day) { past = true }
        }
        return on && past
    }

    func items(for model: ModelRule) -> [SpecCoverage.Item] {
        guard let validator = rules.validator(named: model.name) else { return [] }
        let mine = samples[model.name] ?? []
        let results = mine.map { validator.validate($0.input, context: $0.context) }
        let violations = results.flatMap(\.violations)
        func item(_ kind: String, _ what: String, _ range: SourceRange?, _ covered: Bool) -> SpecCoverage.Item {
            SpecCoverage.Item(
                subject: model.name, kind: kind, what: what, range: range ?? model.range, covered: covered)
        }
        var items = [item("passes", "a valid \(model.name)", nil, results.contains(where: \.isValid))]
        let lists = model.fields.compactMap { field in field.list.map { Check($0, at: field.range) } }
        for check in model.checks + lists {
            let optional =
                (check.descriptor as? ListCheck).map { list in
                    model.fields.first { $0.name == list.field }?.optional ?? false
                } ?? false
            for code in Self.reachableCodes(of: check, optional: optional) {
                let covered = violations.contains { $0.outcome.check == check && $0.code == code }
                items.append(item("code", "\(check.name) \(code)", check.range, covered))
            }
            let records = mine.compactMap { sample -> ([String: ValidationInput], ValidationContext)? in
                if case .record(let fields) = sample.input { (fields, sample.context) } else { nil }
            }
            func value(_ field: String, in fields: [String: ValidationInput], _ context: ValidationContext)
                -> ValidatedValue??
            {
                guard let typeName = model.fields.first(where: { $0.name == field })?.typeName,
                    let validator = rules.validator(named: typeName)
                else { return nil }
                if case .valid(let value) = validator.validate(fields[field] ?? .absent, context: context) {
                    return value
                }
                return nil
            }
            for boundary in check.descriptor.boundaries {
                switch boundary {
                case .condition(let field, let when, let equals):
                    var seen: Set<String> = []
                    for (fields, context) in records {
                        guard case let held?? = value(when, in: fields, context) else {
                            seen.insert("inactive")
                            continue
                        }
                        let active = equals.map { held.description == $0 } ?? (held != .boolean(false))
                        let given = (fields[field].map { $0 != .absent && $0 != .text("") }) ?? false
                        seen.insert((active ? "active" : "inactive") + (given ? " given" : " empty"))
                    }
                    let condition = equals.map { "'\(when)' is '\($0)'" } ?? "'\(when)' is set"
                    items.append(
                        item(
                            "boundary", "requiredIf: \(condition), '\(field)' empty", check.range,
                            seen.contains("active empty")))
                    items.append(
                        item(
                            "boundary", "requiredIf: \(condition), '\(field)' given", check.range,
                            seen.contains("active given")))
                    items.append(
                        item(
                            "boundary", "requiredIf: \(condition) not, '\(field)' empty", check.range,
                            seen.contains("inactive empty") || seen.contains("inactive")))
                case .equalFields(let names):
                    let equal = records.contains { fields, context in
                        let values = names.map { value($0, in: fields, context) }
                        guard case let first?? = values.first else { return false }
                        return values.allSatisfy { $0 == first }
                    }
                    items.append(item("boundary", "ascending: equal values", check.range, equal))
                case .items, .distinctItems:
                    // NB: a list's counts and duplicates are its codes' items (tooFewItems, tooManyItems, duplicateItem).
                    break
                case .length, .number, .exclusiveNumber, .date, .allowed, .pattern, .witnesses:
                    // NB: boundaries of values, which a model's checks do not have.
                    break
                }
            }
        }
        return items
    }
}
