import Foundation
public import RuleCore

/// Loads rule files, or folders of them, into a compiled ``RuleSet``, with every mistake as a
/// located ``Diagnostic``.
///
/// ```swift
/// let result = RuleFileLoader().load(["rules"])
/// guard let rules = result.ruleSet else {
///     print(DiagnosticRenderer.plain.render(result.diagnostics)); exit(2)
/// }
/// rules.validator(named: "EmailAddress")!.validate("a@example.com")   // .valid(.string("a@example.com"))
/// ```
public struct RuleFileLoader: Sendable {
    /// What loading gives: the rule set when no error was found, and every diagnostic.
    public struct Result: Sendable {
        /// The compiled rules; `nil` when any diagnostic is an error.
        public var ruleSet: RuleSet?
        /// Errors and warnings, in file order.
        public var diagnostics: [Diagnostic]
        /// The rule files read, in the order read.
        public var files: [String]
        /// The types declared in the files that could be read, even when some are wrong, for `lint`'s
        /// checks beyond loading.
        public var types: [TypeRule] = []
        /// The models declared in the files that could be read, even when some are wrong.
        public var models: [ModelRule] = []
        /// Where each type or model starts some of whose codes did not load (a check, `serverCodes`,
        /// `optional` or a base with an error): lint does not say that its messages name a code it
        /// never reports, since that follows from the error (no cascade).
        public var incomplete: Set<SourceLocation> = []
        /// The names the rule files that could not be read may declare: `[]` when every file was
        /// read, `nil` when any name may be (a file too large, or not there).
        public var unreadNames: Set<String>? = []
        /// The custom checks the files declare (`custom:`, 1.3), in file order, each with whether
        /// a type of its file uses it.
        public var customChecks: [(declaration: CustomCheckDeclaration, isUsed: Bool)] = []
    }

    /// The reader's limits for each file.
    public var limits: YAMLLimits
    /// The implementations of the custom checks the rules use: a rule using one with none does not load.
    public var customChecks: CustomChecks

    /// Creates a loader; `customChecks` implements the custom checks the rule files declare.
    public init(limits: YAMLLimits = .default, customChecks: CustomChecks = CustomChecks()) {
        self.limits = limits
        self.customChecks = customChecks
    }

    /// A loader for tools that read rules and never give a verdict (export, lint, generate, diff): a
    /// custom check with no implementation loads, passing every value
    /// (``RuleSet/unimplementedCustomChecks(of:)`` names it).
    package static func declarationsOnly(limits: YAMLLimits = .default) -> RuleFileLoader {
        RuleFileLoader(limits: limits, customChecks: .declarationsOnly)
    }

    /// Loads every `.yaml` and `.yml` file at `paths` (files, or folders searched recursively,
    /// in name order) as one set, so types may refer to types of other files.
    public func load(_ paths: [String]) -> Result {
        load(paths, overlay: [:])
    }

    /// Loads the files at `paths` as ``load(_:)`` does, reading the text of each file `overlay` holds
    /// (by path, as the files at `paths` are named) instead of the file on disk, as an editor's unsaved
    /// buffers; a file of `overlay` inside a folder of `paths` is read even when not yet on disk.
    public func load(_ paths: [String], overlay: [String: [UInt8]]) -> Result {
        var diagnostics: [Diagnostic] = []
        var files = RuleFileLoader.yamlFiles(at: paths, diagnostics: &diagnostics)
        if !overlay.isEmpty {
            let folders = paths.map { $0.hasScalarSuffix("/") ? $0 : $0 + "/" }
            let unsaved = overlay.keys.filter { file in
                (file.hasScalarSuffix(".yaml") || file.hasScalarSuffix(".yml")) && !files.contains(file)
                    && folders.contains { file.hasScalarPrefix($0) }
            }
            if !unsaved.isEmpty {
                files = (files + unsaved).sorted()
                if files.count == unsaved.count { diagnostics.removeAll() }
            }
        }
        if files.isEmpty && !diagnostics.hasErrors {
            diagnostics.append(
                .error("no rule files (*.yaml, *.yml) in \(paths.map { "'\($0)'" }.joined(separator: ", "))", at: nil))
        }
        let sources = files.map { file in
            let reader = YAMLReader(file: file, limits: limits)
            return (file, overlay[file].map { reader.read($0) } ?? reader.read(contentsOf: file))
        }
        return compile(sources, diagnostics: diagnostics, files: files, overlay: overlay)
    }

    /// Loads one rule file's text; `file` names it in diagnostics.
    public func load(yaml: String, file: String = "rules.yaml") -> Result {
        load(bytes: Array(yaml.utf8), file: file)
    }

    /// Loads one rule file's bytes; `file` names it in diagnostics.
    public func load(bytes: [UInt8], file: String) -> Result {
        compile(
            [(file, YAMLReader(file: file, limits: limits).read(bytes))], diagnostics: [], files: [file],
            overlay: [file: bytes])
    }

