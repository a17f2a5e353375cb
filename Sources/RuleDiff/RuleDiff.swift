public import RuleCore

/// What a change does to the values a type or model accepts.
public enum ChangeClass: String, Sendable, CaseIterable {
    /// Some value accepted before is rejected now.
    case tightened
    /// Some value rejected before is accepted now.
    case loosened
    /// Both: some values flip each way.
    case both
    /// Every value is accepted alike, but some normalize to another value.
    case normalized
    /// The same values pass and fail, but some failure reports another code.
    case codesRenamed = "codes-renamed"
    /// Only messages changed.
    case messagesOnly = "messages-only"
    /// The declaration changed (order of checks, description) and its meaning provably did not.
    case unchanged
    /// The meaning changed as written, but no candidate flips: no witness found, not a proof.
    case noWitness = "no-witness"
    /// Declared in NEW only.
    case added
    /// Declared in OLD only.
    case removed

    /// How the human report names it.
    public var words: String {
        switch self {
        case .tightened: "tightened"
        case .loosened: "loosened"
        case .both: "tightened and loosened"
        case .normalized: "normalized differently"
        case .codesRenamed: "codes renamed"
        case .messagesOnly: "messages only"
        case .unchanged: "unchanged in meaning"
        case .noWitness: "changed as written, no witness found"
        case .added: "added"
        case .removed: "removed"
        }
    }
}

/// A value on which OLD and NEW disagree, checked by both compiled rule sets.
public struct Witness: Sendable {
    /// The input, in a spec file's flow style.
    public var input: String
    /// OLD's verdict: `valid`, `valid → "x"`, or the codes, `[tooLong]`.
    public var old: String
    /// NEW's verdict.
    public var new: String
    /// Which way it flips: tightened, loosened, normalized or codes-renamed.
    public var kind: ChangeClass
    /// NEW's verdict as a spec case's expectation: `out: "abc"`, `valid: true` or `errors: […]`.
    public var expectation: String = ""
}

/// One type's or model's change.
public struct Change: Sendable {
    /// The type or model name.
    public var name: String
    /// `type` or `model`.
    public var kind: String
    /// The class.
    public var changeClass: ChangeClass
    /// Where it is declared in OLD, `file:line`, if it is.
    public var oldLocation: String?
    /// Where it is declared in NEW.
    public var newLocation: String?
    /// What changed as written, one line each (`length: max 20 → 16`, `field phone: optional`).
    public var details: [String]
    /// Values that flip, at most a few per kind.
    public var witnesses: [Witness]
    /// How many candidates the search tried.
    public var searched: Int
    /// The spec cases (`--specs`) whose verdict or codes this change flips.
    public var specCases: [FlippedCase] = []
    /// The classes the change has besides ``changeClass``: `codes-renamed` when a check both
    /// moved a bound and renamed a code.
    public var also: [ChangeClass] = []

    /// Every class of the change, the main one first.
    public var classes: [ChangeClass] { [changeClass] + also }

    /// How the reports name its classes: `tightened, codes renamed`.
    public var words: String { classes.map(\.words).joined(separator: ", ") }

    public init(
        name: String, kind: String, changeClass: ChangeClass, oldLocation: String?, newLocation: String?,
        details: [String], witnesses: [Witness], searched: Int, also: [ChangeClass] = []
    ) {
        self.name = name
        self.kind = kind
        self.changeClass = changeClass
        self.oldLocation = oldLocation
        self.newLocation = newLocation
        self.details = details
        self.witnesses = witnesses
        self.searched = searched
        self.also = also
    }

    /// Whether the change is of a class of `failing`; `both` counts as tightened and as loosened.
    public func isAny(of failing: Set<ChangeClass>) -> Bool {
        classes.contains { kind in
            failing.contains(kind) || (kind == .both && (failing.contains(.tightened) || failing.contains(.loosened)))
        }
    }
}

/// The comparison of two rule sets.
public struct DiffReport: Sendable {
    /// OLD and NEW as the user wrote them.
    public var old: String
    public var new: String
    /// The day date checks took as today.
    public var today: LocalDate
    /// Every change, types first, in NEW's order then OLD's removals.
    public var changes: [Change]
    /// With `--specs`: cases that flip under no change of their own type or model or its fields' types.
    public var unexplainedCases: [FlippedCase] = []
    /// With `--specs`: how many spec files were replayed; `nil` without.
    public var specFiles: Int?

    /// Whether a change of one of `classes` is present; `both` counts as tightened and as loosened.
    public func contains(any classes: Set<ChangeClass>) -> Bool {
        changes.contains { $0.isAny(of: classes) }
    }
}
