import RuleYAML

/// Where a position lies in a document's YAML: the keys from the root to the node under it
/// (`#` for each sequence item), the node, and whether it is a key.
struct DocumentCursor {
    /// The keys from the root: `["types", "TaskTitle", "checks", "#", "length"]`.
    var keys: [String]
    /// The node under the position: a key, a value, or the collection it lies in.
    var node: YAMLNode
    /// Whether ``node`` is a mapping's key.
    var isKey: Bool

    /// The scalar's text under the position, if any.
    var word: String? { node.scalar?.text }

    /// The cursor at UTF-8 `offset` in the tree under `node`; a node's end counts as inside it, so
    /// that a position just after a word is on the word.
    static func at(_ offset: Int, in node: YAMLNode, keys: [String] = []) -> DocumentCursor {
        switch node.content {
        case .mapping(let pairs):
            for pair in pairs {
                let key = pair.key.scalar?.text ?? ""
                if contains(pair.key.bytes, offset) {
                    return DocumentCursor(keys: keys + [key], node: pair.key, isKey: true)
                }
                if contains(pair.value.bytes, offset)
                    || (pair.value.bytes.isEmpty && pair.value.isNull
                        && offset
                            == pair.value.bytes.lowerBound)
                {
                    return at(offset, in: pair.value, keys: keys + [key])
                }
            }
        case .sequence(let items):
            for item in items where contains(item.bytes, offset) {
                return at(offset, in: item, keys: keys + ["#"])
            }
        case .scalar:
            break
        }
        return DocumentCursor(keys: keys, node: node, isKey: false)
    }

    private static func contains(_ bytes: Range<Int>, _ offset: Int) -> Bool {
        !bytes.isEmpty && bytes.lowerBound <= offset && offset <= bytes.upperBound
    }

    /// Every node in the tree under `node`, with the keys above it, keys and values alike.
    static func walk(
        _ node: YAMLNode, keys: [String] = [], _ visit: (_ keys: [String], _ node: YAMLNode, _ isKey: Bool) -> Void
    ) {
        switch node.content {
        case .mapping(let pairs):
            for pair in pairs {
                let key = pair.key.scalar?.text ?? ""
                visit(keys + [key], pair.key, true)
                walk(pair.value, keys: keys + [key], visit)
            }
        case .sequence(let items):
            for item in items { walk(item, keys: keys + ["#"], visit) }
        case .scalar:
            visit(keys, node, false)
        }
    }
}

/// What a name in a rule or spec file stands for.
enum DocumentSymbolKind: Equatable {
    /// A check's name, such as `length`.
    case check(String)
    /// A type's or model's name.
    case name(String)
    /// A code, such as `tooShort`.
    case code(String)
    /// A field of a model, as a check across fields names it.
    case field(model: String, field: String)
}

extension DocumentCursor {
    /// In a rule file, the type or model the cursor lies in: the one a code written there belongs to.
    func owner(isSpec: Bool) -> String? {
        guard !isSpec, keys.count >= 3, keys[0] == "types" || keys[0] == "models" else { return nil }
        return keys[1]
    }

    /// What the word under the cursor stands for, by where it is written.
    func symbol(isSpec: Bool) -> DocumentSymbolKind? {
        guard let word, !word.isEmpty else { return nil }
        let k = keys
        let parent = k.count >= 2 ? k[k.count - 2] : nil
        if isSpec {
            if isKey, k.count == 2, k[0] == "cases" { return .name(word) }
            if !isKey, k.first == "cases", k.contains("errors") { return .code(word) }
            return nil
        }
        if isKey, k.count == 2, k[0] == "types" || k[0] == "models" { return .name(word) }
        // NB: `- length: { … }` or `- email`.
        if isKey, k.count >= 3, k[k.count - 2] == "#", k[k.count - 3] == "checks" { return .check(word) }
        if !isKey, k.last == "#", parent == "checks" { return .check(word) }
        if isKey, parent == "messages" { return .code(word) }
        if !isKey, k.last == "code" { return .code(word) }
        if !isKey, k.last == "#", parent == "serverCodes" { return .code(word) }
        if !isKey, k.count == 3, k[0] == "types", k[2] == "type" { return .name(word) }
        if !isKey, k.count >= 4, k[0] == "models", k[2] == "fields" {
            if k.count == 4 || (k.count == 5 && (k[4] == "type" || k[4] == "list")) { return .name(word) }
        }
        if !isKey, k.count >= 4, k[0] == "models", k[2] == "checks",
            k.contains("fields") || k.last == "field" || k.last == "when"
        {
            return .field(model: k[1], field: word)
        }
        return nil
    }
}