    private func compile(
        _ sources: [(file: String, read: (root: YAMLNode?, diagnostics: [Diagnostic]))], diagnostics: [Diagnostic],
        files: [String], overlay: [String: [UInt8]]
    ) -> Result {
        var diagnostics = diagnostics
        var types: [TypeRule] = []
        var models: [ModelRule] = []
        var incomplete: Set<SourceLocation> = []
        var customChecks: [(declaration: CustomCheckDeclaration, isUsed: Bool)] = []
        // NB: the names a file that could not be read may declare; nil when even they are unknown.
        var declaredElsewhere: Set<String>? = []
        for (file, read) in sources {
            diagnostics += read.diagnostics
            // NB: a duplicate key does not stop reading: the rest of the file is parsed and checked
            // too, so that every mistake shows in one run; a mistake that stopped reading leaves no root.
            guard read.root != nil || !read.diagnostics.hasErrors else {
                if let names = Self.namesPossiblyDeclared(in: file, limits: limits, bytes: overlay[file]) {
                    declaredElsewhere?.formUnion(names)
                } else {
                    declaredElsewhere = nil
                }
                continue
            }
            var parser = RuleFileParser()
            parser.parse(read.root, file: file)
            diagnostics += parser.reader.diagnostics
            types += parser.types
            models += parser.models
            customChecks += parser.customChecks.map { ($0, parser.reader.usedCustomChecks.contains($0.name)) }
            incomplete.formUnion(parser.incomplete)
        }
        // NB: a duplicate key is read on, so the parser sees both pairs; what it says of the second
        // (a type declared twice) at the place the reader already reported would say it twice.
        let readerErrors = Set(sources.flatMap(\.read.diagnostics).filter { $0.severity == .error }.compactMap(\.range))
        func isCascade(_ diagnostic: Diagnostic) -> Bool {
            guard let range = diagnostic.range, readerErrors.contains(range) else { return false }
            return !sources.contains { $0.read.diagnostics.contains(diagnostic) }
        }
        diagnostics.removeAll(where: isCascade)
        var result = Result(ruleSet: nil, diagnostics: diagnostics, files: files, types: types, models: models)
        result.incomplete = incomplete
        result.unreadNames = declaredElsewhere
        result.customChecks = customChecks
        // NB: names resolve across files only once every file parsed. A file that could not be read
        // may declare the types others name: each name it may declare is no "unknown type" (that would
        // follow from its error), and every other mistake still shows in this run. A file read with
        // mistakes (an unknown key, a wrong check) is compiled as far as it goes, so that every
        // mistake shows in one run, never in rounds.
        guard let declaredElsewhere else { return result }
        do {
            let ruleSet = try RuleSet.compile(
                types: types, models: models, declaredElsewhere: declaredElsewhere,
                customChecks: self.customChecks, declarations: customChecks.map(\.declaration))
            if !diagnostics.hasErrors { result.ruleSet = ruleSet }
        } catch {
            result.diagnostics += error.diagnostics.filter { !isCascade($0) }
        }
        return result
    }

    /// Every name written as a key in a rule file that could not be read as YAML, any of which it may
    /// declare as a type or model; `nil` when the file cannot be read at all (or is over the size limit).
    static func namesPossiblyDeclared(in file: String, limits: YAMLLimits, bytes: [UInt8]? = nil) -> Set<String>? {
        let data: Data
        if let bytes {
            guard limits.sizeError(bytes.count, file: file) == nil else { return nil }
            data = Data(bytes)
        } else {
            guard let size = YAMLInput.size(of: file), limits.sizeError(size, file: file) == nil,
                let read = try? Data(contentsOf: URL(fileURLWithPath: file), options: .mappedIfSafe)
            else { return nil }
            data = read
        }
        var names: Set<String> = []
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        for line in data.split(separator: UInt8(ascii: "\n")) {
            let text = line.drop(while: blank)
            let name = text.prefix(while: { byte in
                byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            })
            guard !name.isEmpty, text.dropFirst(name.count).drop(while: blank).first == UInt8(ascii: ":") else {
                continue
            }
            names.insert(String(decoding: name, as: UTF8.self))
        }
        return names
    }

    /// The nearest folder named `rules` in `folder` or above it, as the spec runner finds a spec's
    /// rules and as commands find theirs when given none; relative to the working folder when inside
    /// it; `nil` when there is none.
    public static func nearestRulesFolder(above folder: String = ".") -> String? {
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
        var candidate = URL(fileURLWithPath: folder, relativeTo: base).standardizedFileURL
        while true {
            let rules = candidate.appendingPathComponent("rules")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: rules.path, isDirectory: &isFolder), isFolder.boolValue {
                let prefix = base.path.hasScalarSuffix("/") ? base.path : base.path + "/"
                return rules.path.hasScalarPrefix(prefix) ? String(rules.path.dropFirst(prefix.count)) : rules.path
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { return nil }
            candidate = parent
        }
    }

    /// `paths`, or the nearest `rules/` folder when there are none (`rules`, to be reported missing,
    /// when there is no such folder either).
    public static func rulePaths(_ paths: [String]) -> [String] {
        paths.isEmpty ? [nearestRulesFolder() ?? "rules"] : paths
    }

    /// The YAML files at `paths`: files as given, folders searched recursively, sorted by path.
    public static func yamlFiles(at paths: [String], diagnostics: inout [Diagnostic]) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                diagnostics.append(.error("no such file or folder '\(path)'", at: nil))
                continue
            }
            guard isFolder.boolValue else {
                files.append(path)
                continue
            }
            let found = (manager.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { $0.hasScalarSuffix(".yaml") || $0.hasScalarSuffix(".yml") }
                .sorted()
                .map { path.hasScalarSuffix("/") ? path + $0 : path + "/" + $0 }
            files += found
        }
        return files
    }
}
