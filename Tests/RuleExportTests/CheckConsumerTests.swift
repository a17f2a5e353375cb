import Foundation
import RuleTestSupport
import RuleYAML
import Testing

@testable import RuleCore
@testable import RuleExport
@testable import RuleSpec
@testable import RuleTooling

/// Every consumer of checks handles every check, or opts out of it by name with a reason: a new
/// check that some consumer forgets fails here, not as a silently wrong export, an unmutated
/// parameter, a boundary coverage never asks for, or a wrong verdict in another language.
@Suite struct CheckConsumerTests {
    /// The consumers in Swift, each declared beside the code that reads it.
    static let consumers: [CheckConsumer] = [
        SchemaBuilder.checkConsumer, CheckMutation.consumer, SpecCoverage.checkConsumer,
        CandidateSearch.checkConsumer, CheckSatisfiability.consumer,
    ]

    static let root = RepositoryRules.root

    /// The runtimes in other languages, each asked for the checks it implements; a runtime in the
    /// repository is never skipped.
    static var runtimes: [(name: String, program: URL?, arguments: [String])] {
        // NB: the package from its source folder, through env, as .ci/run runs it before any install.
        let pythonSource = root.appendingPathComponent("runtimes/python/src").path
        var runtimes: [(String, URL?, [String])] = [
            (
                "the Python runtime", Subprocess.python.map { _ in URL(fileURLWithPath: "/usr/bin/env") },
                ["PYTHONPATH=\(pythonSource)", "python3", "-m", "rulecheck_runtime.conformance", "--checks"]
            )
        ]
        let javaScript = root.appendingPathComponent("runtimes/js/bin/conformance.mjs")
        if FileManager.default.fileExists(atPath: javaScript.path) {
            runtimes.append(("the JavaScript runtime", Subprocess.program("node"), [javaScript.path, "--checks"]))
        }
        return runtimes
    }

    struct Entry: Sendable, CustomTestStringConvertible {
        let descriptor: any CheckDescriptor.Type
        var testDescription: String { descriptor.name }
    }

    @Test(
        "each consumer handles each check or opts out of it with a reason",
        arguments: CheckConsumer.everyCheck.map(Entry.init))
    func everyConsumerDecides(_ entry: Entry) {
        for consumer in Self.consumers {
            switch consumer.handling(of: entry.descriptor) {
            case .handled: break
            case .optedOut(let reason):
                #expect(!reason.isEmpty, "\(consumer.name) opts out of '\(entry.descriptor.name)' without a reason")
            case nil:
                Issue.record(
                    "\(consumer.name) neither handles '\(entry.descriptor.name)' nor opts out of it by name with a reason"
                )
            }
        }
    }

    @Test func noConsumerNamesAMissingCheckOrBothWays() {
        #expect(Self.consumers.count == 5)
        for consumer in Self.consumers {
            #expect(consumer.strays.isEmpty, "\(consumer.name) names checks that do not exist: \(consumer.strays)")
            #expect(consumer.conflicts.isEmpty, "\(consumer.name) both handles and opts out of \(consumer.conflicts)")
        }
    }

