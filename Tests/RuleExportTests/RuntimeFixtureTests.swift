import Foundation
import RuleCore
import RuleExport
import RuleTestSupport
import RuleYAML
import Testing

/// The fixtures every runtime in another language is held to, recorded from the Swift library:
/// `runtimes/fixtures/` holds the exports of the seed rules and of the feature rules; for each
/// request body of `body_cases.json`, the Swift library's verdict in `verdicts.jsonl` — the value
/// after normalization, or the RFC 9457 problem details, byte for byte; and for each violation a
/// server adds in `server_cases.json`, its problem details or refusal in `server_verdicts.jsonl`.
/// The JavaScript and Python runtimes' tests compare their answers with these lines, so the
/// runtimes' tests need no Swift toolchain. `RULECHECK_RECORD=1` rewrites them for review in `git diff`.
@Suite struct RuntimeFixtureTests {
    static let fixtures = RepositoryRules.root.appendingPathComponent("runtimes/fixtures")

    static let ruleFolders: [(name: String, path: String)] = [
        ("seed", "rules"), ("features", "Tests/GeneratedCodeTests/Features/rules"),
    ]

    static func rules(_ name: String) throws -> RuleSet {
        let folder = try #require(ruleFolders.first { $0.name == name }, "no rules named \(name)").path
        return try #require(RuleFileLoader().load([RepositoryRules.root.appendingPathComponent(folder).path]).ruleSet)
    }

    @Test("the exports the runtimes load match the rules", arguments: ["seed", "features"])
    func exportsMatch(_ name: String) throws {
        let export = SchemaExporter(try Self.rules(name)).jsonSchema().document.rendered()
        try assertGolden(export, at: Self.fixtures.appendingPathComponent("\(name).schema.json"))
    }

    struct BodyCase: Decodable {
        var rules: String
        var type: String
        var body: String?
        var bodyBase64: String?
        var today: String
        var acceptLanguage: String?
    }

