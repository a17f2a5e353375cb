import RuleCore
import RuleYAML
import Synchronization

// The Swift engine behind a C ABI, for the Python package (runtimes/python, `_native.py`) through
// ctypes: no Python headers, so one library serves every CPython. A prototype (docs/performance.md,
// "Python"): the rules are read from their YAML files, not from the export.
//
// Each answer is one line of JSON, written with RuleCore's one escaper (`ValidationInput.jsonText`)
// into the caller's buffer, NUL-terminated; a function returns its length, or minus the capacity
// it needs when the buffer is too small (nothing is written then). The answers:
//   [1, value, marks]                       valid; `value` with decimals and dates as strings,
//                                           `marks` [["d"|"t", path…], …] says which ones
//   [0, [[outcome, [path…], boundKind, bound, value, redacted], …]]
//                                           invalid; `outcome` an index for rulecheck_outcome
//   [2, message, offset, line, column]      not JSON

/// The rules and the outcomes answers have named, so that an answer names an outcome by index.
final class Rules: Sendable {
    let ruleSet: RuleSet
    private let outcomes = Mutex<(indexes: [ObjectIdentifier: Int], outcomes: [Outcome])>(([:], []))

    init(_ ruleSet: RuleSet) { self.ruleSet = ruleSet }

    func index(of outcome: Outcome) -> Int {
        outcomes.withLock { state in
            if let found = state.indexes[ObjectIdentifier(outcome)] { return found }
            state.outcomes.append(outcome)
            state.indexes[ObjectIdentifier(outcome)] = state.outcomes.count - 1
            return state.outcomes.count - 1
        }
    }

    func outcome(at index: Int) -> Outcome? {
        outcomes.withLock { state in state.outcomes.indices.contains(index) ? state.outcomes[index] : nil }
    }
}

/// One type's or model's validator, with the rules that name its outcomes.
final class Checker: Sendable {
    let rules: Rules
    let validator: Validator

    init(rules: Rules, validator: Validator) {
        self.rules = rules
        self.validator = validator
    }
}

/// Copies `text` and a NUL into `out`: its length, or minus the capacity it needs.
private func answer(_ text: String, _ out: UnsafeMutablePointer<UInt8>, _ capacity: Int) -> Int {
    var text = text
    return text.withUTF8 { bytes in
        guard bytes.count + 1 <= capacity else { return -(bytes.count + 1) }
        if let base = bytes.baseAddress { out.update(from: base, count: bytes.count) }
        out[bytes.count] = 0
        return bytes.count
    }
}

/// Loads the rule files and folders of `paths` (separated by newlines): a handle for
/// rulecheck_validator, or nil with the diagnostics in `error`.
@_cdecl("rulecheck_load")
public func rulecheckLoad(
    _ paths: UnsafePointer<CChar>, _ error: UnsafeMutablePointer<UInt8>, _ capacity: Int
) -> UnsafeMutableRawPointer? {
    let list = String(cString: paths).split(separator: "\n").map(String.init)
    let result = RuleFileLoader().load(list)
    guard let ruleSet = result.ruleSet else {
        _ = answer(result.diagnostics.map { "\($0)" }.joined(separator: "\n"), error, capacity)
        return nil
    }
    return Unmanaged.passRetained(Rules(ruleSet)).toOpaque()
}

/// The validator of the type or model `name`, or nil when the rules have none.
@_cdecl("rulecheck_validator")
public func rulecheckValidator(_ rules: UnsafeMutableRawPointer, _ name: UnsafePointer<CChar>)
    -> UnsafeMutableRawPointer?
{
    let rules = Unmanaged<Rules>.fromOpaque(rules).takeUnretainedValue()
    guard let validator = rules.ruleSet.validator(named: String(cString: name)) else { return nil }
    return Unmanaged.passRetained(Checker(rules: rules, validator: validator)).toOpaque()
}

/// Outcome `index` of an answer: `[code, builtinCode, sensitive, {language: template}]`.
@_cdecl("rulecheck_outcome")
public func rulecheckOutcome(
    _ rules: UnsafeMutableRawPointer, _ index: Int, _ out: UnsafeMutablePointer<UInt8>, _ capacity: Int
) -> Int {
    let rules = Unmanaged<Rules>.fromOpaque(rules).takeUnretainedValue()
    guard let outcome = rules.outcome(at: index) else { return answer("null", out, capacity) }
    let line = ValidationInput.list([
        .string(outcome.code), .string(outcome.builtinCode), .boolean(outcome.isSensitive),
        .record(outcome.templates.byLanguage.mapValues { .string($0) }),
    ])
    return answer(line.jsonText, out, capacity)
}