    @Test("each runtime in the repository implements every check")
    func runtimesImplementEveryCheck() throws {
        let all = Set(CheckDescriptors.all.map { $0.name })
        for runtime in Self.runtimes {
            let program = try #require(runtime.program, "\(runtime.name) needs its interpreter on the PATH")
            let run = try Subprocess.run(program, runtime.arguments)
            #expect(run.status == 0, "\(runtime.name): \(run.stderr)")
            let listed = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String]
            let implemented = Set(try #require(listed, "\(runtime.name) printed \(run.stdout)"))
            #expect(
                all.subtracting(implemented).isEmpty, "\(runtime.name) lacks \(all.subtracting(implemented).sorted())")
            #expect(
                implemented.subtracting(all).isEmpty,
                "\(runtime.name) has unknown \(implemented.subtracting(all).sorted())")
        }
    }

    // MARK: - The tables say what the consumers do

    /// A rule file with every check, each in a type or model of its own, so that what a consumer
    /// does with it can be seen alone.
    static let everyCheck = """
        rulecheck: 1.3
        types:
          Required: { checks: [required] }
          Length: { checks: [{ length: { min: 2, max: 5 } }] }
          Email: { checks: [email] }
          Pattern: { checks: [{ pattern: '[a-z]+' }] }
          OneOf: { checks: [{ oneOf: [a, b] }] }
          Range: { type: integer, checks: [{ range: { min: 1, max: 9 } }] }
          NotBefore: { type: date, checks: [{ notBefore: 2026-01-01 }] }
          NotAfter: { type: date, checks: [{ notAfter: 2026-01-01 }] }
          UUID: { checks: [uuid] }
          URL: { checks: [{ url: { schemes: [https, mailto] } }] }
          StartsWith: { checks: [{ startsWith: "JP-" }] }
          EndsWith: { checks: [{ endsWith: ".png" }] }
          Contains: { checks: [{ contains: "@" }] }
          NotContains: { checks: [{ notContains: "--" }] }
          NotOneOf: { checks: [{ notOneOf: [admin, root] }] }
          Decimals: { type: decimal, checks: [{ decimals: 2 }] }
          Printable: { checks: [printable] }
          Hostname: { checks: [hostname] }
          IP: { checks: [{ ip: 4 }] }
          Text: { optional: true }
          Flag: { type: boolean, optional: true }
          Day: { type: date, optional: true }
        models:
          Equal:
            fields: { a: Text, b: Text }
            checks: [{ equal: [a, b] }]
          NotEqual:
            fields: { a: Text, b: Text }
            checks: [{ notEqual: [a, b] }]
          Ascending:
            fields: { a: Day, b: Day }
            checks: [{ ascending: [a, b] }]
          RequiredIf:
            fields: { a: Text, b: Text }
            checks: [{ requiredIf: { field: a, when: b, equals: x } }]
        """

    /// The subject that holds `check` alone in ``everyCheck``.
    static func subject(of check: any CheckDescriptor.Type) -> String {
        check == UUIDCheck.self || check == URLCheck.self || check == IPCheck.self
            ? check.name.uppercased() : check.name.prefix(1).uppercased() + check.name.dropFirst()
    }

    static func load() throws -> RuleSet {
        let folder = try TemporaryFolder()
        let file = try folder.write(everyCheck, to: "rules/every.yaml")
        let loaded = RuleFileLoader().load([file.path])
        return try #require(loaded.ruleSet, "\(loaded.diagnostics)")
    }

    @Test func everyCheckHasASubject() throws {
        let rules = try Self.load()
        for check in CheckDescriptors.all {
            let name = Self.subject(of: check)
            let checks = rules.types.first { $0.name == name }?.checks ?? rules.models.first { $0.name == name }?.checks
            #expect(checks?.contains { type(of: $0.descriptor) == check } == true, "no subject holds '\(check.name)'")
        }
    }

    @Test("the export warns of exactly the checks it does not handle")
    func exportWarnsOfWhatItDoesNotHandle() throws {
        let export = SchemaExporter(try Self.load()).jsonSchema()
        let unhandled = export.warnings.filter { $0.message.contains("has no keywords for") }
        for check in CheckDescriptors.all where check.appliesTo != .model {
            let warned = unhandled.contains { $0.message.contains("no keywords for '\(check.name)'") }
            #expect(warned == !SchemaBuilder.checkConsumer.handles(check), "\(check.name)")
        }
        for check in CheckDescriptors.all where check.appliesTo == .model {
            let warned = export.warnings.contains {
                $0.message.contains("cannot compare fields")
                    && $0.notes.contains { $0.message.contains("'\(Self.subject(of: check))'") }
            }
            #expect(warned == !SchemaBuilder.checkConsumer.handles(check), "\(check.name)")
        }
    }

    @Test("mutation changes the parameters of exactly the checks it handles")
    func mutationChangesWhatItHandles() throws {
        let rules = try Self.load()
        let mutations = RuleMutator.mutations(types: rules.types.map(\.declaration), models: rules.models, rules: rules)
        for check in CheckDescriptors.all {
            let subject = Self.subject(of: check)
            let changed = mutations.contains { $0.subject == subject && $0.change.hasPrefix("\(check.name): ") }
            #expect(
                changed == CheckMutation.consumer.handles(check),
                "\(check.name): \(mutations.filter { $0.subject == subject }.map(\.change))")
        }
    }

    @Test("coverage asks for boundaries of exactly the checks it handles")
    func coverageAsksForWhatItHandles() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write(Self.everyCheck, to: "rules/every.yaml")
        let spec = try folder.write(
            "rulecheck: 1.1\ncases:\n  Text:\n    - { in: a, out: a }\n", to: "specs/every.yaml")
        let (coverage, diagnostics) = SpecCoverage.measure([spec.path])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        for check in CheckDescriptors.all {
            let subject = Self.subject(of: check)
            let boundaries = coverage.items.contains { $0.subject == subject && $0.kind == "boundary" }
            #expect(boundaries == SpecCoverage.checkConsumer.handles(check), "\(check.name)")
        }
    }

    @Test("suggest and diff take candidate values from the boundaries of exactly the checks they handle")
    func candidatesComeFromWhatTheyHandle() throws {
        let rules = try Self.load()
        let context = ValidationContext(today: LocalDate("2026-11-22")!)
        for check in CheckDescriptors.all {
            let name = Self.subject(of: check)
            let checks = rules.types.first { $0.name == name }?.checks ?? rules.models.first { $0.name == name }?.checks
            let own = try #require(checks?.first { type(of: $0.descriptor) == check }, "\(check.name)")
            let samples = own.descriptor.boundaries.flatMap { $0.samples(in: context) }
            #expect(!samples.isEmpty == CandidateSearch.checkConsumer.handles(check), "\(check.name): \(samples)")
        }
    }

    /// Coverage, `suggest`, `diff` and lint read a check's boundaries and facts from its descriptor:
    /// none switches over checks, where a new check would fall through a `default:` unseen.
    @Test func noConsumerSwitchesOverChecks() throws {
        var offenders: [String] = []
        for folder in ["Sources/RuleTooling", "Sources/RuleDiff", "Sources/RuleSpec"] {
            let root = Self.root.appendingPathComponent(folder)
            let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            for case let file as URL in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.contains("switch") && line.contains("descriptor") {
                    offenders.append("\(folder)/\(file.lastPathComponent):\(number + 1): \(line)")
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }
}
