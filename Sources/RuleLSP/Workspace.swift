import Foundation
import RuleCore
import RuleSpec
import RuleYAML

/// The open documents and what the server knows of them: their diagnostics, from the checker of
/// `rulecheck lint`, and the rules each is read against, with open documents winning over disk.
struct Workspace {
    /// The open documents by URI.
    var documents: [String: TextDocument] = [:]
    /// Whether the client takes snippets in completions (`$1` and `${1:text}`); plain text when not.
    var snippets = false
    /// Whether the client asks for an action's edit when it is chosen (`codeAction/resolve`): the
    /// edit of suggested cases, which mutates the rules, is then made only for the action chosen.
    var resolvesEdits = false
    /// Whether the client shows an action that cannot apply, with the reason (`disabled`); when not,
    /// such an action is left out.
    var showsDisabled = false

    /// Opens a document.
    mutating func open(uri: String, version: Int, text: String) {
        documents[uri] = TextDocument(uri: uri, path: Self.path(ofURI: uri), version: version, text: text)
    }

    /// Closes a document: from now on the file on disk counts.
    mutating func close(uri: String) {
        documents[uri] = nil
    }

    /// The open documents' text by path, to read instead of the files on disk.
    var overlay: [String: [UInt8]] {
        Dictionary(documents.values.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
    }

    /// The path a `file:` URI names, with `.` and `..` folded; any other URI stands for itself.
    static func path(ofURI uri: String) -> String {
        guard uri.hasScalarPrefix("file:"), let url = URL(string: uri), !url.path.isEmpty else { return uri }
        return (url.path as NSString).standardizingPath
    }

    /// The URI of `path`: the open document's own when it is open, so that the client knows it.
    func uri(ofPath path: String) -> String {
        if let open = documents.values.first(where: { $0.path == path }) { return open.uri }
        return URL(fileURLWithPath: path).absoluteString
    }

    /// Whether a document is a spec file (a top-level `cases:`).
    static func isSpec(_ document: TextDocument) -> Bool {
        SpecFileCheck.isSpecFile(document.bytes)
    }

    // MARK: Diagnostics

    /// Each open document's diagnostics, as the protocol's `Diagnostic` objects, by URI.
    func diagnostics() -> [(uri: String, diagnostics: [ValidationInput])] {
        let overlay = overlay
        // NB: the rule files open together in one `rules/` folder are loaded and linted once for all of them.
        var linted: [[String]: [Diagnostic]] = [:]
        return documents.values.sorted { $0.uri < $1.uri }.map { document in
            let found = diagnostics(of: document, overlay: overlay, linted: &linted)
            return (document.uri, found.map { protocolDiagnostic($0, in: document) })
        }
    }

    /// What `rulecheck lint` says of `document`: a spec file checked against its rules, a rule file
    /// loaded with the other rule files of its `rules/` folder; only what lies in the document.
    /// `linted` keeps what linting each set of rule files found, for the other documents among them.
    func diagnostics(
        of document: TextDocument, overlay: [String: [UInt8]], linted: inout [[String]: [Diagnostic]]
    ) -> [Diagnostic] {
        let found: [Diagnostic]
        if Self.isSpec(document) {
            var linter = SpecLinter(overlay: overlay)
            found = linter.diagnostics(of: [document.path])
        } else {
            let files = ruleFiles(with: document.path, overlay: overlay)
            if let done = linted[files] {
                found = done
            } else {
                found = LintDiagnostics.rules(RuleFileLoader.declarationsOnly().load(files, overlay: overlay))
                linted[files] = found
            }
        }
        // NB: as `lint`: each diagnostic once, in file order.
        var seen: Set<String> = []
        return found.filter { $0.range == nil || $0.range?.start.file == document.path }
            .filter { seen.insert("\($0.range?.description ?? "")\u{0}\($0.message)").inserted }
            .enumerated().sorted { a, b in
                let none = SourceLocation(file: "", line: 0, column: 0)
                let (x, y) = (a.element.range?.start ?? none, b.element.range?.start ?? none)
                return x == y ? a.offset < b.offset : x < y
            }.map(\.element)
    }

    /// The rule files read with rule file `path`: those of the nearest folder named `rules` that
    /// holds it (open documents included, spec files left out), or the file alone.
    func ruleFiles(with path: String, overlay: [String: [UInt8]]) -> [String] {
        guard let folder = Self.rulesFolder(holding: path) else { return [path] }
        return ruleFiles(in: folder, overlay: overlay)
    }

    /// The rule files in `folder`, open documents included, spec files left out.
    func ruleFiles(in folder: String, overlay: [String: [UInt8]]) -> [String] {
        var ignored: [Diagnostic] = []
        var files = Set(RuleFileLoader.yamlFiles(at: [folder], diagnostics: &ignored))
        let prefix = folder.hasScalarSuffix("/") ? folder : folder + "/"
        files.formUnion(
            overlay.keys.filter { path in
                path.hasScalarPrefix(prefix) && (path.hasScalarSuffix(".yaml") || path.hasScalarSuffix(".yml"))
            })
        return files.filter { file in
            if let bytes = overlay[file] { return !SpecFileCheck.isSpecFile(bytes) }
            guard let handle = FileHandle(forReadingAtPath: file) else { return true }
            defer { try? handle.close() }
            return !SpecFileCheck.isSpecFile((try? handle.read(upToCount: 64 << 10)) ?? Data())
        }.sorted()
    }

    /// The nearest folder named `rules` above `path`, if any.
    static func rulesFolder(holding path: String) -> String? {
        var folder = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty, folder != "/" {
            if (folder as NSString).lastPathComponent == "rules" { return folder }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// The protocol's `Diagnostic` for `diagnostic` in `document`; its notes as related information.
    func protocolDiagnostic(_ diagnostic: Diagnostic, in document: TextDocument) -> ValidationInput {
        var members: [String: ValidationInput] = [
            "range": range(diagnostic.range, in: document),
            "severity": .integer(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3),
            "source": .string("rulecheck"),
            "message": .string(diagnostic.message),
        ]
        let related = diagnostic.notes.compactMap { note -> ValidationInput? in
            guard let range = note.range else { return nil }
            return .object(["location": location(range), "message": .string(note.message)])
        }
        if !related.isEmpty { members["relatedInformation"] = .list(related) }
        return .object(members)
    }

    /// The protocol's `Range` of a diagnostic's range in `document`; the document's start when none.
    func range(_ range: SourceRange?, in document: TextDocument) -> ValidationInput {
        guard let range else { return Self.protocolRange(.init(line: 0, character: 0), .init(line: 0, character: 0)) }
        return Self.protocolRange(document.position(of: range.start), document.position(of: range.end))
    }

    /// The protocol's `Location` of `range`, in an open document or a file on disk.
    func location(_ range: SourceRange) -> ValidationInput {
        let file = range.start.file
        let document =
            documents.values.first { $0.path == file }
            ?? TextDocument(
                uri: uri(ofPath: file), path: file, version: 0,
                text: (try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
        return .object(["uri": .string(document.uri), "range": self.range(range, in: document)])
    }

    static func protocolRange(_ start: TextDocument.Position, _ end: TextDocument.Position) -> ValidationInput {
        .object(["start": protocolPosition(start), "end": protocolPosition(end)])
    }

    static func protocolPosition(_ position: TextDocument.Position) -> ValidationInput {
        .object(["line": .integer(position.line), "character": .integer(position.character)])
    }
}