    @Test func verdictsOnBodiesMatch() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("body_cases.json"))
        let cases = try JSONDecoder().decode([BodyCase].self, from: data)
        #expect(cases.count >= 30)
        var ruleSets: [String: RuleSet] = [:]
        var lines: [String] = []
        for (index, bodyCase) in cases.enumerated() {
            if ruleSets[bodyCase.rules] == nil { ruleSets[bodyCase.rules] = try Self.rules(bodyCase.rules) }
            let validator = try #require(
                ruleSets[bodyCase.rules]?.validator(named: bodyCase.type), "case \(index): no type \(bodyCase.type)")
            let body = try #require(
                bodyCase.body.map { Data($0.utf8) } ?? bodyCase.bodyBase64.flatMap { Data(base64Encoded: $0) },
                "case \(index) has neither body nor bodyBase64")
            let today = try #require(LocalDate(bodyCase.today))
            switch validator.verdict(
                onBody: body, acceptLanguage: bodyCase.acceptLanguage, context: ValidationContext(today: today))
            {
            case .valid(let value):
                var line = #"{"status":200,"value":"#
                ConformanceResponder.write(value, into: &line)
                lines.append(line + "}")
            case .problem(let problem):
                lines.append(problem.json)
            }
        }
        let verdicts = Self.fixtures.appendingPathComponent("verdicts.jsonl")
        try assertGolden(lines.joined(separator: "\n") + "\n", at: verdicts)
    }

    struct ServerCase: Decodable {
        var rules: String
        var name: String
        var code: String
        var path: [String]
        var value: String?
        var acceptLanguage: String?
    }

    /// Violations a server adds (`serverCodes:`): for each case of `server_cases.json`, the problem
    /// details of the one violation, or `{"error": …}` with the sentence that refuses the code or path.
    @Test func serverViolationsMatch() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("server_cases.json"))
        let cases = try JSONDecoder().decode([ServerCase].self, from: data)
        #expect(cases.count >= 20)
        var ruleSets: [String: RuleSet] = [:]
        var lines: [String] = []
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        for (index, serverCase) in cases.enumerated() {
            if ruleSets[serverCase.rules] == nil { ruleSets[serverCase.rules] = try Self.rules(serverCase.rules) }
            let validator = try #require(
                ruleSets[serverCase.rules]?.validator(named: serverCase.name), "case \(index): no \(serverCase.name)")
            do {
                let violation = try validator.serverViolation(
                    serverCase.code, at: serverCase.path, value: serverCase.value)
                lines.append(validator.problem([violation], acceptLanguage: serverCase.acceptLanguage).json)
            } catch {
                lines.append(String(decoding: try encoder.encode(["error": error.description]), as: UTF8.self))
            }
        }
        #expect(lines.contains { $0.hasPrefix(#"{"error""#) } && lines.contains { $0.hasPrefix(#"{"type""#) })
        try assertGolden(
            lines.joined(separator: "\n") + "\n", at: Self.fixtures.appendingPathComponent("server_verdicts.jsonl"))
    }

    struct HTTPCase: Decodable {
        var problem: String
        var language: String
        var limit: Int?
        var contentType: String?
        var method: String?
        var allowed: [String]?
    }

    /// The answers every server integration gives besides the rules' own (413, 415, a `Time-Zone` or
    /// `Rulecheck-Today` header it cannot read, 404, 405): for each case of `http_cases.json`, the problem
    /// details of `ProblemDetails+HTTP.swift` in `http_verdicts.jsonl`, which the FastAPI integration
    /// must answer byte for byte.
    @Test func httpProblemsMatch() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("http_cases.json"))
        let cases = try JSONDecoder().decode([HTTPCase].self, from: data)
        #expect(cases.count >= 10)
        var lines: [String] = []
        for (index, httpCase) in cases.enumerated() {
            let problem: ProblemDetails
            switch httpCase.problem {
            case "tooLarge":
                problem = .tooLarge(limit: try #require(httpCase.limit), language: httpCase.language)
            case "unsupportedMediaType":
                problem = .unsupportedMediaType(httpCase.contentType, language: httpCase.language)
            case "unknownTimeZone": problem = .unknownTimeZone(language: httpCase.language)
            case "unreadableTestToday": problem = .unreadableTestToday(language: httpCase.language)
            case "notFound": problem = .notFound(language: httpCase.language)
            case "methodNotAllowed":
                problem = .methodNotAllowed(
                    try #require(httpCase.method), allowed: try #require(httpCase.allowed),
                    language: httpCase.language)
            default:
                Issue.record("case \(index): no problem named \(httpCase.problem)")
                continue
            }
            lines.append(problem.json)
        }
        try assertGolden(
            lines.joined(separator: "\n") + "\n", at: Self.fixtures.appendingPathComponent("http_verdicts.jsonl"))
    }

    struct TimeZoneCase: Decodable {
        var zone: String
        var known: Bool
    }

    /// What a `Time-Zone` header may hold, in every runtime: a zone of the IANA database as it
    /// spells it, never an abbreviation, an offset, another case, `localtime` or a path, whatever
    /// Foundation's `TimeZone(identifier:)` reads. `time_zones.json` is shared with the Python
    /// package's tests, which hold `is_iana_time_zone` to the same answers.
    @Test func timeZoneNamesAreTheDatabases() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("time_zones.json"))
        let cases = try JSONDecoder().decode([TimeZoneCase].self, from: data)
        #expect(cases.count >= 20 && cases.contains { $0.known } && cases.contains { !$0.known })
        for zoneCase in cases {
            #expect(ValidationContext.isTimeZoneName(zoneCase.zone) == zoneCase.known, "\(zoneCase.zone)")
            let context = ValidationContext(timeZoneIdentifier: zoneCase.zone)
            #expect((context != nil) == zoneCase.known, "\(zoneCase.zone)")
        }
    }

    /// Whether a model reads today, which decides whether a server reads `Time-Zone` for it: as the
    /// Python package's `uses_today` says of the same rules (its field's type, not only its own checks).
    @Test(arguments: [
        ("SignUp", false), ("ToDoTask", true), ("TaskDueDate", true), ("TaskTitle", false), ("Profile", true),
        ("DateOfBirth", true), ("Login", false),
    ])
    func readsToday(_ name: String, _ expected: Bool) throws {
        let validator = try #require(try Self.rules("seed").validator(named: name))
        #expect(validator.readsToday == expected)
    }
}
