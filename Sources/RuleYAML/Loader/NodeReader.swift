package import RuleCore

/// Reads typed values off YAML nodes, appending a located diagnostic for every mistake, so that a
/// loader can go on and report all of a file's mistakes.
package struct NodeReader {
    /// Every diagnostic found so far.
    package var diagnostics: [Diagnostic] = []

    /// How many of ``diagnostics`` are errors.
    var errorCount: Int { diagnostics.count { $0.severity == .error } }
    /// How many states the patterns read so far compile to, against ``maximumPatternStates``.
    var patternStates = 0
    /// The format version the file declares, which says the checks it may use (``CheckDescriptor/since``).
    var formatVersion = FileFormat.versions.last!
    /// The custom checks the file declares (`custom:`, 1.3), by name.
    var customChecks: [String: CustomCheckDeclaration] = [:]
    /// The names of ``customChecks`` that `checks:` uses.
    var usedCustomChecks: Set<String> = []
    /// The custom checks declared with a mistake that keeps them out of ``customChecks``: a use of
    /// one is no "unknown check" (the declaration's diagnostic says what is wrong).
    var misdeclaredCustomChecks: Set<String> = []

    /// Creates a reader with no diagnostics yet.
    package init() {}

    /// Records an error at `node`.
    package mutating func error(_ message: String, at node: YAMLNode, fix: Suggestion? = nil) {
        diagnostics.append(.error(message, at: node.range, fix: fix))
    }

    /// The pairs of a mapping node keyed by their scalar keys; reports a node that is not a
    /// mapping, keys that are not scalars, and keys not in `known` (with "did you mean").
    package mutating func mapping(_ node: YAMLNode, of what: String, known: [String]?) -> [(
        key: String, pair: YAMLPair
    )]? {
        guard let pairs = node.mapping else {
            error("expected a mapping for \(what), found \(node.kindDescription)", at: node)
            return nil
        }
        var result: [(key: String, pair: YAMLPair)] = []
        for pair in pairs {
            guard let key = pair.key.scalar?.text else {
                error("expected a name as key in \(what), found \(pair.key.kindDescription)", at: pair.key)
                continue
            }
            if let known, !known.contains(key) {
                // NB: a check written as a key of its type or model is the mistake a new user makes first.
                if known.contains("checks"), CheckDescriptors.allNames.contains(key) {
                    error(
                        "'\(key)' is a check, not a key of \(what); list it under 'checks:', as 'checks: [{ \(key): … }]'",
                        at: pair.key)
                } else if let closest = Suggestion.closest(to: key, among: known) {
                    error("unknown key '\(key)' in \(what)", at: pair.key, fix: closest)
                } else if known.contains("checks"),
                    let check = Suggestion.closest(to: key, among: CheckDescriptors.allNames)
                {
                    error(
                        "unknown key '\(key)' in \(what); did you mean the check '\(check.name)', under 'checks:'?",
                        at: pair.key)
                } else {
                    error("unknown key '\(key)' in \(what)", at: pair.key)
                }
                continue
            }
            result.append((key, pair))
        }
        return result
    }

    /// A scalar's text; reports a sequence or mapping.
    package mutating func text(_ node: YAMLNode, of what: String) -> String? {
        guard let scalar = node.scalar, !node.isNull else {
            error("expected text for \(what), found \(node.isNull ? "nothing" : node.kindDescription)", at: node)
            return nil
        }
        return scalar.text
    }

    /// A name usable as a Swift identifier and a JSON key: `[A-Za-z_][A-Za-z0-9_]*`.
    package mutating func identifier(_ node: YAMLNode, of what: String) -> String? {
        guard let text = text(node, of: what) else { return nil }
        guard Self.isIdentifier(text) else {
            error(
                "\(what) '\(text)' is not a valid name; use letters, digits and '_', not starting with a digit",
                at: node)
            return nil
        }
        return text
    }

    /// Whether `text` is `[A-Za-z_][A-Za-z0-9_]*`.
    package static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || ASCIICase.isASCIILetter(first) else {
            return false
        }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ASCIICase.isASCIILetter($0) || ASCIICase.isASCIIDigit($0) }
    }

    /// `true` or `false`, plain, as YAML 1.2 reads them (`yes` is text, not a boolean).
    package mutating func bool(_ node: YAMLNode, of what: String) -> Bool? {
        if let scalar = node.scalar, scalar.style == .plain, scalar.text == "true" || scalar.text == "false" {
            return scalar.text == "true"
        }
        error("expected true or false for \(what), found \(describe(node))", at: node)
        return nil
    }

    /// A whole number written plain (`20`), not quoted.
    package mutating func integer(_ node: YAMLNode, of what: String) -> Int? {
        if let scalar = node.scalar, scalar.style == .plain, let number = Int(scalar.text) {
            return number
        }
        error("expected a whole number for \(what), found \(describe(node))", at: node)
        return nil
    }

    /// An exact decimal number written plain (`-1.5`), not quoted, keeping its fraction digits as
    /// written (`50.00`) for messages and exports.
    package mutating func decimal(_ node: YAMLNode, of what: String) -> DecimalNumber? {
        if let scalar = node.scalar, scalar.style == .plain, let number = DecimalNumber(written: scalar.text) {
            return number
        }
        error("expected a number for \(what), found \(describe(node))", at: node)
        return nil
    }

    /// The items of a sequence node.
    package mutating func sequence(_ node: YAMLNode, of what: String) -> [YAMLNode]? {
        guard let items = node.sequence else {
            error("expected a list for \(what), found \(node.kindDescription)", at: node)
            return nil
        }
        return items
    }

    /// How a node reads in a diagnostic: `'yes'`, `the string '5'`, `a mapping`.
    package func describe(_ node: YAMLNode) -> String {
        guard let scalar = node.scalar else { return node.kindDescription }
        if node.isNull { return "nothing" }
        return scalar.style == .plain ? "'\(scalar.text)'" : "the string '\(scalar.text)'"
    }
}
