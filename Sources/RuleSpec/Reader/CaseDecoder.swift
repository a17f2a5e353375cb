import RuleCore
import RuleYAML

/// Decodes a well-formed case straight from its events, without a node tree: the way almost
/// every case of a long spec file is read.
///
/// It accepts exactly the cases that ``SpecFileReader``'s node path reads without a diagnostic,
/// and gives what that path gives; for anything else (a mistake, a case to fill in) it answers
/// `nil` and the node path reads the case, so that every diagnostic is made in one place.
struct CaseDecoder {
    let events: YAMLEventBuffer
    /// ``events``' events, read straight from their array: the buffer's subscript, in another
    /// module, was a call per event read.
    private let list: [YAMLEventBuffer.Event]
    let file: String
    /// The `errors:` of the cases read before, to reuse when a case repeats one.
    let recentErrors: RecentErrors

    init(events: YAMLEventBuffer, file: String, recentErrors: RecentErrors) {
        self.events = events
        list = events.events
        self.file = file
        self.recentErrors = recentErrors
    }

    /// The case whose events fill ``events``, or `nil` to leave it to the node path.
    func decode(type: CaseType, ordinal: Int) -> SpecCase? {
        guard events.count >= 2, list[0].kind.is(.mappingStart) else { return nil }
        // NB: the input and how it reads apart, not as an optional tuple, which was copied whole twice.
        var input: ValidationInput?
        var writtenOrder: WrittenOrder?
        var expectation: SpecCase.Expectation?
        var messages: [String: String] = [:]
        var name: String?
        var position = 1
        while !list[position].kind.is(.mappingEnd) {
            let key = position
            guard list[key].kind.is(.scalar) else { return nil }
            let value = key + 1
            let next = list[value].kind.is(.scalar) ? value + 1 : events.end(ofNodeAt: value)
            switch field(at: key) {
            case .input:
                guard input == nil, let read = self.input(at: value) else { return nil }
                (input, writtenOrder) = read
            case .out:
                guard expectation == nil, let read = expected(at: value) else { return nil }
                expectation = .out(read)
            case .valid:
                guard expectation == nil, list[value].kind.is(.scalar), list[value].style == .plain,
                    events.textEquals(value, "true")
                else { return nil }
                expectation = .valid
            case .errors:
                guard expectation == nil, let errors = errors(at: value),
                    errors.values.contains(where: { !$0.isEmpty })
                else { return nil }
                expectation = .errors(errors)
            case .message:
                guard messages.isEmpty, let read = byPath(at: value, leaf: text) else { return nil }
                messages = read
            case .name:
                guard name == nil, let read = text(at: value) else { return nil }
                name = read
            case nil:
                return nil
            }
            position = next
        }
        guard let input, let expectation else { return nil }
        return SpecCase(
            type: type, name: name, input: input, writtenOrder: writtenOrder, expectation: expectation,
            messages: messages,
            range: SourceRange(file, list[0].start, list[position].end), ordinal: ordinal)
    }

    /// A case's keys.
    private enum Field { case input, out, valid, errors, message, name }

    /// The key the scalar at `index` is, if it is one of a case's: its length tells which it can
    /// be (each has its own), and one comparison whether it is.
    private func field(at index: Int) -> Field? {
        events.bytes.withUnsafeBufferPointer { bytes in
            let text = UnsafeBufferPointer(rebasing: bytes[list[index].value])
            let (field, name): (Field, StaticString)
            switch text.count {
            case 2: (field, name) = (.input, "in")
            case 3: (field, name) = (.out, "out")
            case 4: (field, name) = (.name, "name")
            case 5: (field, name) = (.valid, "valid")
            case 6: (field, name) = (.errors, "errors")
            case 7: (field, name) = (.message, "message")
            default: return nil
            }
            let expected = name.utf8Start
            for offset in 0..<text.count where text[offset] != expected[offset] { return nil }
            return field
        }
    }

