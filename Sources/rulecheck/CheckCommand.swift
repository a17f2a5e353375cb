import ArgumentParser
import Foundation
import RuleCore
import RuleSpec
import RuleYAML

/// `rulecheck check TYPE [VALUE…]`: validates values given as arguments, or JSON lines on stdin.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate VALUE… (or JSON lines on standard input) as TYPE, printing the value or the violations.",
        discussion: """
            Each argument is one value's text. Without arguments, each line of standard input is one \
            JSON value: a string, number, boolean, null (absent), list, or an object of fields for a \
            model, numbers read exactly as written. Output is one line per value: `ok "normalized"` or \
            the violations with their messages; for JSON input, one JSON object per line: \
            {"valid": true, "value": …} or {"valid": false, "violations": […]}. A line that is not \
            JSON is reported on standard error with its column, and the run goes on with the next \
            line and exits with status 2.
            """)

    @Argument(help: "The type or model to validate as.")
    var type: String

    @Argument(
        help: ArgumentHelp(
            "Values, each validated on its own; a negative number such as -0 or -1.5 is a value, not an option; "
                + "put '--' before other values that start with '-'."))
    var values: [String] = []

    /// What marks an argument that looks like a negative number, which argument parser would
    /// otherwise take for an option: no option starts with a digit, so `check Quantity -0`
    /// validates `-0`.
    private static let negativeNumberMark = "\u{1}"

    /// `argument`, marked when it looks like a negative number (`-0`, `-12`, `-1.5`, `-.5`).
    static func markingNegativeNumber(_ argument: String) -> String {
        let rest = argument.utf8.dropFirst()
        guard argument.utf8.first == UInt8(ascii: "-"), let first = rest.first,
            first == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return argument }
        return negativeNumberMark + argument
    }

    /// What to do when argument parser took a value for an unknown option (`check Hostname -a.com`):
    /// the same command with `--` before the values, or nil when the unknown option starts with `--`
    /// (a misspelled option, such as `--langauge`).
    static func hint(forUnknownOptionIn message: String, arguments: [String]) -> String? {
        let prefix = "Unknown option '"
        guard let start = message.range(of: prefix)?.upperBound,
            let end = message[start...].firstIndex(of: "'")
        else { return nil }
        let option = String(message[start..<end])
        guard option.hasScalarPrefix("-"), !option.hasScalarPrefix("--"), arguments.count >= 2,
            let at = arguments.firstIndex(of: option), at >= 2, !arguments[..<at].contains("--")
        else { return nil }
        // NB: every option of `check` takes a value, and stays before `--` with it.
        var options: [String] = []
        var values: [String] = []
        var rest = arguments[at...]
        while let next = rest.popFirst() {
            if ["--rules", "--language", "--today"].contains(next) {
                options += [next] + (rest.popFirst().map { [$0] } ?? [])
            } else if next.hasScalarPrefix("--") {
                options.append(next)
            } else {
                values.append(next)
            }
        }
        let fixed = Array(arguments[..<at]) + options + ["--"] + values
        let shown = fixed.map { unmarked($0) }.map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }
        return "A value that starts with '-' goes after '--': rulecheck \(shown.joined(separator: " "))"
    }

    /// `argument` as the user wrote it.
    private static func unmarked(_ argument: String) -> String {
        argument.hasScalarPrefix(negativeNumberMark) ? String(argument.dropFirst()) : argument
    }

    @Option(help: "Rule files or folders (default: the nearest rules/ folder, here or above).")
    var rules: [String] = []

    @Option(help: "The language of messages, such as en or ja.")
    var language = "en"

    @Option(help: ArgumentHelp("The date that counts as today, YYYY-MM-DD (default: the system's).", valueName: "date"))
    var today: String?

    func validate() throws {
        if let problem = LanguageTag.problem(with: language) {
            throw ValidationError(
                "--language: \(problem.message)\(problem.fix.map { "; did you mean '\($0.name)'?" } ?? "")")
        }
        if let today, LocalDate(today) == nil {
            throw ValidationError("--today takes a date as YYYY-MM-DD; found '\(Self.unmarked(today))'")
        }
    }

    func run() throws {
        let ruleSet = try VerdictRules.load(rules)
        guard let validator = ruleSet.validator(named: type) else {
            DiagnosticPrinter.print([
                .error("unknown type '\(type)'", at: nil, fix: .closest(to: type, among: ruleSet.names))
            ])
            throw ExitCode(2)
        }
        try VerdictRules.refuseUnimplemented(type, in: ruleSet)
        let context = today.flatMap(LocalDate.init).map { ValidationContext(today: $0) } ?? ValidationContext()
        var allValid = true
        if !values.isEmpty {
            for value in values.map(Self.unmarked) {
                let outcome = validator.validate(.text(value), context: context)
                allValid = allValid && outcome.isValid
                print("\(SpecCase.quoted(value)): \(describe(outcome))")
            }
        } else {
            var unreadable = 0
            forEachLineOfStandardInput { number, line in
                guard line.contains(where: { !Self.isBlank($0) }) else { return }
                do throws(JSONReadError) {
                    let outcome = validator.validate(try JSONLines.input(fromLine: line), context: context)
                    allValid = allValid && outcome.isValid
                    print(JSONLines.line(for: outcome, language: language))
                } catch {
                    // NB: the line goes on to the next, so that one bad line does not hide the verdicts of the rest.
                    unreadable += 1
                    let place = SourceLocation(file: "<stdin>", line: number + error.line - 1, column: error.column)
                    DiagnosticPrinter.print([.error("not JSON: " + error.message, at: SourceRange(start: place))])
                }
            }
            if unreadable > 0 { throw ExitCode(2) }
        }
        if !allValid { throw ExitCode(1) }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// Calls `body` with each line of standard input, numbered from 1, as bytes without its line
    /// feed: bytes, so that the reader sees invalid UTF-8 rather than U+FFFD.
    private func forEachLineOfStandardInput(_ body: (Int, ArraySlice<UInt8>) -> Void) {
        var buffer: [UInt8] = []
        var number = 0
        while case let chunk = FileHandle.standardInput.availableData, !chunk.isEmpty {
            var searched = buffer.count
            buffer.append(contentsOf: chunk)
            var lineStart = 0
            while let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                number += 1
                body(number, buffer[lineStart..<newline])
                lineStart = newline + 1
                searched = lineStart
            }
            buffer.removeFirst(lineStart)
        }
        if !buffer.isEmpty { body(number + 1, buffer[...]) }
    }

    private func describe(_ outcome: ValidationResult) -> String {
        switch outcome {
        case .valid(let value?): "ok \(value.description.debugDescription)"
        case .valid(nil): "ok (no value)"
        case .invalid(let violations):
            violations.map { "\($0.description) (\($0.message(language: language)))" }.joined(separator: "; ")
        }
    }
}
