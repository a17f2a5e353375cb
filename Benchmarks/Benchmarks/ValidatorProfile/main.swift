import Baselines
import Foundation
import RuleCore
import RuleYAML
import SeedValueObjects

// Validates one seed rule's inputs ITERATIONS times one way, for `valgrind --tool=callgrind`
// (Benchmarks/callgrind.sh), whose instruction counts do not move with the machine's load.
// Usage: ValidatorProfile RULE WAY [ITERATIONS], WAY being compiled, generated or hand-tuned;
// `ValidatorProfile RULE none` loads the inputs and rules only, the cost every way shares.
//
// `ValidatorProfile time PASSES RULE...` times instead, for the JavaScript benchmark's `--swift`
// (runtimes/js/bench/bench.mjs): each rule each way PASSES times over its inputs after one pass
// not counted, and prints one JSON object, nanoseconds of this thread's CPU time per validation:
// {"TaskTitle":{"compiled":…,"generated":…,"handTuned":…},…}.

let arguments = CommandLine.arguments
let today = ValidationContext(today: LocalDate("2026-11-22")!)
// NB: QuickProfile builds this file through a link, so its #filePath may not be under Benchmarks/.
let folder =
    ProcessInfo.processInfo.environment["RULECHECK_RULES"]
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../rules").path
if arguments.count >= 4, arguments[1] == "time", let passes = Int(arguments[2]), passes > 0 {
    let rules = arguments[3...].compactMap(Rule.init(rawValue:))
    guard rules.count == arguments.count - 3 else {
        FileHandle.standardError.write(Data("usage: ValidatorProfile time PASSES RULE...\n".utf8))
        exit(2)
    }
    print(timed(rules, passes: passes))
    exit(0)
}
guard arguments.count >= 3, let rule = Rule(rawValue: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: ValidatorProfile RULE WAY [ITERATIONS]\n".utf8))
    exit(2)
}
let way = arguments[2]
let iterations = arguments.count > 3 ? Int(arguments[3]) ?? 100 : 100
let rules = RuleFileLoader().load([folder]).ruleSet!

enum Rule: String {
    case TaskTitle, Username, EmailAddress, TaskDueDate, SearchQuery
    case OrderReference, Handle, UnitPrice, ServerName, IPAddress

    var inputs: [String] {
        switch self {
        case .TaskTitle: Inputs.titles
        case .Username: Inputs.usernames
        case .EmailAddress: Inputs.emails
        case .TaskDueDate: Inputs.dates
        case .SearchQuery: Inputs.queries
        case .OrderReference: Inputs.references
        case .Handle: Inputs.handles
        case .UnitPrice: Inputs.prices
        case .ServerName: Inputs.hosts
        case .IPAddress: Inputs.addresses
        }
    }
}

@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

func run(_ body: (String) -> some Any) {
    let inputs = rule.inputs
    for _ in 0..<iterations { for input in inputs { consume(body(input)) } }
}

switch way {
case "none":
    consume(rule.inputs)
case "compiled":
    guard case .type(let validator)? = rules.validator(named: rule.rawValue) else { exit(2) }
    run { validator.validate($0, context: today) }
case "generated":
    switch rule {
    case .TaskTitle: run { try? SeedValueObjects.TaskTitle($0, context: today) }
    case .Username: run { try? SeedValueObjects.Username($0, context: today) }
    case .EmailAddress: run { try? SeedValueObjects.EmailAddress($0, context: today) }
    case .TaskDueDate: run { try? SeedValueObjects.TaskDueDate.parse($0, context: today) }
    case .SearchQuery: run { try? SeedValueObjects.SearchQuery($0, context: today) }
    case .OrderReference: run { try? SeedValueObjects.OrderReference($0, context: today) }
    case .Handle: run { try? SeedValueObjects.Handle($0, context: today) }
    case .UnitPrice: run { try? SeedValueObjects.UnitPrice($0, context: today) }
    case .ServerName: run { try? SeedValueObjects.ServerName($0, context: today) }
    case .IPAddress: run { try? SeedValueObjects.IPAddress($0, context: today) }
    }
case "hand-tuned":
    switch rule {
    case .TaskTitle: run(HandTuned.taskTitle)
    case .Username: run(HandTuned.username)
    case .EmailAddress: run(HandTuned.email)
    case .TaskDueDate: run { HandTuned.dueDate($0, today: (2026, 11, 22)) }
    case .SearchQuery: run(HandTuned.query)
    case .OrderReference: run(HandTuned.orderReference)
    case .Handle: run(HandTuned.handle)
    case .UnitPrice: run(HandTuned.unitPrice)
    case .ServerName: run(HandTuned.hostname)
    case .IPAddress: run(HandTuned.ip)
    }
default:
    FileHandle.standardError.write(Data("unknown way '\(way)'; use compiled, generated, hand-tuned or none\n".utf8))
    exit(2)
}

