import Baselines
import Benchmark
import Foundation
import RuleCore
import RuleYAML
import SeedValueObjects

/// Each seed rule validated four ways over the same seeded inputs — (a) the compiled validator,
/// (b) the generated value object, (c) the code as the seeds write it, (d) a hand-tuned
/// plain-Swift baseline — so that ratios come from one run.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .instructions], scalingFactor: .kilo, maxDuration: .seconds(2))

    let rules = Rules.repository
    let today = ValidationContext(today: LocalDate("2026-11-22")!)
    let now = Date(timeIntervalSince1970: 1_795_305_600)  // 2026-11-22T00:00Z

    // NB: every way goes through `measure`'s closure, so that each pays the same call.
    func compiled(_ name: String, _ type: String, _ inputs: [String]) {
        guard case .type(let validator)? = rules.validator(named: type) else { fatalError("no type '\(type)'") }
        measure("\(name)/compiled", inputs) { validator.validate($0, context: today) }
    }

    func measure<T>(_ name: String, _ inputs: [String], _ body: @escaping @Sendable (String) -> T) {
        Benchmark(name) { benchmark in
            for _ in benchmark.scaledIterations {
                for input in inputs { blackHole(body(input)) }
            }
        }
    }

    compiled("TaskTitle", "TaskTitle", Inputs.titles)
    measure("TaskTitle/generated", Inputs.titles) { try? TaskTitle($0, context: today) }
    measure("TaskTitle/seed-style", Inputs.titles) { try? SeedStyle.taskTitle($0) }
    measure("TaskTitle/hand-tuned", Inputs.titles) { HandTuned.taskTitle($0) }

    compiled("Username", "Username", Inputs.usernames)
    measure("Username/generated", Inputs.usernames) { try? Username($0, context: today) }
    measure("Username/seed-style", Inputs.usernames) { SeedStyle.username($0) }
    measure("Username/hand-tuned", Inputs.usernames) { HandTuned.username($0) }

    compiled("EmailAddress", "EmailAddress", Inputs.emails)
    measure("EmailAddress/generated", Inputs.emails) { try? EmailAddress($0, context: today) }
    measure("EmailAddress/seed-style", Inputs.emails) { try? SeedStyle.email($0) }
    measure("EmailAddress/hand-tuned", Inputs.emails) { HandTuned.email($0) }

    compiled("TaskDueDate", "TaskDueDate", Inputs.dates)
    measure("TaskDueDate/generated", Inputs.dates) { try? TaskDueDate.parse($0, context: today) }
    measure("TaskDueDate/seed-style", Inputs.dates) { SeedStyle.dueDate($0, now: now) }
    measure("TaskDueDate/hand-tuned", Inputs.dates) { HandTuned.dueDate($0, today: (2026, 11, 22)) }

    compiled("SearchQuery", "SearchQuery", Inputs.queries)
    measure("SearchQuery/generated", Inputs.queries) { try? SearchQuery($0, context: today) }
    measure("SearchQuery/seed-style", Inputs.queries) { SeedStyle.query($0) }
    measure("SearchQuery/hand-tuned", Inputs.queries) { HandTuned.query($0) }

    compiled("TaskTitle plain ASCII", "TaskTitle", Inputs.plainASCIITitles)

    Benchmark("Load/1000 types", configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one)) {
        benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(RuleFileLoader().load(yaml: Rules.thousandTypes).ruleSet)
        }
    }
}

enum Rules {
    /// The repository's rules/, found from this file.
    static let repository: RuleSet = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../rules"
        ).path
        return RuleFileLoader().load([folder]).ruleSet!
    }()

    /// 1,000 types in one file, each with a normalizer, a length, a pattern and messages.
    static let thousandTypes: String = {
        var yaml = "rulecheck: 1\ntypes:\n"
        for index in 0..<1000 {
            yaml += """
                  Field\(index):
                    normalize: [trim]
                    checks:
                      - required: { code: empty\(index) }
                      - length: { min: 1, max: \(10 + index % 50) }
                      - pattern: '[A-Za-z0-9_ ]*'
                    messages:
                      empty\(index): { en: "Enter field \(index).", ja: "項目\(index)を入力してください" }

                """
        }
        return yaml
    }()
}
