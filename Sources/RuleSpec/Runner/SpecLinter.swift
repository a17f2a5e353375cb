import Foundation
public import RuleCore
import RuleYAML

/// What `rulecheck lint` finds in spec files without running a case: a type or model the rules do
/// not declare, an expected code the rule can never report, an `out:` value the type cannot hold,
/// and an input field the model does not declare (a warning: the engine, generated `Decodable` and
/// the exported schema all ignore undeclared fields, so the case still runs, but it tests less than
/// it says).
public struct SpecLinter {
    private var cache = RuleSetCache(limits: .default)

    public init() {}

    /// The diagnostics of each spec file, each against the rules it names (or the nearest `rules/`).
    public mutating func diagnostics(of files: [String]) -> [Diagnostic] {
        files.flatMap { lint($0) }
    }

    private mutating func lint(_ file: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        do {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            let reader = try SpecFileReader(file: file, bytes: bytes)
            let header = try reader.readHeader()
            guard let path = RuleSetCache.rulesPath(for: header),
                let rules = cache.load(path, onFirstLoad: { _ in }, onLaterLoad: { _ in })
            else {
                // NB: lint of the rule files says why they do not load; here, only that the cases cannot be checked.
                return [
                    .warning("the cases are not checked: their rules do not load", at: RuleSetCache.start(of: file))
                ]
            }
            var unknown: Set<String> = []
            while let specCase = try reader.nextCase() {
                guard let validator = rules.validator(named: specCase.typeName) else {
                    if unknown.insert(specCase.typeName).inserted {
                        let names = rules.types.map(\.name) + rules.models.map(\.name)
                        diagnostics.append(
                            .error(
                                "no type or model '\(specCase.typeName)' in the rules at '\(path)'",
                                at: specCase.typeRange,
                                fix: .closest(to: specCase.typeName, among: names)))
                    }
                    continue
                }
                diagnostics += Self.check(specCase, validator, rules)
            }
        } catch let diagnostic as Diagnostic {
            diagnostics.append(diagnostic)
        } catch {
            diagnostics.append(.error("cannot read '\(file)': \(error.localizedDescription)", at: nil))
        }
        return diagnostics
    }

    private static func check(_ specCase: SpecCase, _ validator: Validator, _ rules: RuleSet) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let isModel = if case .model = validator { true } else { false }
        let subject = "\(isModel ? "model" : "type") '\(specCase.typeName)'"
        if case .model(let model) = validator, case .record(let fields) = specCase.input {
            let declared = model.rule.fields.map(\.name)
            for name in fields.keys.sorted() where !declared.contains(name) {
                // NB: a warning with "did you mean": the case runs, but tests less than it says.
                var warning = Diagnostic.error(
                    "'\(name)' is no field of \(subject), so the case does not test it: undeclared fields are ignored",
                    at: specCase.range, fix: .closest(to: name, among: declared))
                warning.severity = .warning
                diagnostics.append(warning)
            }
        }
        switch specCase.expectation {
        case .errors(let byPath):
            for (path, codes) in byPath.sorted(by: { $0.key < $1.key }) {
                guard let (possible, server) = possibleCodes(at: path, of: validator, rules) else { continue }
                for code in codes where !possible.contains(code) {
                    let place = path.isEmpty ? subject : "'\(path)' of \(subject)"
                    if server.contains(code) {
                        diagnostics.append(
                            .error(
                                "'\(code)' is a server code of \(place), which only a server reports: validation "
                                    + "never gives it, so no spec case can expect it", at: specCase.range))
                        continue
                    }
                    diagnostics.append(
                        .error(
                            "\(place) never reports '\(code)'; it can report "
                                + possible.sorted().map { "'\($0)'" }.joined(separator: ", "),
                            at: specCase.range, fix: .closest(to: code, among: possible.sorted())))
                }
            }
        case .out(.scalar(let text)):
            if case .type(let type) = validator, !holds(type.rule.valueType, text) {
                diagnostics.append(
                    .error(
                        "'out: \(text)' is no \(type.rule.valueType.rawValue) value, so \(subject) never gives it",
                        at: specCase.range))
            }
        default: break
        }
        return diagnostics
    }

    /// The codes a violation at `path` (field names and list indexes, `.`-separated) can have: the
    /// field's own codes and the model's (its checks across fields report at their fields); and
    /// the server codes declared there, which validation never reports. `nil` where the path cannot
    /// be followed.
    private static func possibleCodes(
        at path: String, of validator: Validator, _ rules: RuleSet
    ) -> (possible: Set<String>, server: Set<String>)? {
        var current = validator
        var codes: Set<String> = []
        var server: Set<String> = []
        func add(_ outcomes: [Outcome], where reachable: (Outcome) -> Bool = { _ in true }) {
            for outcome in outcomes {
                if outcome.isServerOnly {
                    server.insert(outcome.code)
                } else if reachable(outcome) {
                    codes.insert(outcome.code)
                }
            }
        }
        for part in path.split(separator: ".") where Int(part) == nil {
            guard case .model(let model) = current,
                let field = model.rule.fields.first(where: { $0.name == part }),
                let next = rules.validator(named: field.typeName)
            else { return nil }
            // NB: the model's outcomes include its lists' and its checks across fields', reported at fields.
            add(model.outcomes)
            current = next
        }
        let emptyNeverChecked = if case .type(let type) = current { type.rule.emptyNeverChecked } else { false }
        add(current.outcomes) { $0.isReachable(optional: false, emptyNeverChecked: emptyNeverChecked) }
        // NB: a field's optionality may differ from its type's, so `required` is always possible on a path.
        codes.insert(current.outcomes.required.code)
        return (codes, server.subtracting(codes))
    }

    private static func holds(_ valueType: ValueType, _ text: String) -> Bool {
        switch valueType {
        case .string: true
        case .integer: Int(text) != nil
        case .decimal: DecimalNumber(text) != nil
        case .date: LocalDate(text) != nil
        case .boolean: text == "true" || text == "false"
        }
    }
}
