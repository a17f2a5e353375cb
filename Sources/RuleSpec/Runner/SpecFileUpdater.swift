import Foundation
import RuleCore

/// Fills in the expectations of a spec file's unrecorded cases with their results, and writes
/// the file back with every other byte as it was.
struct SpecFileUpdater {
    /// Each edit replaces the bytes of `range` (empty for an insertion) with `text`.
    private var edits: [(range: Range<Int>, text: String)] = []

    /// How many expectations are waiting to be written.
    var count: Int { edits.count }

    /// Records `result` as the expectation at `slot`: `out:` when valid, `errors:` when not.
    mutating func fill(_ slot: ExpectationSlot, with result: ValidationResult, validator: Validator, rules: RuleSet) {
        let entry = Self.entry(result, validator: validator, rules: rules)
        edits.append((slot.offset..<slot.offset, slot.prefix + entry + slot.suffix))
    }

    /// Records `result` in place of the expectation written at `bytes` (`--update=all`).
    mutating func replace(_ bytes: Range<Int>, with result: ValidationResult, validator: Validator, rules: RuleSet) {
        edits.append((bytes, Self.entry(result, validator: validator, rules: rules)))
    }

    /// `out: VALUE` or `errors: [codes]` / `errors: { path: [codes] }`, on one line.
    private static func entry(_ result: ValidationResult, validator: Validator, rules: RuleSet) -> String {
        let entry: String
        switch result {
        case .valid(let value):
            entry = "out: " + Self.yaml(value, as: validator, rules: rules)
        case .invalid(let violations):
            var paths: [String] = []
            var codes: [String: [String]] = [:]
            for violation in violations {
                let path = violation.path.joined(separator: ".")
                if codes[path] == nil { paths.append(path) }
                codes[path, default: []].append(violation.code)
            }
            let lists = paths.map { path in "[" + codes[path]!.joined(separator: ", ") + "]" }
            entry =
                "errors: "
                + (paths == [""]
                    ? lists[0] : "{ " + zip(paths, lists).map { "\($0): \($1)" }.joined(separator: ", ") + " }")
        }
        return entry
    }

    /// `value` as a YAML flow scalar or mapping that a spec case reads back as the same value:
    /// text always double-quoted, numbers, dates and booleans plain, a model's fields in their order.
    private static func yaml(_ value: ValidatedValue?, as validator: Validator?, rules: RuleSet) -> String {
        guard let value else { return "null" }
        switch value {
        case .string(let text):
            return SpecCase.visiblyQuoted(text)
        case .record(let fields):
            guard case .model(let model)? = validator else { return "{}" }
            let entries = model.rule.fields.compactMap { field in
                fields[field.name].map {
                    "\(field.name): \(yaml($0, as: rules.validator(named: field.typeName), rules: rules))"
                }
            }
            return entries.isEmpty ? "{}" : "{ " + entries.joined(separator: ", ") + " }"
        case .list(let items):
            return "[" + items.map { yaml($0, as: validator, rules: rules) }.joined(separator: ", ") + "]"
        default:
            return value.description
        }
    }

    /// Writes `bytes` with the expectations inserted to `file`, replacing it in one step, so that
    /// a reader sees the old file or the new, never half of one.
    ///
    /// - Throws: `Diagnostic` when the folder cannot be written.
    func write(_ bytes: [UInt8], to file: String) throws(Diagnostic) {
        var updated: [UInt8] = []
        updated.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.text.utf8.count })
        var copied = 0
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            updated += bytes[copied..<edit.range.lowerBound]
            updated += edit.text.utf8
            copied = edit.range.upperBound
        }
        updated += bytes[copied...]
        do {
            let output = try ReportOutput.file(file)
            // NB: the file was read as valid UTF-8, so the text holds its bytes exactly.
            output.write(String(decoding: updated, as: UTF8.self))
            try output.close()
        } catch {
            throw .error("cannot rewrite '\(file)' to fill in its expectations: \(error.message)", at: nil)
        }
    }
}
