public import RuleCore

/// How one consumer of checks (the JSON Schema export, mutation, coverage, suggested cases, lint,
/// each runtime) treats every check of ``CheckDescriptors/all``: it handles it, or it opts out of
/// it by name, with the reason.
///
/// Each consumer declares its table beside the code that reads it, and derives what it handles
/// from that code where it can (the keys of its table of closures, the descriptors conforming to
/// its protocol). A check that a consumer neither handles nor opts out of is a gap: a new check
/// silently ignored there. `CheckConsumerTests` walks every consumer and every descriptor and
/// fails on a gap, so that adding a check means deciding, in each consumer, what it does there.
public struct CheckConsumer: Sendable {
    /// What the consumer does with one check.
    public enum Handling: Hashable, Sendable {
        /// The consumer handles the check.
        case handled
        /// The consumer leaves the check alone, for this reason.
        case optedOut(String)
    }

    /// The consumer's name, as a test failure names it: `JSON Schema export`.
    public let name: String
    /// What the consumer does with each check it knows, by the check's name.
    public let table: [String: Handling]
    /// Checks named both handled and opted out, which a consumer must not do.
    public let conflicts: [String]

    /// A consumer that handles the checks named `handles` and opts out of those in `optsOut`.
    public init(_ name: String, handles: some Sequence<String>, optsOut: [String: String]) {
        self.name = name
        var table = optsOut.mapValues(Handling.optedOut)
        var conflicts: [String] = []
        for check in handles {
            if table[check] != nil, table[check] != .handled { conflicts.append(check) }
            table[check] = .handled
        }
        self.table = table
        self.conflicts = conflicts.sorted()
    }

    /// A consumer that handles the checks named `handles` and opts out of every other by its basis
    /// (``CheckBasis``), with the reason `reason` gives for it: a new check of a basis the consumer
    /// has a reason for costs it no edit. A basis with no reason (`nil`) leaves its checks that are
    /// not handled by name as gaps, which `CheckConsumerTests` reports.
    public init(_ name: String, handles: some Sequence<String>, optingOutBy reason: (CheckBasis) -> String?) {
        let handled = Set(handles)
        var optsOut: [String: String] = [:]
        for check in Self.everyCheck where !handled.contains(check.name) {
            optsOut[check.name] = reason(check.basis)
        }
        self.init(name, handles: handled, optsOut: optsOut)
    }

    /// What the consumer does with `check`; `nil` when it neither handles nor opts out of it.
    public func handling(of check: any CheckDescriptor.Type) -> Handling? { table[check.name] }

    /// Whether the consumer handles `check`.
    public func handles(_ check: any CheckDescriptor.Type) -> Bool { handling(of: check) == .handled }

    /// The checks of ``CheckDescriptors/all`` that the consumer neither handles nor opts out of.
    public var gaps: [String] {
        Self.everyCheck.map { $0.name }.filter { table[$0] == nil }
    }

    /// Names in the table that are no check at all, left behind by a renamed or removed check.
    public var strays: [String] {
        table.keys.filter { name in !Self.everyCheck.contains { $0.name == name } }.sorted()
    }

    /// What every consumer decides about: each built-in check, and custom checks (format 1.3), whose
    /// verdicts are their implementations'.
    public static let everyCheck: [any CheckDescriptor.Type] = CheckDescriptors.all + [CustomCheckDescriptor.self]
}