    /// `in:` as the node path reads it: null is absent, a scalar its text, a sequence a list, a
    /// mapping a record, with how a list or record reads.
    private func input(at index: Int) -> (value: ValidationInput, order: WrittenOrder?)? {
        switch list[index].kind {
        case .scalar:
            return events.isNull(index) ? (.absent, nil) : (.text(events.text(index)), nil)
        case .sequenceStart:
            var values: [ValidationInput] = []
            var orders: [WrittenOrder?] = []
            var position = index + 1
            while !list[position].kind.is(.sequenceEnd) {
                guard let read = input(at: position) else { return nil }
                values.append(read.value)
                orders.append(read.order)
                position = events.end(ofNodeAt: position)
            }
            return (.list(values), orders.contains { $0 != nil } ? .list(orders) : nil)
        case .mappingStart:
            var record: [String: ValidationInput] = [:]
            var order: [(key: String, order: WrittenOrder?)] = []
            var position = index + 1
            while !list[position].kind.is(.mappingEnd) {
                guard list[position].kind.is(.scalar), let field = input(at: position + 1) else { return nil }
                let key = events.text(position)
                record[key] = field.value
                order.append((key, field.order))
                position = events.end(ofNodeAt: position + 1)
            }
            return (.record(record), .record(order))
        default:
            return nil
        }
    }

    /// `out:` as the node path reads it.
    private func expected(at index: Int) -> ExpectedValue? {
        switch list[index].kind {
        case .scalar:
            return events.isNull(index) ? .absent : .scalar(events.text(index))
        case .sequenceStart:
            var items: [ExpectedValue] = []
            var position = index + 1
            while !list[position].kind.is(.sequenceEnd) {
                guard let item = expected(at: position) else { return nil }
                items.append(item)
                position = events.end(ofNodeAt: position)
            }
            return .list(items)
        case .mappingStart:
            var fields: [String: ExpectedValue] = [:]
            var position = index + 1
            while !list[position].kind.is(.mappingEnd) {
                guard list[position].kind.is(.scalar), let value = expected(at: position + 1) else { return nil }
                fields[events.text(position)] = value
                position = events.end(ofNodeAt: position + 1)
            }
            return .record(fields)
        default:
            return nil
        }
    }

    /// A scalar's text, unless it means nothing.
    private func text(at index: Int) -> String? {
        guard list[index].kind.is(.scalar), !events.isNull(index) else { return nil }
        return events.text(index)
    }

    /// A code, or a list of codes.
    private func codes(at index: Int) -> [String]? {
        if list[index].kind.is(.scalar) {
            guard let code = code(at: index) else { return nil }
            return [code]
        }
        guard list[index].kind.is(.sequenceStart) else { return nil }
        var codes: [String] = []
        var position = index + 1
        while !list[position].kind.is(.sequenceEnd) {
            guard let code = code(at: position) else { return nil }
            codes.append(code)
            position += 1
        }
        return codes
    }

    /// A scalar that is a name, `[A-Za-z_][A-Za-z0-9_]*` as ``NodeReader/isIdentifier(_:)`` says,
    /// checked on its bytes before it becomes a string.
    private func code(at index: Int) -> String? {
        isCode(at: index) ? events.text(index) : nil
    }

    /// Whether the event at `index` is a scalar that is a name, as ``code(at:)`` reads it.
    private func isCode(at index: Int) -> Bool {
        events.bytes.withUnsafeBufferPointer { bytes in isCode(at: index, in: bytes) }
    }

    /// ``isCode(at:)`` with the buffer's bytes at hand.
    private func isCode(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let event = list[index]
        guard event.kind.is(.scalar), !event.value.isEmpty, !events.isNull(index) else { return false }
        for offset in event.value {
            let byte = bytes[offset]
            // NB: `| 0x20` makes an ASCII capital lowercase and leaves a lowercase letter as it is.
            let isLetter = (0x61...0x7A).contains(byte | 0x20) || byte == UInt8(ascii: "_")
            guard isLetter || (offset != event.value.lowerBound && (0x30...0x39).contains(byte)) else { return false }
        }
        return true
    }

    /// `errors:`: codes of the type itself read without ``byPath(at:leaf:)``, as most cases have them,
    /// and taken from ``recentErrors`` when a case before had the same codes.
    private func errors(at index: Int) -> [String: [String]]? {
        guard !list[index].kind.is(.mappingStart) else { return byPath(at: index, leaf: codes) }
        guard codeBytes(at: index, into: &recentErrors.key) else {
            return codes(at: index).map { ["": $0] }
        }
        if let known = recentErrors.lookUp() { return known }
        guard let codes = codes(at: index) else { return nil }
        recentErrors.keep(["": codes])
        return ["": codes]
    }

