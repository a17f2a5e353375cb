import Foundation
import FuzzSupport
import RuleCore
import RuleYAML

/// Validates each input as text of every type of the repository's rules, its lines as the fields of
/// every model, and, when it is JSON, as every type and model; besides crashes and hangs, it checks
/// the contract of `trim`: a value whose last normalizer trims neither starts nor ends with White_Space.
@main enum FuzzValidators {
    static let rules: RuleSet = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../rules")
        let loaded = RuleFileLoader().load([folder.standardizedFileURL.path])
        guard let ruleSet = loaded.ruleSet else {
            fatalError("the repository's rules do not load: \(loaded.diagnostics)")
        }
        return ruleSet
    }()

    static let context = ValidationContext(today: LocalDate(year: 2026, month: 11, day: 22)!)

    static func main() {
        _ = rules
        runFuzzer { start, count in
            let input = bytes(start, count)
            FuzzValidators.validate(String(decoding: input, as: UTF8.self), json: try? JSONReader().read(input))
            return 0
        }
    }

    static func validate(_ text: String, json: ValidationInput?) {
        for type in rules.types {
            let result = rules.validator(named: type.name)!.validate(.text(text), context: context)
            guard case .valid(.string(let value)?) = result,
                [.trim, .collapseWhitespace].contains(type.normalizers.last)
            else { continue }
            for scalar in [value.unicodeScalars.first, value.unicodeScalars.last].compactMap({ $0 }) {
                precondition(
                    !scalar.properties.isWhitespace, "\(type.name) kept white space: \(value.debugDescription)")
            }
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { ValidationInput.text(String($0)) }
        for model in rules.models {
            _ = rules.validator(named: model.name)!.validate(record(of: model, from: lines), context: context)
        }
        // NB: read as JSON, as `rulecheck check` reads a line, the bytes give inputs of every kind and shape.
        if let json {
            for name in rules.names { _ = rules.validator(named: name)!.validate(json, context: context) }
        }
    }

    /// The model's fields filled from `lines` in order (absent when the lines run out); a field
    /// holding another model gets a record of the same lines.
    static func record(of model: ModelRule, from lines: [ValidationInput]) -> ValidationInput {
        var fields: [String: ValidationInput] = [:]
        for (index, field) in model.fields.enumerated() {
            if let inner = rules.models.first(where: { $0.name == field.typeName }), inner.name != model.name {
                fields[field.name] = record(of: inner, from: lines)
            } else if index < lines.count {
                fields[field.name] = lines[index]
            }
        }
        return .record(fields)
    }
}
