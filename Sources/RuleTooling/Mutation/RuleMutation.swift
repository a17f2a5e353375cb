public import RuleCore

/// One change of a set of rules, made to ask whether a spec suite notices it: the rules after the
/// change, what changed, and where the changed rule is written.
///
/// ```swift
/// let title = TypeRule(name: "TaskTitle", checks: [Check(LengthCheck(min: 1, max: 20))])
/// let rules = try RuleSet.compile(types: [title], models: [])
/// let mutations = RuleMutator.mutations(types: [title], models: [], rules: rules)
/// mutations.map(\.change)   // ["check 'length' removed", "length: min 1 dropped", …]
/// ```
public struct RuleMutation: Sendable {
    /// The type or model changed.
    public var subject: String
    /// The change: `length: max 20 → 21`, `normalizer 'trim' dropped`, `optional false → true`.
    public var change: String
    /// Where the changed check, normalizer list or field is written.
    public var range: SourceRange?
    /// Why the change cannot change any verdict, when the mutator knows it cannot; such a
    /// mutation is not run and counts as neither killed nor surviving.
    public var equivalence: String?
    /// The types after the change.
    public var types: [TypeRule]
    /// The models after the change.
    public var models: [ModelRule]

    /// `TaskTitle: length: max 20 → 21`: how reports name the mutation.
    public var title: String { "\(subject): \(change)" }
}

/// Makes every single-change mutation of a set of rules: each check removed, each parameter
/// mutation (``CheckMutation/mutants(of:in:)``), each normalizer dropped, `trim` added,
/// `optional` flipped on each type and field.
public enum RuleMutator {
    /// Every mutation of the declared `types` and `models`, in declaration order; `rules` is
    /// what they compile to, for what a type inherits.
    public static func mutations(types: [TypeRule], models: [ModelRule], rules: RuleSet) -> [RuleMutation] {
        let resolved = Dictionary(rules.types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var mutations: [RuleMutation] = []
        for (index, type) in types.enumerated() {
            guard let resolvedType = resolved[type.name] else { continue }
            func add(
                _ change: String, at range: SourceRange?, equivalence: String? = nil, _ edit: (inout TypeRule) -> Void
            ) {
                var copy = types
                edit(&copy[index])
                mutations.append(
                    RuleMutation(
                        subject: type.name, change: change, range: range ?? type.range, equivalence: equivalence,
                        types: copy, models: models))
            }
            let context = MutationContext(
                emptyNeverChecked: resolvedType.emptyNeverChecked, valueType: resolvedType.valueType)
            for (position, check) in type.checks.enumerated() {
                add("check '\(check.name)' removed", at: check.range) { $0.checks.remove(at: position) }
                for mutant in CheckMutation.mutants(of: check.descriptor, in: context) {
                    add("\(check.name): \(mutant.change)", at: check.range, equivalence: mutant.equivalence) {
                        $0.checks[position].descriptor = mutant.descriptor
                    }
                }
            }
            // NB: a type runs its base's normalizers, then its own.
            let inherited = Array(resolvedType.normalizers.dropLast(type.normalizers.count))
            for (position, normalizer) in type.normalizers.enumerated() {
                var after = type.normalizers
                after.remove(at: position)
                add(
                    "normalizer '\(normalizer.rawValue)' dropped", at: type.range,
                    equivalence: NormalizerEquivalence.reason(resolvedType.normalizers, inherited + after)
                ) { $0.normalizers.remove(at: position) }
            }
            if !resolvedType.normalizers.contains(.trim) {
                let after = [Normalizer.trim] + type.normalizers
                add(
                    "normalizer 'trim' added first", at: type.range,
                    equivalence: NormalizerEquivalence.reason(resolvedType.normalizers, inherited + after)
                ) { $0.normalizers = after }
            }
            add("optional \(resolvedType.isOptional) → \(!resolvedType.isOptional)", at: type.range) {
                $0.optional = !resolvedType.isOptional
            }
        }
        for (index, model) in models.enumerated() {
            func add(_ change: String, at range: SourceRange?, _ edit: (inout ModelRule) -> Void) {
                var copy = models
                edit(&copy[index])
                mutations.append(
                    RuleMutation(
                        subject: model.name, change: change, range: range ?? model.range, equivalence: nil,
                        types: types, models: copy))
            }
            for (position, check) in model.checks.enumerated() {
                add("check '\(check.name)' removed", at: check.range) { $0.checks.remove(at: position) }
                for mutant in CheckMutation.mutants(of: check.descriptor, in: MutationContext()) {
                    add("\(check.name): \(mutant.change)", at: check.range) {
                        $0.checks[position].descriptor = mutant.descriptor
                    }
                }
            }
            for (position, field) in model.fields.enumerated() {
                let isOptional = field.optional ?? (field.list == nil && resolved[field.typeName]?.isOptional == true)
                add("field '\(field.name)': optional \(isOptional) → \(!isOptional)", at: field.range) {
                    $0.fields[position].optional = !isOptional
                }
                for mutant in field.list?.mutants(in: MutationContext()) ?? [] {
                    add("field '\(field.name)': list \(mutant.change)", at: field.range) {
                        $0.fields[position].list = mutant.descriptor as? ListCheck
                    }
                }
            }
        }
        return mutations
    }
}

/// Decides when a change of normalizers cannot change any value that reaches the checks.
///
/// NB: the rules are proofs, not samples: `trim` dropped or added is equivalent when a later
/// `trim` or `collapseWhitespace` trims the value anyway (case mappings and normalization forms
/// leave White_Space at the ends white space, and no combining mark joins a white space); `nfc`
/// dropped is equivalent when `nfkc` runs later with only trimming between, since NFKC composes
/// canonically whatever came before.
enum NormalizerEquivalence {
    static func reason(_ before: [Normalizer], _ after: [Normalizer]) -> String? {
        let trimming: Set<Normalizer> = [.trim, .collapseWhitespace]
        func withoutRedundantTrims(_ list: [Normalizer]) -> [Normalizer] {
            list.enumerated().filter { index, normalizer in
                !(normalizer == .trim && list[(index + 1)...].contains { trimming.contains($0) })
            }.map(\.element)
        }
        func withoutRedundantNFC(_ list: [Normalizer]) -> [Normalizer] {
            list.enumerated().filter { index, normalizer in
                guard normalizer == .nfc else { return true }
                let rest = list[(index + 1)...]
                guard let nfkc = rest.firstIndex(of: .nfkc) else { return true }
                return !rest[..<nfkc].allSatisfy { trimming.contains($0) || $0 == .nfc }
            }.map(\.element)
        }
        let canonical = { (list: [Normalizer]) in withoutRedundantNFC(withoutRedundantTrims(list)) }
        guard canonical(before) == canonical(after) else { return nil }
        return "a later normalizer has the same effect"
    }
}
