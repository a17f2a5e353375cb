package import RuleCore
package import RuleYAML

/// Reads a spec file case by case from libyaml's events, so that a file of a million cases runs
/// in bounded memory: each case is decoded from its events, and only a case with a mistake is
/// ever a node tree, for its diagnostics.
///
/// ```swift
/// let reader = try SpecFileReader(file: "specs/task.yaml", source: try YAMLInput.read("specs/task.yaml", limits: .specFile))
/// let header = try reader.readHeader()
/// while let specCase = try reader.nextCase() { … }
/// ```
package final class SpecFileReader {
    private let file: String
    /// The file's bytes while recording, where `--update` needs them to place what it inserts.
    private let recordedBytes: [UInt8]?
    private let events: YAMLEventReader
    private var nodes: NodeReader {
        get { state.pointee.nodes }
        _modify { yield &state.pointee.nodes }
    }
    /// Whether cases are decoded from their events; else every case is read as a node (for tests
    /// that compare the two).
    var decodesEvents: Bool {
        get { state.pointee.decodesEvents }
        set { state.pointee.decodesEvents = newValue }
    }
    /// Whether cases carry their expectation's bytes (``SpecCase/expectationBytes``).
    private let rerecording: Bool
    /// How many cases were decoded from their events, not read as nodes.
    var decodedCases: Int { state.pointee.decodedCases }
    /// The lists of codes of recent cases, which most cases repeat.
    private let recentErrors = RecentErrors()
    private var currentType: CaseType? {
        get { state.pointee.currentType }
        set { state.pointee.currentType = newValue }
    }
    private var finished: Bool {
        get { state.pointee.finished }
        set { state.pointee.finished = newValue }
    }

    /// What changes from case to case.
    private struct CaseState {
        /// The node path's reader, with its diagnostics (their count is asked twice per case).
        var nodes = NodeReader()
        var drained = (events: 0, nodes: 0)
        var decodesEvents = true
        var decodedCases = 0
        /// The events of the case being read, kept for reuse.
        var caseEvents = YAMLEventBuffer()
        var currentType: CaseType?
        var ordinal = 0
        var finished = false
    }

    // NB: behind a pointer, as YAMLEventReader's state, so that reading a case checks no exclusive
    // access per property (three checks per case, some 80 instructions each); only this class's
    // methods touch it, one at a time.
    // NB: allocated last in `init`, after everything that throws: a class whose init throws runs
    // no `deinit`, so an earlier allocation leaked on every file that was not UTF-8 (FuzzSpecFile).
    private let state: UnsafeMutablePointer<CaseState>

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    package static let headerKeys = FileFormat.specFileKeys
    package static let caseKeys = FileFormat.caseKeys

    /// How many diagnostics of each reader ``newDiagnostics()`` has given.
    private var drained: (events: Int, nodes: Int) {
        get { state.pointee.drained }
        set { state.pointee.drained = newValue }
    }

    /// Mistakes that skip a case or a section but let reading go on, in file order.
    package var diagnostics: [Diagnostic] { events.diagnostics + nodes.diagnostics }

    /// How many mistakes were found so far, without joining the two lists (asked once per case).
    private var mistakeCount: Int { events.diagnosticCount + nodes.diagnostics.count }

    /// Whether ``newDiagnostics()`` has any to give.
    package var hasNewDiagnostics: Bool { mistakeCount != drained.events + drained.nodes }

    /// The diagnostics found since the last call, in file order: a runner reports them as it
    /// goes, so they come out interleaved in the right order with its own.
    package func newDiagnostics() -> [Diagnostic] {
        // NB: asked once per case, and almost always with nothing new.
        guard hasNewDiagnostics else { return [] }
        let fresh = events.diagnostics.dropFirst(drained.events) + nodes.diagnostics.dropFirst(drained.nodes)
        drained = (events.diagnostics.count, nodes.diagnostics.count)
        return fresh.sorted {
            ($0.range?.start.line ?? 0, $0.range?.start.column ?? 0) < (
                $1.range?.start.line ?? 0, $1.range?.start.column ?? 0
            )
        }
    }

    /// Creates a reader of a spec file's bytes; when `recording`, a case with no expectation is
    /// read with an ``SpecCase/Expectation/unrecorded(_:)`` one for `--update` to fill in, not refused.
    ///
    /// - Throws: `Diagnostic` when the file is too large or not UTF-8.
    package convenience init(
        file: String, bytes: [UInt8], limits: YAMLLimits = .specFile, recording: Bool = false
    ) throws(Diagnostic) {
        try self.init(file: file, source: YAMLInput(copying: bytes), limits: limits, recording: recording)
    }

    /// Creates a reader of a spec file read into `source`; when `recording`, as above.
    ///
    /// - Throws: `Diagnostic` when the file is too large or not UTF-8.
    /// With `rerecording`, each case also carries the bytes of its expectation, for `--update=all`.
    /// With a `pipeline` size, libyaml parses ahead on a thread of its own (``EventPipeline``).
    package init(
        file: String, source: YAMLInput, limits: YAMLLimits = .specFile, recording: Bool = false,
        rerecording: Bool = false, pipeline: EventPipeline.Size? = nil
    ) throws(Diagnostic) {
        self.file = file
        recordedBytes = recording || rerecording ? Array(source.bytes) : nil
        self.rerecording = rerecording
        // NB: only `--update` places text by its bytes; without it, no mark is converted to a byte offset.
        events = try YAMLEventReader(
            file: file, source: source, limits: limits, byteOffsets: recordedBytes != nil, pipeline: pipeline)
        state = .allocate(capacity: 1)
        state.initialize(to: CaseState())
        // NB: the expectation's bytes are known on the node path only.
        decodesEvents = !rerecording
    }

    /// Reads the settings up to `cases:` and enters the cases.
    ///
    /// - Throws: `Diagnostic` when the file cannot be used at all: bad YAML, no `rulecheck: 1`,
    ///   a malformed `today`, no `cases`.
    package func readHeader() throws(Diagnostic) -> SpecHeader {
        var header = SpecHeader(file: file, language: "en")
        _ = try events.next()  // stream start
        let document = try events.next()
        guard document.kind == .documentStart else {
            throw .error("the spec file is empty; start it with 'rulecheck: 1'", at: document.range(in: file))
        }
        let root = try events.next()
        guard root.kind == .mappingStart else {
            throw .error(
                "expected a mapping with 'rulecheck: 1' and 'cases:' at the top of the spec file",
                at: root.range(in: file))
        }
        var sawVersion = false
        while true {
            let keyEvent = try events.peek()
            if keyEvent.kind == .mappingEnd {
                throw .error("the spec file has no 'cases:'", at: root.range(in: file))
            }
            let key = try events.readNode()
            guard let name = key.scalar?.text, Self.headerKeys.contains(name) else {
                let text = key.scalar?.text ?? key.kindDescription
                nodes.error(
                    "unknown key '\(text)' in a spec file", at: key, fix: .closest(to: text, among: Self.headerKeys))
                try events.skipNode()
                continue
            }
            if name == "cases" {
                guard sawVersion else { throw .error("missing 'rulecheck: 1' before 'cases:'", at: key.range) }
                let start = try events.peek()
                guard start.kind == .mappingStart else {
                    if try events.readNode().isNull {
                        finished = true
                        return header
                    }
                    throw .error(
                        "expected a mapping from type names to lists of cases for 'cases'", at: start.range(in: file))
                }
                _ = try events.next()
                return header
            }
            let value = try events.readNode()
            switch name {
            case "rulecheck":
                guard FormatVersion.isSupported(value.scalar?.text, plain: value.scalar?.style == .plain) else {
                    throw .error(FormatVersion.unsupported(nodes.describe(value)), at: value.range)
                }
                sawVersion = true
            case "rules":
                header.rules = nodes.text(value, of: "'rules'")
                header.rulesRange = value.range
            case "today":
                header.writesToday = true
                // NB: recorded, not thrown, so that the cases are still read and checked.
                guard let text = value.scalar?.text, let date = LocalDate(text) else {
                    nodes.error("expected a date as YYYY-MM-DD for 'today', found \(nodes.describe(value))", at: value)
                    continue
                }
                header.today = date
            default:  // language
                if let tag = nodes.text(value, of: "'language'") { header.language = tag }
            }
        }
    }

    /// The next case in file order, or `nil` after the last; a case with a mistake is skipped
    /// and its diagnostic added to ``diagnostics``.
    ///
    /// - Throws: `Diagnostic` for bad YAML, which ends the file.
    package func nextCase() throws(Diagnostic) -> SpecCase? {
        while !finished {
            if currentType == nil {
                guard try enterType() else { continue }
            }
            if try events.peek().kind.is(.sequenceEnd) {
                _ = try events.next()
                currentType = nil
                continue
            }
            // NB: a case with any mistake is skipped whole, so that it never passes by accident.
            let mistakes = mistakeCount
            state.pointee.caseEvents.removeAll()
            try events.readEvents(into: &state.pointee.caseEvents)
            let ordinal = state.pointee.ordinal
            state.pointee.ordinal += 1
            if decodesEvents, mistakeCount == mistakes, let type = currentType,
                let specCase = CaseDecoder(events: state.pointee.caseEvents, file: file, recentErrors: recentErrors)
                    .decode(type: type, ordinal: ordinal)
            {
                state.pointee.decodedCases += 1
                return specCase
            }
            // NB: a case the decoder leaves (a mistake, or one to fill in) is read as a node, which says what is wrong.
            let node = state.pointee.caseEvents.node(file: file)
            if let specCase = parseCase(node, ordinal: ordinal), mistakeCount == mistakes { return specCase }
        }
        return nil
    }

    /// Reads the next `TypeName:` key and enters its list; `false` when there was none to enter.
    private func enterType() throws(Diagnostic) -> Bool {
        let next = try events.peek()
        if next.kind == .mappingEnd {
            _ = try events.next()
            try finish()
            return false
        }
        let key = try events.readNode()
        guard let name = key.scalar?.text else {
            nodes.error("expected a type or model name, found \(key.kindDescription)", at: key)
            try events.skipNode()
            return false
        }
        let list = try events.peek()
        guard list.kind == .sequenceStart else {
            nodes.error(
                "expected a list of cases for '\(name)', found \(nodes.describe(try events.readNode()))", at: key)
            return false
        }
        _ = try events.next()
        currentType = CaseType(name: name, range: key.range)
        return true
    }

    /// Reads what follows `cases:`: settings there come too late for the cases already run.
    private func finish() throws(Diagnostic) {
        while try events.peek().kind != .mappingEnd {
            let key = try events.readNode()
            try events.skipNode()
            let name = key.scalar?.text ?? key.kindDescription
            nodes.error(
                Self.headerKeys.contains(name)
                    ? "'\(name)' must come before 'cases:'" : "unknown key '\(name)' in a spec file",
                at: key, fix: Self.headerKeys.contains(name) ? nil : .closest(to: name, among: Self.headerKeys))
        }
        _ = try events.next()  // mapping end
        _ = try events.next()  // document end
        let after = try events.next()
        if after.kind != .streamEnd {
            nodes.error(
                "expected a single YAML document",
                at: YAMLNode(.scalar(YAMLScalar("", style: .plain)), range: after.range(in: file), bytes: after.bytes))
        }
        finished = true
    }

    /// A case's keys, read in one pass over its pairs.
    private struct CaseFields {
        var input, out, valid, errors, name, message: YAMLPair?
        /// The keys an unknown key was reported as a misspelling of ("did you mean 'in'?"): a key
        /// missing for that reason is not reported again (no cascade).
        var misspelt: Set<String> = []

        /// The expectations present, in the order the message about them lists them.
        var expectations: [(name: String, pair: YAMLPair)] {
            [("out", out), ("valid", valid), ("errors", errors)].compactMap { entry in entry.1.map { (entry.0, $0) } }
        }
    }

    /// The keys of a case's mapping, with a diagnostic for each key that is not one.
    private func caseFields(_ node: YAMLNode) -> CaseFields? {
        guard let pairs = node.mapping else {
            nodes.error("expected a mapping for a case, found \(node.kindDescription)", at: node)
            return nil
        }
        var fields = CaseFields()
        for pair in pairs {
            switch pair.key.scalar?.text {
            case "in": fields.input = fields.input ?? pair
            case "out": fields.out = fields.out ?? pair
            case "valid": fields.valid = fields.valid ?? pair
            case "errors": fields.errors = fields.errors ?? pair
            case "name": fields.name = fields.name ?? pair
            case "message": fields.message = fields.message ?? pair
            case let key?:
                let fix = Suggestion.closest(to: key, among: Self.caseKeys)
                if let fix { fields.misspelt.insert(fix.name) }
                nodes.error("unknown key '\(key)' in a case", at: pair.key, fix: fix)
            case nil: nodes.error("expected a name as key in a case, found \(pair.key.kindDescription)", at: pair.key)
            }
        }
        return fields
    }

    private func parseCase(_ node: YAMLNode, ordinal: Int) -> SpecCase? {
        guard let type = currentType, let fields = caseFields(node) else { return nil }
        guard let inPair = fields.input else {
            if !fields.misspelt.contains("in") { nodes.error("a case needs 'in:', the value to validate", at: node) }
            return nil
        }
        let expectations = fields.expectations
        guard expectations.count == 1 || (expectations.isEmpty && recordedBytes != nil) else {
            let misspeltExpectation = !fields.misspelt.isDisjoint(with: ["out", "valid", "errors"])
            if expectations.isEmpty && misspeltExpectation { return nil }
            nodes.error(
                expectations.isEmpty
                    ? "a case needs one of 'out', 'valid' or 'errors'; run with '--update' to fill in the current result"
                    : "a case has exactly one expectation; found \(expectations.map { "'\($0.name)'" }.joined(separator: " and "))",
                at: expectations.count > 1 ? expectations[1].pair.key : node)
            return nil
        }
        guard let input = input(inPair.value) else { return nil }
        let expectation: SpecCase.Expectation
        switch expectations.first?.name {
        case nil:
            guard let slot = ExpectationSlot(case: node, in: recordedBytes!) else {
                nodes.error(
                    "cannot fill in a case whose last value is an alias; write its expectation by hand", at: node)
                return nil
            }
            expectation = .unrecorded(slot)
        case "out":
            guard let value = expected(fields.out!.value) else { return nil }
            expectation = .out(value)
        case "valid":
            switch nodes.bool(fields.valid!.value, of: "'valid'") {
            case true?: break
            case false?:
                nodes.error(
                    "'valid' can only be true; to expect violations, list them in 'errors'", at: fields.valid!.value)
                return nil
            case nil: return nil
            }
            expectation = .valid
        default:
            guard let errors = byPath(fields.errors!.value, of: "'errors'", leaf: codes) else { return nil }
            guard errors.values.contains(where: { !$0.isEmpty }) else {
                nodes.error(
                    "'errors' lists no code; to expect a valid value, write 'valid: true'", at: fields.errors!.value)
                return nil
            }
            expectation = .errors(errors)
        }
        var messages: [String: String] = [:]
        if let message = fields.message {
            guard
                let parsed = byPath(
                    message.value, of: "'message'", leaf: { [self] node in nodes.text(node, of: "a message") })
            else { return nil }
            messages = parsed
        }
        var name: String?
        if let pair = fields.name { name = nodes.text(pair.value, of: "'name'") }
        var specCase = SpecCase(
            type: type, name: name, input: input.value, writtenOrder: input.order,
            expectation: expectation, messages: messages, range: node.range, ordinal: ordinal)
        if rerecording, let pair = expectations.first?.pair {
            specCase.expectationBytes = ExpectationSlot.bytes(of: pair, in: recordedBytes!)
        }
        return specCase
    }

    /// `in:` as YAML 1.2 reads it: quoted is text, plain is its text as written; null, `~` and
    /// empty mean absent; a mapping gives a model's fields, with how they read in written order.
    private func input(_ node: YAMLNode) -> (value: ValidationInput, order: WrittenOrder?)? {
        if node.isNull { return (.absent, nil) }
        if let scalar = node.scalar { return (.text(scalar.text), nil) }
        if let items = node.sequence {
            var values: [ValidationInput] = []
            var orders: [WrittenOrder?] = []
            for item in items {
                guard let read = input(item) else { return nil }
                values.append(read.value)
                orders.append(read.order)
            }
            return (.list(values), orders.contains { $0 != nil } ? .list(orders) : nil)
        }
        guard let pairs = nodes.mapping(node, of: "'in'", known: nil) else { return nil }
        var record: [String: ValidationInput] = [:]
        var order: [(key: String, order: WrittenOrder?)] = []
        for (key, pair) in pairs {
            guard let field = input(pair.value) else { return nil }
            record[key] = field.value
            order.append((key, field.order))
        }
        return (.record(record), .record(order))
    }

    private func expected(_ node: YAMLNode) -> ExpectedValue? {
        if node.isNull { return .absent }
        if let scalar = node.scalar { return .scalar(scalar.text) }
        if let items = node.sequence {
            let values = items.compactMap(expected)
            return values.count == items.count ? .list(values) : nil
        }
        guard let pairs = nodes.mapping(node, of: "'out'", known: nil) else { return nil }
        var fields: [String: ExpectedValue] = [:]
        for (key, pair) in pairs {
            guard let value = expected(pair.value) else { return nil }
            fields[key] = value
        }
        return .record(fields)
    }

    /// A list of codes (or a single code).
    private func codes(_ node: YAMLNode) -> [String]? {
        if node.scalar != nil, !node.isNull { return nodes.identifier(node, of: "code").map { [$0] } }
        guard let items = nodes.sequence(node, of: "'errors'") else { return nil }
        let codes = items.compactMap { nodes.identifier($0, of: "code") }
        return codes.count == items.count ? codes : nil
    }

    /// A value for the type's own value (path `""`), or a mapping by field (nested mappings or
    /// dotted paths such as `login.email`) for a model.
    private func byPath<T>(_ node: YAMLNode, of what: String, leaf: (YAMLNode) -> T?) -> [String: T]? {
        guard node.mapping != nil else { return leaf(node).map { ["": $0] } }
        var result: [String: T] = [:]
        for (key, pair) in nodes.mapping(node, of: what, known: nil) ?? [] {
            guard let inner = byPath(pair.value, of: what, leaf: leaf) else { return nil }
            for (path, value) in inner { result[path.isEmpty ? key : key + "." + path] = value }
        }
        return result
    }
}
