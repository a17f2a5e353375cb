/// Why the text of a `notBefore` or `notAfter` bound is none, and where in the text.
public struct DateBoundSyntaxError: Error, Hashable, Sendable {
    /// Lower-case, no final period, the fix after `;`.
    public var message: String
    /// Where the problem starts, in Unicode scalars from the start of the text (0-based).
    public var offset: Int
    /// How many scalars the problem spans; at least 1.
    public var length: Int
    /// What was probably meant, if anything is.
    public var fix: Suggestion?

    init(_ message: String, offset: Int, length: Int, fix: Suggestion? = nil) {
        self.message = message
        self.offset = offset
        self.length = max(length, 1)
        self.fix = fix
    }
}

extension DateBound {
    /// Reads a bound: `today`; `YYYY-MM-DD`; or `today`, `+` or `-`, a whole number of at most
    /// ``DateOffset/maximumAmount`` in ASCII digits, and a unit (`day`, `week`, `month`, `year`,
    /// or the plural), with spaces between the parts or not: `today - 13 years`, `today+1day`.
    public static func parse(_ text: String) -> Result<DateBound, DateBoundSyntaxError> {
        if text == "today" { return .success(.today) }
        if let date = LocalDate(text) { return .success(.date(date)) }
        let scalars = Array(text.unicodeScalars)
        guard text.hasScalarPrefix("today") else {
            let meant = ["yesterday": "today - 1 day", "tomorrow": "today + 1 day"][ASCIICase.lower(text)]
            let fix = meant.map { Suggestion(name: $0) } ?? .closest(to: text, among: ["today"])
            return .failure(.init("expected \(expected), found '\(text)'", offset: 0, length: scalars.count, fix: fix))
        }
        var index = 5
        func skipSpaces() { while index < scalars.count, scalars[index] == " " { index += 1 } }
        /// The scalars from `start` to the next space, as text.
        func word(at start: Int) -> String {
            String(String.UnicodeScalarView(scalars[start...].prefix { $0 != " " }))
        }
        func failure(_ message: String, at start: Int, length: Int, fix: Suggestion? = nil) -> Result<
            DateBound, DateBoundSyntaxError
        > {
            .failure(.init(message, offset: start, length: length, fix: fix))
        }

        skipSpaces()
        guard index < scalars.count, scalars[index] == "+" || scalars[index] == "-" else {
            let found = word(at: index)
            return failure(
                "expected '+' or '-' after 'today', found '\(found)'; write 'today - 13 years' or 'today + 1 day'",
                at: index, length: found.unicodeScalars.count)
        }
        let sign = String(scalars[index])
        let signAt = index
        index += 1
        skipSpaces()
        let numberStart = index
        while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
        if index == numberStart || (index < scalars.count && (scalars[index] == "." || scalars[index] == ",")) {
            let found = word(at: numberStart)
            guard !found.isEmpty else {
                return failure(
                    "expected a number of days, weeks, months or years after '\(sign)'", at: signAt, length: 1)
            }
            return failure(
                "expected a whole number after '\(sign)', found '\(found)'", at: numberStart,
                length: found.unicodeScalars.count)
        }
        let digits = String(String.UnicodeScalarView(scalars[numberStart..<index]))
        guard digits.count <= 4 || digits.drop(while: { $0 == "0" }).count <= 4, let amount = Int(digits),
            amount <= DateOffset.maximumAmount
        else {
            return failure(
                "'\(digits)' is too large; an offset counts at most \(DateOffset.maximumAmount) units", at: numberStart,
                length: digits.count)
        }
        skipSpaces()
        let unitStart = index
        let name = word(at: unitStart)
        guard !name.isEmpty else {
            return failure(
                "missing the unit after '\(digits)'; write days, weeks, months or years", at: numberStart,
                length: digits.count)
        }
        let singulars = DateOffset.Unit.allCases.map(\.rawValue)
        let plurals = singulars.map { $0 + "s" }
        guard
            let unit = DateOffset.Unit(rawValue: name)
                ?? DateOffset.Unit(rawValue: String(name.dropLast()))
                .flatMap({ name.hasScalarSuffix("s") ? $0 : nil })
        else {
            let fix = Suggestion.closest(to: name, among: amount == 1 ? singulars + plurals : plurals + singulars)
            return failure(
                "unknown unit '\(name)'" + (fix == nil ? "; use days, weeks, months or years" : ""), at: unitStart,
                length: name.unicodeScalars.count, fix: fix)
        }
        index += name.unicodeScalars.count
        skipSpaces()
        guard index == scalars.count else {
            let rest = String(String.UnicodeScalarView(scalars[index...]))
            return failure(
                "unexpected '\(rest)' after '\(name)'; a bound is 'today' with one offset", at: index,
                length: scalars.count - index)
        }
        return .success(.fromToday(DateOffset(sign == "-" ? -amount : amount, unit)))
    }
}
