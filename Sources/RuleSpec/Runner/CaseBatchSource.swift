import RuleCore

/// Reads a spec file's cases in batches, each with its validator and the diagnostics found on
/// the way: what the runner validates while the next batch is read.
final class CaseBatchSource {
    /// One batch: the diagnostics found while reading it, then its selected cases in file order.
    struct Batch: @unchecked Sendable {
        // NB: @unchecked because SpecCase's unrecorded slots hold plain values only; a batch is
        // handed from the reading thread to the validating one and never shared.
        var diagnostics: [Diagnostic] = []
        var cases: [Entry] = []
        /// Whether the file ended, or a mistake in it stopped the reading.
        var isLast = false
    }

    /// A case with the validator of its type or model.
    // NB: a struct, not a (SpecCase, Validator) tuple: the runtime copied a tuple read from an
    // array field by field through its generic witnesses (some 20 M instructions on 20,000 cases).
    struct Entry {
        var specCase: SpecCase
        var validator: Validator
    }

    /// How many cases a batch holds: enough to amortize the hand-over, few enough to keep memory flat.
    static let size = 1024

    private let reader: SpecFileReader
    private let rules: RuleSet
    private let options: SpecRunOptions
    private let file: String
    private var unknownTypes: Set<String> = []
    /// Whether a name is one the rules declare (or may) that did not load: its cases are skipped
    /// without an error of their own.
    var didNotLoad: @Sendable (String) -> Bool = { _ in false }
    /// The type or model looked up last, by the list its cases came from.
    private var lastValidator: Lookup?
    /// "Did you mean" look-ups left for this file: each costs an edit distance per known name.
    private var suggestionsLeft = Suggestion.lookUpLimit

    /// A type's or model's validator, and the custom checks it runs without an implementation.
    // NB: looked up once per list of cases, not per case: asking the rules for the custom checks of
    // every case walked the types by name and cost 6,400 instructions a case (a third of a run).
    private struct Lookup {
        let type: CaseType
        let validator: Validator?
        let unimplemented: [String]
    }

    init(reader: SpecFileReader, rules: RuleSet, options: SpecRunOptions, file: String) {
        self.reader = reader
        self.rules = rules
        self.options = options
        self.file = file
    }

    /// The error that cases of a type using custom checks with no implementation cannot run here.
    static func unimplemented(_ names: [String], of specCase: SpecCase) -> Diagnostic {
        let quoted = names.map { "'\($0)'" }.joined(separator: ", ")
        return .error(
            "cases of '\(specCase.typeName)' need custom check \(quoted), which rulecheck has no implementation of; "
                + "run them with --implementation through a runtime given one, or from a Swift test with "
                + "SpecRunOptions.customChecks", at: specCase.typeRange)
    }

    /// The next batch; its `isLast` says that no other follows.
    func next() -> Batch {
        var batch = Batch()
        // NB: the state the loop changes is kept in locals and written back once: each use of a
        // class's stored property is a check for exclusive access.
        var lastValidator = self.lastValidator
        var suggestionsLeft = self.suggestionsLeft
        defer {
            self.lastValidator = lastValidator
            self.suggestionsLeft = suggestionsLeft
        }
        // NB: grown from empty, the array was copied eight times a batch.
        batch.cases.reserveCapacity(Self.size)
        do {
            while batch.cases.count < Self.size {
                guard let specCase = try reader.nextCase() else {
                    batch.isLast = true
                    break
                }
                // NB: asked once per case, and almost always with nothing new.
                if reader.hasNewDiagnostics { batch.diagnostics += reader.newDiagnostics() }
                guard options.selects(specCase, file: file) else { continue }
                // NB: cases come grouped by type, so the last look-up almost always answers.
                if lastValidator?.type !== specCase.type {
                    let validator = rules.validator(named: specCase.typeName)
                    let runsHere = validator != nil && options.implementation == nil && options.endpoints.isEmpty
                    lastValidator = Lookup(
                        type: specCase.type, validator: validator,
                        unimplemented: runsHere ? rules.unimplementedCustomChecks(of: specCase.typeName) : [])
                }
                guard let validator = lastValidator?.validator else {
                    if unknownTypes.insert(specCase.typeName).inserted, !didNotLoad(specCase.typeName) {
                        suggestionsLeft -= 1
                        let fix =
                            suggestionsLeft >= 0 ? Suggestion.closest(to: specCase.typeName, among: rules.names) : nil
                        batch.diagnostics.append(
                            .error("unknown type '\(specCase.typeName)'", at: specCase.typeRange, fix: fix))
                    }
                    continue
                }
                if let missing = lastValidator?.unimplemented, !missing.isEmpty {
                    if unknownTypes.insert(specCase.typeName).inserted {
                        batch.diagnostics.append(Self.unimplemented(missing, of: specCase))
                    }
                    continue
                }
                if let mistake = SpecRunner.checkFields(
                    of: specCase, against: validator, suggestionsLeft: &suggestionsLeft)
                {
                    batch.diagnostics.append(mistake)
                    continue
                }
                batch.cases.append(Entry(specCase: specCase, validator: validator))
            }
        } catch {
            batch.diagnostics.append(error)
            batch.isLast = true
        }
        batch.diagnostics += reader.newDiagnostics()
        return batch
    }
}
