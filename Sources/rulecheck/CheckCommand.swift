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
            Each argument is one value's text. Without arguments, each line of standard input is one
            JSON value: a string, null (absent), or an object of fields for a model. Output is one line
            per value: `ok "normalized"` or the violations with their messages; for JSON input, one
            JSON object per line: {"valid": true, "value": …} or {"valid": false, "violations": […]}.
            """)

    @Argument(help: "The type or model to validate as.")
    var type: String

    @Argument(help: "Values, each validated on its own.")
    var values: [String] = []

    @Option(help: "Rule files or folders.")
    var rules: [String] = ["rules"]

    @Option(help: "The language of messages, such as en or ja.")
    var language = "en"

    @Option(help: ArgumentHelp("The date that counts as today, YYYY-MM-DD (default: the system's).", valueName: "date"))
    var today: String?

    func validate() throws {
        if let today, LocalDate(today) == nil {
            throw ValidationError("--today takes a date as YYYY-MM-DD; found '\(today)'")
        }
    }

    func run() throws {
        let result = RuleFileLoader().load(rules)
        DiagnosticPrinter.print(result.diagnostics)
        guard let ruleSet = result.ruleSet else { throw ExitCode(2) }
        guard let validator = ruleSet.validator(named: type) else {
            DiagnosticPrinter.print([
                .error("unknown type '\(type)'", at: nil, fix: .closest(to: type, among: ruleSet.names))
            ])
            throw ExitCode(2)
        }
        let context = today.flatMap(LocalDate.init).map { ValidationContext(today: $0) } ?? ValidationContext()
        var allValid = true
        if !values.isEmpty {
            for value in values {
                let outcome = validator.validate(.text(value), context: context)
                allValid = allValid && outcome.isValid
                print("\(SpecCase.quoted(value)): \(describe(outcome))")
            }
        } else {
            var number = 0
            while let line = readLine(strippingNewline: true) {
                number += 1
                guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
                guard let input = JSONLines.input(fromLine: line) else {
                    DiagnosticPrinter.print([
                        .error("line \(number) of standard input is not a JSON string, null or object", at: nil)
                    ])
                    throw ExitCode(2)
                }
                let outcome = validator.validate(input, context: context)
                allValid = allValid && outcome.isValid
                print(JSONLines.line(for: outcome, language: language))
            }
        }
        if !allValid { throw ExitCode(1) }
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
