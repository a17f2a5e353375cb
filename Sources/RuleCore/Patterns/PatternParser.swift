/// Reads a pattern's source into ``PatternSyntax``, refusing whatever lies outside the subset
/// that ECMAScript (`u` flag), RE2 and Swift's `Regex` read alike.
///
/// Where those engines disagree, the pattern is refused rather than given one engine's meaning,
/// and the message says how to write it portably.
package struct PatternParser {
    /// The largest count a `{m,n}` may have, and the largest product of nested counts: RE2's limits.
    static let maximumRepetition = 1000
    /// How deeply groups may nest, which bounds the parser's and the compiler's recursion.
    static let maximumNesting = 100
    /// The most instructions a compiled pattern may have, which bounds a match's work per scalar and
    /// its memory, and the memory that a short source such as `a{1000}` can claim.
    static let maximumProgramSize = 10_000

    private static let linearTime = "patterns must run in linear time on every backend"

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var depth = 0
    private var groupNames: Set<String> = []

    private init(_ source: String) { scalars = Array(source.unicodeScalars) }

    /// The syntax of `source`.
    ///
    /// - Throws: ``PatternSyntaxError`` at the first construct outside the portable subset.
    package static func parse(_ source: String) throws(PatternSyntaxError) -> PatternSyntax {
        var parser = PatternParser(source)
        let syntax = try parser.parseAlternation()
        if parser.position < parser.scalars.count {
            // NB: parseAlternation stops only at the end or at a ')' that no group opened.
            throw PatternSyntaxError("unmatched ')'; write '\\)' for a literal parenthesis", offset: parser.position)
        }
        if syntax.programSize(limit: maximumProgramSize) >= maximumProgramSize {
            throw PatternSyntaxError(
                "pattern is too large: it compiles to more than \(maximumProgramSize) states; use smaller counts",
                offset: 0, length: parser.scalars.count)
        }
        return syntax
    }

    private mutating func parseAlternation() throws(PatternSyntaxError) -> PatternSyntax {
        var alternatives = [try parseConcatenation()]
        while peek == "|" {
            position += 1
            alternatives.append(try parseConcatenation())
        }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    private mutating func parseConcatenation() throws(PatternSyntaxError) -> PatternSyntax {
        var parts: [PatternSyntax] = []
        while let next = peek, next != "|", next != ")" {
            let start = position
            let (atom, isQuantifiable) = try parseAtom()
            guard let quantifier = try parseQuantifier() else {
                parts.append(atom)
                continue
            }
            guard isQuantifiable else { throw nothingToRepeat(quantifier) }
            // NB: our matcher is linear whatever the pattern, but the backends sharing the rule file may backtrack.
            if quantifier.max == nil, atom.repeatsWithoutBound {
                throw PatternSyntaxError(
                    "nested unbounded repetition '\(text(start..<position))' takes exponential time on backtracking "
                        + "engines (ECMAScript, Java, PCRE, Python); repeat the inner part alone, or give each round "
                        + "a required character such as a separator",
                    offset: start, length: position - start)
            }
            let repetition = PatternSyntax.repetition(atom, min: quantifier.min, max: quantifier.max)
            if repetition.repetitionProduct(limit: Self.maximumRepetition) > Self.maximumRepetition {
                throw PatternSyntaxError(
                    "nested repetitions multiply to more than \(Self.maximumRepetition); use smaller counts",
                    offset: quantifier.offset, length: quantifier.length)
            }
            parts.append(repetition)
        }
        return parts.isEmpty ? .empty : parts.count == 1 ? parts[0] : .concatenation(parts)
    }

    /// One atom, and whether a quantifier may follow it (an anchor may not, as in ECMAScript).
    private mutating func parseAtom() throws(PatternSyntaxError) -> (PatternSyntax, Bool) {
        let start = position
        switch scalars[position] {
        case "(":
            return (try parseGroup(), true)
        case "[":
            return (.scalarClass(try parseClass()), true)
        case ".":
            position += 1
            return (.scalarClass(.anyButLineTerminators), true)
        case "^":
            position += 1
            return (.startAnchor, false)
        case "$":
            position += 1
            return (.endAnchor, false)
        case "\\":
            switch try parseEscape(inClass: false) {
            case .scalar(let scalar): return (.scalar(scalar), true)
            case .scalarClass(let scalarClass): return (.scalarClass(scalarClass), true)
            }
        case "*", "+", "?", "{":
            // NB: a '{' that does not form a quantifier throws inside parseQuantifier.
            guard let quantifier = try parseQuantifier() else { preconditionFailure("a quantifier starts here") }
            throw nothingToRepeat(quantifier)
        case "}":
            throw PatternSyntaxError("unmatched '}'; write '\\}' for a literal brace", offset: start)
        case "]":
            throw PatternSyntaxError("unmatched ']'; write '\\]' for a literal bracket", offset: start)
        case let scalar:
            position += 1
            return (.scalar(scalar), true)
        }
    }

    private mutating func parseGroup() throws(PatternSyntaxError) -> PatternSyntax {
        let open = position
        guard depth < Self.maximumNesting else {
            throw PatternSyntaxError("groups nest more than \(Self.maximumNesting) deep", offset: open)
        }
        position += 1
        if peek == "?" { try parseGroupPrefix(open: open) }
        depth += 1
        let body = try parseAlternation()
        depth -= 1
        guard peek == ")" else {
            throw PatternSyntaxError("missing ')' to close this group", offset: open)
        }
        position += 1
        return body
    }

    /// Reads what follows `(?`: `:` or a group name, and refuses every other kind of group.
    private mutating func parseGroupPrefix(open: Int) throws(PatternSyntaxError) {
        let kind = scalar(at: open + 2)
        let next = scalar(at: open + 3)
        func refuse(_ message: String, length: Int) -> PatternSyntaxError {
            PatternSyntaxError(message, offset: open, length: min(length, scalars.count - open))
        }
        switch kind {
        case ":":
            position = open + 3
        case "<" where next != "=" && next != "!":
            position = open + 3
            try parseGroupName(open: open)
        case "=", "!":
            throw refuse("lookahead is not supported; \(Self.linearTime)", length: 3)
        case "<":
            throw refuse("lookbehind is not supported; \(Self.linearTime)", length: 4)
        case ">":
            throw refuse("atomic groups are not supported; \(Self.linearTime)", length: 3)
        case "P" where next == "<":
            throw refuse("'(?P<name>' is not portable; write '(?<name>…)'", length: 4)
        case let flag? where ASCIICase.isASCIILetter(flag) || flag == "-" || flag == "^":
            throw refuse(
                "inline flags are not supported; patterns are always case-sensitive and single-line", length: 3)
        default:
            throw refuse(
                "unknown group syntax after '(?'; write '(?:…)' for a group that does not capture", length: 3)
        }
    }

    /// Reads `name>` of `(?<name>`: ASCII letters, digits and `_`, not starting with a digit, as
    /// every backend accepts, and each name once, as ECMAScript requires.
    private mutating func parseGroupName(open: Int) throws(PatternSyntaxError) {
        let nameStart = position
        while let next = peek, ASCIICase.isASCIILetter(next) || next == "_" || ASCIICase.isASCIIDigit(next) {
            position += 1
        }
        let name = text(nameStart..<position)
        guard peek == ">", let first = name.unicodeScalars.first, !("0"..."9").contains(first) else {
            throw PatternSyntaxError(
                "a group name is ASCII letters, digits and '_', not starting with a digit, then '>'",
                offset: open, length: min(position + 1, scalars.count) - open)
        }
        guard groupNames.insert(name).inserted else {
            throw PatternSyntaxError("duplicate group name '\(name)'", offset: nameStart, length: position - nameStart)
        }
        position += 1
    }

    private struct Quantifier {
        var min: Int
        var max: Int?
        var offset: Int
        var length: Int
    }

    /// The quantifier at the current position, if one starts here, with its lazy `?` if any.
    private mutating func parseQuantifier() throws(PatternSyntaxError) -> Quantifier? {
        let start = position
        let bounds: (min: Int, max: Int?)
        switch peek {
        case "*":
            bounds = (0, nil)
            position += 1
        case "+":
            bounds = (1, nil)
            position += 1
        case "?":
            bounds = (0, 1)
            position += 1
        case "{":
            bounds = try parseBraces()
        default:
            return nil
        }
        // NB: a lazy quantifier finds a different match, never a different answer to "does the
        // whole value match", so `?` after a quantifier is read and dropped.
        if peek == "?" {
            position += 1
        } else if peek == "+" {
            throw PatternSyntaxError(
                "possessive quantifiers are not supported; \(Self.linearTime)", offset: start,
                length: position + 1 - start)
        }
        return Quantifier(min: bounds.min, max: bounds.max, offset: start, length: position - start)
    }

    /// Reads `{m}`, `{m,}` or `{m,n}`; anything else after `{` is an error, as in ECMAScript's `u` mode.
    private mutating func parseBraces() throws(PatternSyntaxError) -> (min: Int, max: Int?) {
        let open = position
        position += 1
        guard let min = try parseCount() else { throw loneBrace(open) }
        var max: Int? = min
        if peek == "," {
            position += 1
            max = try parseCount()
        }
        guard peek == "}" else { throw loneBrace(open) }
        position += 1
        if let max, min > max {
            throw PatternSyntaxError(
                "repetition has its minimum \(min) above its maximum \(max)", offset: open, length: position - open)
        }
        return (min, max)
    }

    private mutating func parseCount() throws(PatternSyntaxError) -> Int? {
        let start = position
        var value = 0
        while let digit = peek, ("0"..."9").contains(digit) {
            value = Swift.min(value * 10 + Int(digit.value - 0x30), Self.maximumRepetition + 1)
            position += 1
        }
        guard position > start else { return nil }
        guard value <= Self.maximumRepetition else {
            throw PatternSyntaxError(
                "repetition count \(text(start..<position)) is above the limit of \(Self.maximumRepetition)",
                offset: start, length: position - start)
        }
        return value
    }

    private func loneBrace(_ offset: Int) -> PatternSyntaxError {
        PatternSyntaxError(
            "'{' must start a repetition like '{2}', '{2,}' or '{2,5}'; write '\\{' for a literal brace", offset: offset
        )
    }

    private func nothingToRepeat(_ quantifier: Quantifier) -> PatternSyntaxError {
        let quoted = text(quantifier.offset..<quantifier.offset + quantifier.length)
        return PatternSyntaxError(
            "'\(quoted)' has nothing to repeat", offset: quantifier.offset, length: quantifier.length)
    }

    private mutating func parseClass() throws(PatternSyntaxError) -> ScalarClass {
        let open = position
        position += 1
        let isNegated = peek == "^"
        if isNegated { position += 1 }
        if peek == "]" {
            throw PatternSyntaxError(
                "an empty class means different things on different backends; write '\\]' for a literal bracket",
                offset: open, length: min(position + 1, scalars.count) - open)
        }
        // NB: the parts are joined once at the end: joining each as it comes made a long class quadratic.
        var parts: [ScalarClass] = []
        while true {
            guard let next = peek else {
                throw PatternSyntaxError("missing ']' to close this class", offset: open)
            }
            if next == "]" {
                position += 1
                let result = ScalarClass.union(parts)
                return isNegated ? result.inverted() : result
            }
            try refuseSetOperation(at: position)
            let start = position
            let first = try parseClassAtom()
            guard peek == "-", let afterDash = scalar(at: position + 1), afterDash != "]" else {
                parts.append(first.scalarClass)
                continue
            }
            try refuseSetOperation(at: position)
            position += 1
            let last = try parseClassAtom()
            guard case .scalar(let low) = first, case .scalar(let high) = last else {
                throw PatternSyntaxError(
                    "a range cannot start or end at a class escape such as '\\d'", offset: start,
                    length: position - start)
            }
            guard low <= high else {
                throw PatternSyntaxError(
                    "range '\(text(start..<position))' is out of order",
                    offset: start, length: position - start)
            }
            parts.append(ScalarClass([low.value...high.value]))
        }
    }

    private enum ClassAtom {
        case scalar(Unicode.Scalar)
        case scalarClass(ScalarClass)

        var scalarClass: ScalarClass {
            switch self {
            case .scalar(let scalar): ScalarClass([scalar.value...scalar.value])
            case .scalarClass(let scalarClass): scalarClass
            }
        }
    }

    private mutating func parseClassAtom() throws(PatternSyntaxError) -> ClassAtom {
        switch scalars[position] {
        case "\\":
            return try parseEscape(inClass: true)
        case "[":
            throw PatternSyntaxError(
                "'[' inside a class starts a nested class on some backends; write '\\['", offset: position)
        case let scalar:
            position += 1
            return .scalar(scalar)
        }
    }

    /// Refuses `&&`, `--` and `~~` in a class, which Swift's `Regex` (and ECMAScript's `v` mode)
    /// read as intersection, subtraction and symmetric difference.
    private func refuseSetOperation(at offset: Int) throws(PatternSyntaxError) {
        guard let first = scalar(at: offset), "&-~".unicodeScalars.contains(first), scalar(at: offset + 1) == first
        else {
            return
        }
        let hex = String(first.value, radix: 16, uppercase: true)
        throw PatternSyntaxError(
            "'\(first)\(first)' in a class is a set operation on some backends; write one of them as '\\x\(hex)'",
            offset: offset, length: 2)
    }

    private mutating func parseEscape(inClass: Bool) throws(PatternSyntaxError) -> ClassAtom {
        let start = position
        position += 1
        guard let escaped = peek else {
            throw PatternSyntaxError("'\\' at the end of the pattern escapes nothing", offset: start)
        }
        position += 1
        func refuse(_ message: String) -> PatternSyntaxError {
            PatternSyntaxError(message, offset: start, length: position - start)
        }
        switch escaped {
        case "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "^", "$", "/":
            return .scalar(escaped)
        case "-" where inClass:
            return .scalar(escaped)
        case "-":
            throw refuse("'\\-' is allowed only inside a class; write '-'")
        case "t": return .scalar("\t")
        case "n": return .scalar("\n")
        case "r": return .scalar("\r")
        case "f": return .scalar("\u{0C}")
        case "v": return .scalar("\u{0B}")
        case "0":
            if let digit = peek, ("0"..."9").contains(digit) {
                position += 1
                throw refuse("octal escapes are not supported; write '\\xHH' or '\\u{H…}'")
            }
            return .scalar("\0")
        case "1"..."9":
            while let digit = peek, ("0"..."9").contains(digit) { position += 1 }
            throw refuse(
                inClass
                    ? "octal escapes are not supported; write '\\xHH' or '\\u{H…}'"
                    : "backreferences are not supported; \(Self.linearTime)")
        case "k" where !inClass:
            throw refuse("backreferences are not supported; \(Self.linearTime)")
        case "x":
            guard let value = parseHex(digits: 2) else { throw refuse("'\\x' needs two hex digits") }
            return .scalar(Unicode.Scalar(UInt8(value)))
        case "u":
            return .scalar(try parseUnicodeEscape(start: start))
        case "d": return .scalarClass(.digits)
        case "D": return .scalarClass(ScalarClass.digits.inverted())
        case "w": return .scalarClass(.wordCharacters)
        case "W": return .scalarClass(ScalarClass.wordCharacters.inverted())
        case "s": return .scalarClass(.whiteSpace)
        case "S": return .scalarClass(ScalarClass.whiteSpace.inverted())
        case "p", "P":
            let property = try parseProperty(start: start)
            return .scalarClass(escaped == "P" ? property.inverted() : property)
        case "b" where inClass:
            throw refuse("'\\b' in a class is a backspace in ECMAScript only; write '\\x08'")
        case "b", "B":
            throw refuse("word boundaries are not supported; backends disagree on what a word character is")
        case "c":
            if let letter = peek, ASCIICase.isASCIILetter(letter) {
                position += 1
                let hex = String(letter.value % 32, radix: 16, uppercase: true)
                throw refuse("control escapes are not supported; write '\\x\(hex.count == 1 ? "0" : "")\(hex)'")
            }
            throw refuse("unknown escape '\\c'")
        case let other where ASCIICase.isASCIILetter(other) || ASCIICase.isASCIIDigit(other):
            throw refuse("unknown escape '\\\(other)'")
        case let other:
            throw refuse("escape '\\\(other)' is not allowed; write '\(other)'")
        }
    }

    /// Reads `HHHH`, a surrogate pair `HHHH\uHHHH`, or `{H…}` after `\u`.
    private mutating func parseUnicodeEscape(start: Int) throws(PatternSyntaxError) -> Unicode.Scalar {
        func refuse(_ message: String) -> PatternSyntaxError {
            PatternSyntaxError(message, offset: start, length: position - start)
        }
        if peek == "{" {
            position += 1
            let digitsStart = position
            var value: UInt32 = 0
            while let digit = peek, let digitValue = Self.hexValue(digit) {
                value = min(value * 16 + digitValue, 0x11_0000)
                position += 1
            }
            guard position > digitsStart, peek == "}" else {
                throw refuse("'\\u{' needs hex digits and a closing '}'")
            }
            position += 1
            guard value <= 0x10FFFF else { throw refuse("'\\u{…}' is above U+10FFFF, the largest scalar") }
            guard let scalar = Unicode.Scalar(value) else {
                throw refuse("'\\u{…}' is a surrogate, not a Unicode scalar")
            }
            return scalar
        }
        guard let unit = parseHex(digits: 4) else { throw refuse("'\\u' needs four hex digits or '{H…}'") }
        if let scalar = Unicode.Scalar(unit) { return scalar }
        if (0xD800...0xDBFF).contains(unit), scalar(at: position) == "\\", scalar(at: position + 1) == "u" {
            let highEnd = position
            position += 2
            if let low = parseHex(digits: 4), (0xDC00...0xDFFF).contains(low),
                let scalar = Unicode.Scalar(0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00))
            {
                return scalar
            }
            position = highEnd
        }
        throw refuse("lone surrogate '\\u\(String(unit, radix: 16, uppercase: true))' is not a Unicode scalar")
    }

    /// Reads `{…}` after `\p` or `\P`: a general category, or `name=value` for a category or a script.
    private mutating func parseProperty(start: Int) throws(PatternSyntaxError) -> ScalarClass {
        guard peek == "{" else {
            throw PatternSyntaxError("'\\p' needs a property in braces, such as '\\p{L}'", offset: start, length: 2)
        }
        guard let close = scalars[position...].firstIndex(of: "}") else {
            throw PatternSyntaxError("missing '}' to close '\\p{'", offset: start, length: 3)
        }
        let content = text((position + 1)..<close)
        position = close + 1
        func refuse(_ message: String, fix: Suggestion? = nil) -> PatternSyntaxError {
            PatternSyntaxError(message + (fix?.text ?? ""), offset: start, length: position - start)
        }
        guard let equals = content.firstIndex(of: "=") else {
            if let categories = GeneralCategorySet.named(content) { return ScalarClass(categories: categories) }
            if UnicodeScripts.entry(named: content) != nil {
                throw refuse("a script needs 'Script='; write '\\p{Script=\(content)}'")
            }
            if let fix = Suggestion.closest(to: content, among: GeneralCategorySet.names) {
                throw refuse("unknown general category '\(content)'", fix: fix)
            }
            throw refuse(
                "unknown property '\(content)'; '\\p{…}' takes a general category, 'Script=…' or 'Script_Extensions=…'"
            )
        }
        let name = String(content[..<equals])
        let value = String(content[content.index(after: equals)...])
        switch name {
        case "General_Category", "gc":
            guard let categories = GeneralCategorySet.named(value) else {
                throw refuse(
                    "unknown general category '\(value)'",
                    fix: Suggestion.closest(to: value, among: GeneralCategorySet.names))
            }
            return ScalarClass(categories: categories)
        case "Script", "sc", "Script_Extensions", "scx":
            guard let entry = UnicodeScripts.entry(named: value) else {
                throw refuse(
                    "unknown script '\(value)'",
                    fix: Suggestion.closest(to: value, among: UnicodeScripts.entries.map { $0.names[0] }))
            }
            let slice = name.hasScalarPrefix("Script_") || name == "scx" ? entry.extensions : entry.script
            return ScalarClass(UnicodeScripts.bounds[slice].map { $0.0...$0.1 })
        default:
            throw refuse("unknown property '\(name)'; write 'General_Category=', 'Script=' or 'Script_Extensions='")
        }
    }

    private var peek: Unicode.Scalar? { scalar(at: position) }

    /// The source's scalars in `range`, to quote in a message.
    private func text(_ range: Range<Int>) -> String {
        String(String.UnicodeScalarView(scalars[range]))
    }

    private func scalar(at offset: Int) -> Unicode.Scalar? {
        offset < scalars.count ? scalars[offset] : nil
    }

    /// Reads exactly `digits` hex digits, or none and returns `nil`.
    private mutating func parseHex(digits: Int) -> UInt32? {
        var value: UInt32 = 0
        for offset in position..<(position + digits) {
            guard let digit = scalar(at: offset), let digitValue = Self.hexValue(digit) else { return nil }
            value = value * 16 + digitValue
        }
        position += digits
        return value
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }
}
