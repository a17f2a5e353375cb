import Foundation
import RuleCore
import RuleSpec
import Testing

/// `rulecheck specs/ --implementation http://…` and `--endpoint MODEL=METHOD:URL`, run by the
/// library the CLI runs them with, against the example server and against a deliberately wrong
/// one (task titles of up to 25 characters), over real HTTP on 127.0.0.1.
@Suite struct DriftCheckTests {
    struct DriftCase: CustomTestStringConvertible, Sendable {
        let name: String
        let wrongServer: Bool
        /// The right rules on the real clock, in the test mode that honours `Rulecheck-Today`.
        var testMode = false
        /// The conformance route, or the models' endpoints by model.
        var conformance = false
        var endpoints: [String: String] = [:]
        let specs: [String]
        let exitCode: Int32
        /// Where the first failing case is: `file:line` and its type or model.
        var firstFailure: (String, Int, String)? = nil
        /// A part of the diagnostic of a run that could not go on.
        var diagnostic: String? = nil

        var testDescription: String { name }
    }

    static let cases: [DriftCase] = [
        DriftCase(
            name: "the conformance route passes every spec", wrongServer: false, conformance: true, specs: ["specs"],
            exitCode: 0),
        DriftCase(
            name: "the wrong server's conformance route fails at the 21-character title", wrongServer: true,
            conformance: true, specs: ["specs/task.yaml"], exitCode: 1,
            firstFailure: ("specs/task.yaml", 24, "TaskTitle")),
        DriftCase(
            name: "the real endpoints pass the sign-up and task specs", wrongServer: false,
            endpoints: ["SignUp": "/signup", "ToDoTask": "/tasks"], specs: ["specs/signup.yaml", "specs/task.yaml"],
            exitCode: 0),
        DriftCase(
            name: "the wrong server's task endpoint fails at the 21-character title", wrongServer: true,
            endpoints: ["ToDoTask": "/tasks"], specs: ["specs/task.yaml"], exitCode: 1,
            firstFailure: ("specs/task.yaml", 76, "ToDoTask")),
        DriftCase(
            name: "the real endpoints on the real clock pass in test mode, today from the spec", wrongServer: false,
            testMode: true, endpoints: ["SignUp": "/signup", "ToDoTask": "/tasks"],
            specs: ["specs/signup.yaml", "specs/task.yaml"], exitCode: 0),
        DriftCase(
            name: "an endpoint that answers 404 fails each case, and the run goes on", wrongServer: false,
            endpoints: ["ToDoTask": "/nope"], specs: ["specs/task.yaml"], exitCode: 1,
            firstFailure: ("specs/task.yaml", 65, "ToDoTask")),
    ]

    struct Collector: SpecReporter {
        var failures: [CaseOutcome] = []
        mutating func beginFile(_ file: String) {}
        var errors: [Diagnostic] = []
        mutating func record(_ outcome: CaseOutcome) { if outcome.failure != nil { failures.append(outcome) } }
        mutating func record(error: Diagnostic) { errors.append(error) }
        mutating func endFile(_ file: String, passed: Int, failed: Int) {}
        mutating func finish(passed: Int, failed: Int, errors: Int) {}
    }

    /// Runs the spec runner on a thread of its own, as the CLI does: its HTTP calls block, and the
    /// server's handlers need the cooperative threads.
    static func run(_ options: SpecRunOptions, _ paths: [String]) async -> (SpecRunner.Summary, Collector) {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var reporter = Collector()
                let summary = SpecRunner(options: options).run(paths, reporter: &reporter)
                continuation.resume(returning: (summary, reporter))
            }
        }
    }

    @Test(arguments: cases)
    func drift(_ c: DriftCase) async throws {
        let port = try await (c.wrongServer ? TestServer.wrong : c.testMode ? TestServer.testMode : TestServer.right)
            .value
        var options = SpecRunOptions(
            jobs: 1, implementation: c.conformance ? "http://127.0.0.1:\(port)/conformance" : nil)
        for (model, path) in c.endpoints {
            options.endpoints[model] = try Endpoint("\(model)=POST:http://127.0.0.1:\(port)\(path)")
        }
        let root = TestServer.root.path
        let (summary, reporter) = await Self.run(options, c.specs.map { root + "/" + $0 })
        #expect(summary.exitCode == c.exitCode, "\(summary.diagnostics.map(\.message))")
        #expect(summary.passed > 0 || c.exitCode == 2 || c.endpoints.values.contains("/nope"))
        if !c.endpoints.isEmpty { #expect(summary.skipped > 0, "type-level cases are skipped, and counted") }
        if let (file, line, type) = c.firstFailure {
            let first = try #require(reporter.failures.first)
            #expect(first.file.hasSuffix(file) && first.location.line == line && first.typeName == type)
        } else {
            #expect(reporter.failures.isEmpty, "\(reporter.failures.map { "\($0.location.line) \($0.typeName)" })")
        }
        if let diagnostic = c.diagnostic {
            #expect(
                summary.diagnostics.contains { $0.message.contains(diagnostic) },
                "\(summary.diagnostics.map(\.message))")
        }
    }

    @Test(arguments: [
        ("ToDoTask", "is not MODEL=METHOD:URL"), ("ToDoTask=post:http://127.0.0.1:1/tasks", "upper-case method"),
        ("ToDoTask=POST:https://example.com/tasks", "is https"), ("ToDoTask=POST:http://:80/x", "has no host"),
        ("ToDoTask=POST:ftp://example.com", "is not an http:// URL"),
        ("ToDoTask=POST:http://127.0.0.1:99999/x", "no valid port"),
    ])
    func wrongEndpoints(_ text: String, _ expected: String) {
        #expect(throws: EndpointError.self) { try Endpoint(text) }
        do {
            _ = try Endpoint(text)
        } catch {
            #expect(error.description.contains(expected), "\(error)")
        }
    }

    @Test func anImplementationURLWithNothingThereStopsTheRun() async {
        let (summary, _) = await Self.run(
            SpecRunOptions(jobs: 1, implementation: "http://127.0.0.1:1/conformance"),
            [TestServer.root.path + "/specs/task.yaml"])
        #expect(summary.exitCode == 2)
        #expect(
            summary.diagnostics.contains { $0.message.contains("cannot connect to http://127.0.0.1:1/conformance") })
    }
}
