import Foundation
public import RuleCore
import RuleYAML

/// What `rulecheck lint` finds in spec files without running a case: all that `rulecheck test`
/// reports of them (``SpecFileChecker``, the one checker both use: the same diagnostics at the same
/// severity), and what would make a case fail whatever the input: an expected code the rule can
/// never report, an `out:` value the type cannot hold. When a spec file's rules have errors, its
/// cases are checked against the types and models that did load.
public struct SpecLinter {
    private var checker: SpecFileChecker

    /// Creates a linter; `overlay` holds the text of files, by path, that wins over the files on
    /// disk, as an editor's unsaved buffers (spec files and the rule files they name alike).
    public init(options: SpecRunOptions = SpecRunOptions(jobs: 1), overlay: [String: [UInt8]] = [:]) {
        checker = SpecFileChecker(options: options, checksWhatLoaded: true, overlay: overlay)
    }

    /// The diagnostics of each spec file, each against the rules it names (or the nearest `rules/`).
    public mutating func diagnostics(of files: [String]) -> [Diagnostic] {
        files.flatMap { checker.check($0, eachCase: Self.check) }
    }

    private static func check(_ specCase: SpecCase, _ validator: Validator, _ rules: RuleSet) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let isModel = if case .model = validator { true } else { false }
        let subject = "\(isModel ? "model" : "type") '\(specCase.typeName)'"
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