/// This thread's CPU time, in nanoseconds.
func cpuNanoseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// CPU nanoseconds per validation of `body` over `inputs`, `passes` times after one pass not counted.
func perValidation(_ inputs: [String], passes: Int, _ body: (String) -> some Any) -> Double {
    for input in inputs { consume(body(input)) }
    let start = cpuNanoseconds()
    for _ in 0..<passes { for input in inputs { consume(body(input)) } }
    return (cpuNanoseconds() - start) / Double(passes * inputs.count)
}

/// Each rule each way, timed: the JSON object `time` prints.
func timed(_ rules: [Rule], passes: Int) -> String {
    let loaded = RuleFileLoader().load([folder]).ruleSet!
    var fields: [String] = []
    for rule in rules {
        let inputs = rule.inputs
        guard case .type(let validator)? = loaded.validator(named: rule.rawValue) else { exit(2) }
        let compiled = perValidation(inputs, passes: passes) { validator.validate($0, context: today) }
        let generated: Double
        let handTuned: Double
        switch rule {
        case .TaskTitle:
            generated = perValidation(inputs, passes: passes) { try? SeedValueObjects.TaskTitle($0, context: today) }
            handTuned = perValidation(inputs, passes: passes, HandTuned.taskTitle)
        case .Username:
            generated = perValidation(inputs, passes: passes) { try? SeedValueObjects.Username($0, context: today) }
            handTuned = perValidation(inputs, passes: passes, HandTuned.username)
        case .EmailAddress:
            generated = perValidation(inputs, passes: passes) { try? SeedValueObjects.EmailAddress($0, context: today) }
            handTuned = perValidation(inputs, passes: passes, HandTuned.email)
        case .TaskDueDate:
            generated = perValidation(inputs, passes: passes) {
                try? SeedValueObjects.TaskDueDate.parse($0, context: today)
            }
            handTuned = perValidation(inputs, passes: passes) { HandTuned.dueDate($0, today: (2026, 11, 22)) }
        case .SearchQuery:
            generated = perValidation(inputs, passes: passes) { try? SeedValueObjects.SearchQuery($0, context: today) }
            handTuned = perValidation(inputs, passes: passes, HandTuned.query)
        case .OrderReference:
            generated = perValidation(inputs, passes: passes) {
                try? SeedValueObjects.OrderReference($0, context: today)
            }
            handTuned = perValidation(inputs, passes: passes, HandTuned.orderReference)
        case .Handle:
            generated = perValidation(inputs, passes: passes) { try? SeedValueObjects.Handle($0, context: today) }
            handTuned = perValidation(inputs, passes: passes, HandTuned.handle)
        case .UnitPrice:
            generated = perValidation(inputs, passes: passes) { try? SeedValueObjects.UnitPrice($0, context: today) }
            handTuned = perValidation(inputs, passes: passes, HandTuned.unitPrice)
        case .ServerName:
            generated = perValidation(inputs, passes: passes) { try? SeedValueObjects.ServerName($0, context: today) }
            handTuned = perValidation(inputs, passes: passes, HandTuned.hostname)
        case .IPAddress:
            generated = perValidation(inputs, passes: passes) { try? SeedValueObjects.IPAddress($0, context: today) }
            handTuned = perValidation(inputs, passes: passes, HandTuned.ip)
        }
        let times = #"{"compiled":\#(compiled),"generated":\#(generated),"handTuned":\#(handTuned)}"#
        fields.append(#""\#(rule.rawValue)":\#(times)"#)
    }
    return "{" + fields.joined(separator: ",") + "}"
}
