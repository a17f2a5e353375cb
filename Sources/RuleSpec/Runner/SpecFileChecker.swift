import Foundation
public import RuleCore
import RuleYAML

/// The one checker of spec files, which `rulecheck test`, `rulecheck lint` and an editor's language
/// server share, so that each says the same of the same file, at the same severity: the file read
/// under its size limit (refused before reading), its settings, the rules it names loaded once, and
/// each case read and checked against its type or model (an unknown key such as `inn:`, an unknown
/// type, a field its model does not declare).
///
/// ```swift
/// var checker = SpecFileChecker(options: SpecRunOptions())
/// let diagnostics = checker.check("specs/task.yaml")   // what `test` reports before running a case
/// ```
public struct SpecFileChecker {
    /// How the files are read and which cases are selected.
    let options: SpecRunOptions
    /// With `checksWhatLoaded`, a spec file whose rules have errors is checked against the types
    /// and models that did load (lint); without, its cases cannot run (test).
    let checksWhatLoaded: Bool
    private var cache: RuleSetCache
    /// The text of files as an editor holds them, by path, read instead of the files on disk.
    let overlay: [String: [UInt8]]

    /// Creates a checker; `checksWhatLoaded` checks cases against the part of broken rules that loads;
    /// `overlay` holds the text of files, by path, that wins over the files on disk (unsaved buffers).
    public init(options: SpecRunOptions, checksWhatLoaded: Bool = false, overlay: [String: [UInt8]] = [:]) {
        self.options = options
        self.checksWhatLoaded = checksWhatLoaded
        self.overlay = overlay
        cache = RuleSetCache(limits: options.ruleLimits, overlay: overlay, customChecks: options.customChecks)
    }

    /// An open spec file: its input, reader and settings.
    struct Opened {
        var input: YAMLInput
        var reader: SpecFileReader
        var header: SpecHeader
    }

    /// Reads `file` (its size checked before a byte is read) and its settings, parsed on a thread
    /// of its own when `pipelined` says so for its size.
    static func open(
        _ file: String, options: SpecRunOptions, pipelined: (YAMLInput) -> Bool = { _ in false },
        text: [UInt8]? = nil
    ) throws(Diagnostic) -> Opened {
        let input: YAMLInput
        if let text {
            if let error = options.specLimits.sizeError(text.count, file: file) { throw error }
            input = YAMLInput(copying: text)
        } else {
            input = try YAMLInput.read(file, limits: options.specLimits)
        }
        let reader = try SpecFileReader(
            file: file, source: input, limits: options.specLimits, recording: options.update || options.updateAll,
            rerecording: options.updateAll, pipeline: pipelined(input) ? .standard : nil)
        let header = try reader.readHeader()
        return Opened(input: input, reader: reader, header: header)
    }

    /// The rules a spec file names (or the rules/ folder above it), loaded once however many spec
    /// files name them; `report` receives what is wrong the first time, `shared` the rules' errors
    /// each later time. `nil` when they cannot be used; with ``checksWhatLoaded``, the part that
    /// loads, and the names they declare that did not.
    mutating func rules(
        for header: SpecHeader, of file: String, report: ([Diagnostic]) -> Void, shared: inout [Diagnostic]
    ) -> (rules: RuleSet, didNotLoad: @Sendable (String) -> Bool)? {
        guard let path = RuleSetCache.rulesPath(for: header) else {
            report([
                .error("no 'rules:' in the spec file and no rules/ folder above it", at: RuleSetCache.start(of: file))
            ])
            return nil
        }
        guard FileManager.default.fileExists(atPath: path) || overlay[path] != nil else {
            report([.error("no rule file or folder at '\(path)'", at: header.rulesRange)])
            return nil
        }
        var later: [Diagnostic] = []
        let loaded = cache.load(path, onFirstLoad: report, onLaterLoad: { later = $0 })
        shared = later
        if let loaded { return (loaded, { _ in false }) }
        return checksWhatLoaded ? cache.loadedPart(of: path) : nil
    }

    /// The rule file or folder of spec file `file` whose `rules:` says `rules` (`nil`: none written):
    /// resolved against its folder, or else the nearest `rules/` folder above it.
    public static func rulesPath(ofSpecFile file: String, rules: String?) -> String? {
        RuleSetCache.rulesPath(for: SpecHeader(file: file, rules: rules, language: "en"))
    }

    /// What `file` holds wrong, found without running a case: exactly what `rulecheck test` reports
    /// of it before running one; then what `eachCase` finds of each selected case that reads, given
    /// its validator and the rules, in file order (one case in memory at a time).
    public mutating func check(
        _ file: String, eachCase: (SpecCase, Validator, RuleSet) -> [Diagnostic] = { _, _, _ in [] }
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let opened: Opened
        do {
            opened = try Self.open(file, options: options, text: overlay[file])
        } catch {
            return [error]
        }
        var shared: [Diagnostic] = []
        let found = rules(for: opened.header, of: file, report: { diagnostics += $0 }, shared: &shared)
        diagnostics += shared
        guard let (rules, didNotLoad) = found else { return diagnostics }
        let batches = CaseBatchSource(reader: opened.reader, rules: rules, options: options, file: file)
        batches.didNotLoad = didNotLoad
        while true {
            let batch = batches.next()
            diagnostics += batch.diagnostics
            for entry in batch.cases { diagnostics += eachCase(entry.specCase, entry.validator, rules) }
            if batch.isLast { return diagnostics }
        }
    }
}