    /// The bytes of a code or a list of codes, each followed by a 0 byte (which no name holds);
    /// `false` when one is not a name.
    private func codeBytes(at index: Int, into key: inout [UInt8]) -> Bool {
        key.removeAll(keepingCapacity: true)
        let isList = list[index].kind.is(.sequenceStart)
        var position = index
        if isList {
            position += 1
            key.append(1)  // NB: a list, so that `[]` and a lone code never share a key
        }
        // NB: the buffer's bytes are read through one pointer, not an array access per byte.
        return events.bytes.withUnsafeBufferPointer { bytes in
            repeat {
                if list[position].kind.is(.sequenceEnd) { break }
                guard isCode(at: position, in: bytes) else { return false }
                key.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[list[position].value]))
                key.append(0)
                position += 1
            } while isList
            return true
        }
    }

    /// A leaf for the type's own value (path `""`), or leaves by field path for a model.
    private func byPath<T>(at index: Int, leaf: (Int) -> T?) -> [String: T]? {
        guard list[index].kind.is(.mappingStart) else { return leaf(index).map { ["": $0] } }
        var result: [String: T] = [:]
        var position = index + 1
        while !list[position].kind.is(.mappingEnd) {
            guard list[position].kind.is(.scalar), let inner = byPath(at: position + 1, leaf: leaf) else { return nil }
            let key = events.text(position)
            for (path, value) in inner { result[path.isEmpty ? key : key + "." + path] = value }
            position = events.end(ofNodeAt: position + 1)
        }
        return result
    }
}

extension YAMLEvent.Kind {
    /// Whether it is `other`. NB: the synthesized `==` and even `rawValue`, from another module,
    /// are calls (the first through the conformance) for every event the decoder looks at; a case
    /// without payload is stored as its one-byte discriminator, compared here in place.
    func `is`(_ other: Self) -> Bool {
        unsafeBitCast(self, to: UInt8.self) == unsafeBitCast(other, to: UInt8.self)
    }
}

/// The `errors:` values of the last few distinct lists of codes, by their bytes: the cases of a
/// long spec file repeat a handful of them, which then cost no `String` and no dictionary.
final class RecentErrors {
    // NB: keys and values in arrays of their own, so that a look-up compares bytes in place and
    // copies no entry; the last hit is tried first, as cases of a type come together.
    private struct Entries {
        var keys: [[UInt8]] = []
        var values: [[String: [String]]] = []
        var lastHit = 0
        var oldest = 0
        var key: [UInt8] = []
    }

    // NB: behind a pointer, so that a look-up checks no exclusive access per property (a third of
    // its cost); only this class's methods and ``key``'s accessors touch it, one at a time.
    private let entries: UnsafeMutablePointer<Entries> = {
        let entries = UnsafeMutablePointer<Entries>.allocate(capacity: 1)
        entries.initialize(to: Entries())
        return entries
    }()
    private static let capacity = 8

    deinit {
        entries.deinitialize(count: 1)
        entries.deallocate()
    }

    /// The bytes of the codes being read (``CaseDecoder``'s scratch space).
    var key: [UInt8] {
        get { entries.pointee.key }
        _modify { yield &entries.pointee.key }
    }

    /// The value kept for ``key``.
    func lookUp() -> [String: [String]]? {
        let lastHit = entries.pointee.lastHit
        let keys = entries.pointee.keys
        let key = entries.pointee.key
        if lastHit < keys.count, keys[lastHit] == key { return entries.pointee.values[lastHit] }
        for position in keys.indices where keys[position] == key {
            entries.pointee.lastHit = position
            return entries.pointee.values[position]
        }
        return nil
    }

    /// Keeps `value` for ``key``, forgetting the oldest entry when full.
    func keep(_ value: [String: [String]]) {
        let key = entries.pointee.key
        if entries.pointee.keys.count < Self.capacity {
            entries.pointee.keys.append(key)
            entries.pointee.values.append(value)
        } else {
            let oldest = entries.pointee.oldest
            entries.pointee.keys[oldest] = key
            entries.pointee.values[oldest] = value
            entries.pointee.oldest = (oldest + 1) % Self.capacity
        }
    }
}
