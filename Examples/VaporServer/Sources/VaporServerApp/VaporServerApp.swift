public import Foundation
public import RuleCore
import RuleVapor
import SeedModels
public import Vapor

/// The seeds' sign-up and task endpoints on Vapor 4, each body validated by the rules in one call,
/// as `Examples/TaskServer` does on Hummingbird 2:
///
/// - `POST /signup`: a `SignUp` (rules/signup.yaml); 201 with the account, never the password;
///   422 `emailTaken`, the server code rules/signup.yaml declares, for an address already registered.
/// - `POST /typed/signup`: the same, validated as the generated model `SignUp` (`SeedModels`, by
///   `RuleGenPlugin`), which the handler reads typed.
/// - `POST /tasks`: a `ToDoTask` (rules/task.yaml), "today" in the client's `Time-Zone`; 201 with the task.
/// - `POST /plain/tasks`, `POST /plain/signup`: the same bodies only decoded into plain `Content`
///   structs, unvalidated: the baselines of `Benchmark/run.sh`.
/// - `POST /conformance`: the conformance protocol, for `rulecheck specs/ --implementation URL`.
/// - `GET /openapi.json`: the server's OpenAPI document, the export of its rules with `/signup` and `/tasks`.
///
/// Refused bodies get `application/problem+json` in the negotiated language, with `Vary:
/// Accept-Language`: 422 with every violation, 400 when not JSON or for an unknown `Time-Zone`
/// (read only for `/tasks`, whose rules are relative to today), 413 over ``maxBodySize``, 415 for a
/// body not sent as JSON; a wrong method on a path is 405 with `Allow`, an unknown path 404
/// (`ProblemDetailsMiddleware`).
public enum VaporServerApp {
    /// The largest body read: 16 MiB, so that a 10 MB value reaches the rules (and is refused by them).
    public static let maxBodySize = 16 << 20

    /// The rules in `folder`, compiled.
    ///
    /// - Throws: ``RulesError`` with the loader's diagnostics when they do not load.
    public static func rules(in folder: String) throws(RulesError) -> RuleSet {
        try loadRules(in: folder)
    }

    /// Every endpoint on `app`; with `honoringTestToday` (drift checks only), a request's
    /// `Rulecheck-Today` header is today (docs/server.md).
    public static func configure(
        _ app: Application, rules: RuleSet, clock: @escaping @Sendable () -> Date = { Date() },
        timeZone: TimeZone = .current, honoringTestToday: Bool = false
    ) {
        guard let signUp = rules.validator(named: "SignUp"), let task = rules.validator(named: "ToDoTask") else {
            preconditionFailure("the rules have no model 'SignUp' or 'ToDoTask' (rules/signup.yaml, rules/task.yaml)")
        }
        // The application's settings, set once for every route: the size limit, JSON only (415 for
        // another content type), the clock and time zone of "today", and the drift checks' test mode.
        let settings = BodyValidationSettings(
            maxBodySize: maxBodySize, timeZone: timeZone, clock: clock, honorsTestToday: honoringTestToday)
        app.routes.defaultMaxBodySize = ByteCount(value: maxBodySize)
        app.middleware.use(ProblemDetailsMiddleware())
        let store = TaskStore()
        app.post("signup") { request async throws -> Response in
            let value = try await request.validatedBody(as: signUp, settings: settings)
            if let email = value?["email"]?.string, registeredEmails.contains(email) {
                // NB: a code only the server knows, declared in the rules with its messages.
                let taken = try signUp.serverViolation("emailTaken", at: ["email"], value: email)
                throw request.problem([taken], of: signUp)
            }
            let account = Account(
                email: value?["email"]?.string ?? "", displayName: value?["displayName"]?.string,
                birthYear: value?["birthYear"]?.integer, plan: value?["plan"]?.string ?? "")
            return try created(account)
        }
        app.post("typed", "signup") { request async throws -> Response in
            // NB: the generated model, typed: no rule file or libyaml is needed for this route.
            let signUp = try await request.validatedBody(as: SignUp.self, settings: settings)
            if registeredEmails.contains(signUp.email.value) {
                throw request.problem([.email(.emailTaken)], of: SignUp.self)
            }
            return try created(Account(signUp))
        }
        app.post("tasks") { request async throws -> Response in
            let value = try await request.validatedBody(as: task, settings: settings)
            let stored = await store.add(
                title: value?["title"]?.string ?? "", note: value?["note"]?.string ?? "",
                dueDate: value?["dueDate"]?.date?.description)
            return try created(stored)
        }
        app.post("plain", "tasks") { request async throws -> Response in
            let body = try request.content.decode(PlainTask.self, as: .json)
            return try created(await store.add(title: body.title, note: body.note ?? "", dueDate: body.dueDate))
        }
        app.post("plain", "signup") { request async throws -> Response in
            let body = try request.content.decode(PlainSignUp.self, as: .json)
            return try created(
                Account(email: body.email, displayName: body.displayName, birthYear: body.birthYear, plan: body.plan))
        }
        app.conformanceRoute("conformance", rules: rules)
        let document = openAPIDocument(rules: rules)
        app.get("openapi.json") { _ -> Response in
            var headers = HTTPHeaders()
            headers.replaceOrAdd(name: .contentType, value: "application/json")
            return Response(status: .ok, headers: headers, body: .init(string: document))
        }
    }

    private static func created(_ value: some Encodable) throws -> Response {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: "application/json")
        return Response(status: .created, headers: headers, body: .init(data: try JSONEncoder().encode(value)))
    }
}
