import Foundation
import RuleCore
import RuleYAML

/// Loads each rule file or folder once per run, however many spec files name it.
struct RuleSetCache {
    /// What loading the rules at a path gave: for rules that did not load, their declarations and
    /// the names their unreadable files may declare, for ``loadedPart(of:)``.
    private struct Loaded {
        var ruleSet: RuleSet?
        var errors: [Diagnostic]
        var types: [TypeRule] = []
        var models: [ModelRule] = []
        var unreadNames: Set<String>? = []
    }

    private var loaded: [String: Loaded] = [:]
    /// The limits for each rule file.
    let limits: YAMLLimits
    /// The text of files, by path, read instead of the files on disk.
    let overlay: [String: [UInt8]]
    /// The implementations of custom checks; rules using others load for their declarations only.
    let customChecks: CustomChecks

    init(limits: YAMLLimits, overlay: [String: [UInt8]] = [:], customChecks: CustomChecks = CustomChecks()) {
        self.limits = limits
        self.overlay = overlay
        self.customChecks = customChecks.declaringOnly(true)
    }

    /// The rule set at `path`; `onFirstLoad` receives the loader's diagnostics the first time,
    /// `onLaterLoad` its errors each later time, so that every spec file whose rules did not load
    /// carries their errors in its report without printing them twice.
    mutating func load(
        _ path: String, onFirstLoad: ([Diagnostic]) -> Void, onLaterLoad: ([Diagnostic]) -> Void
    ) -> RuleSet? {
        if let done = loaded[path] {
            onLaterLoad(done.errors)
            return done.ruleSet
        }
        let result = RuleFileLoader(limits: limits, customChecks: customChecks).load([path], overlay: overlay)
        onFirstLoad(result.diagnostics)
        var done = Loaded(ruleSet: result.ruleSet, errors: result.diagnostics.filter { $0.severity == .error })
        if result.ruleSet == nil {
            (done.types, done.models, done.unreadNames) = (result.types, result.models, result.unreadNames)
        }
        loaded[path] = done
        return result.ruleSet
    }

    /// Of rules at `path` that did not load, the types and models that compile on their own, and
    /// whether a name is one they may declare that did not load: a case of one is no "unknown type",
    /// since the rules' own error says why.
    mutating func loadedPart(of path: String) -> (rules: RuleSet, didNotLoad: @Sendable (String) -> Bool)? {
        guard let done = loaded[path], done.ruleSet == nil else { return nil }
        let part = RuleSet.compilablePart(types: done.types, models: done.models)
        let declared = Set(done.types.map(\.name) + done.models.map(\.name))
        guard let unread = done.unreadNames else { return (part, { _ in true }) }
        let notLoaded = declared.union(unread).subtracting(part.names)
        return (part, { notLoaded.contains($0) })
    }

    /// The spec's `rules:` resolved against its folder, or else the nearest `rules/` folder
    /// above the spec file; `nil` when there is none.
    static func rulesPath(for header: SpecHeader) -> String? {
        let folder = (header.file as NSString).deletingLastPathComponent
        if let rules = header.rules {
            return rules.hasScalarPrefix("/")
                ? rules : ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(rules).standardizedPath
        }
        guard let found = RuleFileLoader.nearestRulesFolder(above: folder.isEmpty ? "." : folder) else { return nil }
        // NB: the nearest folder is relative to the working folder when inside it; a spec file named by
        // its absolute path, as an editor names it, has its rules named so too.
        guard header.file.hasScalarPrefix("/"), !found.hasScalarPrefix("/") else { return found }
        return (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(found).standardizedPath
    }

    static func start(of file: String) -> SourceRange {
        SourceRange(start: SourceLocation(file: file, line: 1, column: 1))
    }
}

extension String {
    /// The path with `.` and `..` folded, staying relative when it was: `specs/../rules` is `rules`.
    fileprivate var standardizedPath: String {
        var parts: [Substring] = []
        for part in split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        let joined = parts.joined(separator: "/")
        return hasScalarPrefix("/") ? "/" + joined : joined.isEmpty ? "." : joined
    }
}