/// Validates the JSON body `body` (`count` bytes) with `today` (YYYY-MM-DD, or nil for the
/// clock's): one answer line, as above.
@_cdecl("rulecheck_validate_json")
public func rulecheckValidateJSON(
    _ checker: UnsafeMutableRawPointer, _ body: UnsafePointer<UInt8>?, _ count: Int, _ today: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<UInt8>, _ capacity: Int
) -> Int {
    let checker = Unmanaged<Checker>.fromOpaque(checker).takeUnretainedValue()
    var context = ValidationContext()
    if let today {
        guard let date = LocalDate(String(cString: today)) else { return answer("[3]", out, capacity) }
        context = ValidationContext(today: date)
    }
    let bytes = UnsafeBufferPointer(start: body, count: body == nil ? 0 : count)
    let result: ValidationResult
    do {
        result = try checker.validator.validate(json: bytes, context: context)
    } catch {
        let line = ValidationInput.list([
            .number(DecimalNumber(2)), .string(error.message), .number(DecimalNumber(error.offset)),
            .number(DecimalNumber(error.line)), .number(DecimalNumber(error.column)),
        ])
        return answer(line.jsonText, out, capacity)
    }
    switch result {
    case .valid(let value):
        var marks: [ValidationInput] = []
        var path: [ValidationInput] = []
        let written = input(value, path: &path, marks: &marks)
        return answer(ValidationInput.list([.number(DecimalNumber(1)), written, .list(marks)]).jsonText, out, capacity)
    case .invalid(let violations):
        var items: [ValidationInput] = []
        items.reserveCapacity(violations.count)
        for violation in violations {
            let (kind, bound): (ValidationInput, ValidationInput) =
                switch violation.bound {
                case nil: (.absent, .absent)
                case .count(let count): (.string("c"), .number(DecimalNumber(count)))
                case .number(let number): (.string("n"), .string(number.description))
                case .date(let date): (.string("d"), .string(date.description))
                case .text(let text): (.string("t"), .string(text))
                }
            items.append(
                .list([
                    .number(DecimalNumber(checker.rules.index(of: violation.outcome))),
                    .list(violation.path.map { .string($0) }), kind, bound,
                    violation.value.map { .string($0) } ?? .absent,
                    .boolean(violation.isSensitive && !violation.outcome.isSensitive),
                ]))
        }
        return answer(ValidationInput.list([.number(DecimalNumber(0)), .list(items)]).jsonText, out, capacity)
    }
}

/// A value as an answer writes it; decimals and dates as strings, their paths in `marks`.
private func input(_ value: ValidatedValue?, path: inout [ValidationInput], marks: inout [ValidationInput])
    -> ValidationInput
{
    guard let value else { return .absent }
    switch value {
    case .string(let text): return .string(text)
    case .integer(let number): return .number(DecimalNumber(number))
    case .boolean(let flag): return .boolean(flag)
    case .decimal(let number):
        marks.append(.list([.string("n")] + path))
        return .string(number.description)
    case .date(let date):
        marks.append(.list([.string("d")] + path))
        return .string(date.description)
    case .list(let items):
        var out: [ValidationInput] = []
        out.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            path.append(.number(DecimalNumber(index)))
            out.append(input(item, path: &path, marks: &marks))
            path.removeLast()
        }
        return .list(out)
    case .record(let fields):
        var out: [String: ValidationInput] = [:]
        out.reserveCapacity(fields.count)
        for (name, field) in fields {
            path.append(.string(name))
            out[name] = input(field, path: &path, marks: &marks)
            path.removeLast()
        }
        return .record(out)
    }
}

/// The call alone, for its cost: validates nothing, answers `[1,null,[]]`.
@_cdecl("rulecheck_nothing")
public func rulecheckNothing(
    _ checker: UnsafeMutableRawPointer, _ body: UnsafePointer<UInt8>?, _ count: Int, _ today: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<UInt8>, _ capacity: Int
) -> Int {
    answer("[1,null,[]]", out, capacity)
}

/// The validation alone, for its cost: 1 valid, 0 invalid, 2 not JSON, 3 an unreadable today; no answer.
@_cdecl("rulecheck_validate_only")
public func rulecheckValidateOnly(
    _ checker: UnsafeMutableRawPointer, _ body: UnsafePointer<UInt8>?, _ count: Int, _ today: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<UInt8>, _ capacity: Int
) -> Int {
    let checker = Unmanaged<Checker>.fromOpaque(checker).takeUnretainedValue()
    var context = ValidationContext()
    if let today {
        guard let date = LocalDate(String(cString: today)) else { return 3 }
        context = ValidationContext(today: date)
    }
    do {
        return try checker.validator.validate(
            json: UnsafeBufferPointer(start: body, count: body == nil ? 0 : count), context: context
        )
        .isValid ? 1 : 0
    } catch {
        return 2
    }
}

/// The verdict with the problem details written by RuleCore's own renderer (`ProblemDetails.jsonUTF8`),
/// for their cost: their bytes when the body is invalid or not JSON (NUL-terminated, their length),
/// 0 and nothing written when it is valid.
@_cdecl("rulecheck_problem_json")
public func rulecheckProblemJSON(
    _ checker: UnsafeMutableRawPointer, _ body: UnsafePointer<UInt8>?, _ count: Int, _ today: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<UInt8>, _ capacity: Int
) -> Int {
    let checker = Unmanaged<Checker>.fromOpaque(checker).takeUnretainedValue()
    var context = ValidationContext()
    if let today, let date = LocalDate(String(cString: today)) { context = ValidationContext(today: date) }
    let bytes = UnsafeBufferPointer(start: body, count: body == nil ? 0 : count)
    guard case .problem(let problem) = checker.validator.verdict(onBody: bytes, context: context) else { return 0 }
    let json = problem.jsonUTF8
    guard json.count + 1 <= capacity else { return -(json.count + 1) }
    json.withUnsafeBufferPointer { out.update(from: $0.baseAddress!, count: json.count) }
    out[json.count] = 0
    return json.count
}
