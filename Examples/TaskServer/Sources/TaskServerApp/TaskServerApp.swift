public import Foundation
public import Hummingbird
public import RuleCore
import RuleHummingbird
import SeedModels

/// The seeds' sign-up and task endpoints, each body validated by the rules in one call.
///
/// - `POST /signup`: a `SignUp` (rules/signup.yaml); 201 with the account, never the password;
///   422 `emailTaken`, the server code rules/signup.yaml declares, for an address already registered.
/// - `POST /typed/signup`: the same, validated as the generated model `SignUp` (`SeedModels`, by
///   `RuleGenPlugin`), which the handler reads typed.
/// - `POST /tasks`: a `Task` (rules/task.yaml), "today" in the client's `Time-Zone`; 201 with the task.
/// - `POST /plain/tasks`, `POST /plain/signup`: the same bodies only decoded into plain `Codable`
///   structs, unvalidated: the baselines that docs/performance.md measures the validating routes against.
/// - `POST /conformance`: the conformance protocol, for `rulecheck specs/ --implementation URL`.
/// - `GET /openapi.json`: the server's OpenAPI document, the export of its rules with `/signup` and `/tasks`.
///
/// Refused bodies get `application/problem+json` in the negotiated language, with `Vary:
/// Accept-Language`: 422 with every violation, 400 when not JSON or for an unknown `Time-Zone`
/// (read only for `/tasks`, whose rules are relative to today), 413 over ``maxBodySize``, 415 for a
/// body not sent as JSON; a wrong method on a path is 405 with `Allow`, an unknown path 404.
public enum TaskServerApp {
    /// The largest body read: 16 MiB, so that a 10 MB value reaches the rules (and is refused by them).
    public static let maxBodySize = 16 << 20

    /// The rules in `folder`, compiled.
    ///
    /// - Throws: ``RulesError`` with the loader's diagnostics when they do not load.
    public static func rules(in folder: String) throws(RulesError) -> RuleSet {
        try loadRules(in: folder)
    }

    /// The router of every endpoint; with `honoringTestToday` (drift checks only), a request's
    /// `Rulecheck-Today` header is today (docs/server.md).
    public static func router(
        rules: RuleSet, clock: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current,
        honoringTestToday: Bool = false
    ) -> Router<BasicRequestContext> {
        let router = Router()
        guard let signUp = rules.validator(named: "SignUp"), let task = rules.validator(named: "ToDoTask") else {
            preconditionFailure("the rules have no model 'SignUp' or 'ToDoTask' (rules/signup.yaml, rules/task.yaml)")
        }
        let store = TaskStore()
        // The application's settings, set once for every route: the size limit, JSON only (415 for
        // another content type), the clock and time zone of "today", and the drift checks' test mode.
        let settings = BodyValidationSettings(
            maxBodySize: maxBodySize, timeZone: timeZone, clock: clock, honorsTestToday: honoringTestToday)
        router.post("/signup") { request, context -> Response in
            var request = request
            let value = try await request.validatedBody(as: signUp, context: context, settings: settings)
            if let email = value?["email"]?.string, registeredEmails.contains(email) {
                // NB: a code only the server knows, declared in the rules with its messages.
                let taken = try signUp.serverViolation("emailTaken", at: ["email"], value: email)
                throw request.problem([taken], of: signUp)
            }
            let account = Account(
                email: value?["email"]?.string ?? "", displayName: value?["displayName"]?.string,
                birthYear: value?["birthYear"]?.integer, plan: value?["plan"]?.string ?? "")
            return try created(account, context: context)
        }
        router.post("/typed/signup") { request, context -> Response in
            var request = request
            // NB: the generated model, typed: no rule file or libyaml is needed for this route.
            let signUp = try await request.validatedBody(as: SignUp.self, context: context, settings: settings)
            if registeredEmails.contains(signUp.email.value) {
                throw request.problem([.email(.emailTaken)], of: SignUp.self)
            }
            return try created(Account(signUp), context: context)
        }
        router.post("/tasks") { request, context -> Response in
            var request = request
            let value = try await request.validatedBody(as: task, context: context, settings: settings)
            let stored = await store.add(
                title: value?["title"]?.string ?? "", note: value?["note"]?.string ?? "",
                dueDate: value?["dueDate"]?.date?.description)
            return try created(stored, context: context)
        }
        router.post("/plain/tasks") { request, context -> Response in
            let body = try await request.decode(as: PlainTask.self, context: context)
            let stored = await store.add(title: body.title, note: body.note ?? "", dueDate: body.dueDate)
            return try created(stored, context: context)
        }
        router.post("/plain/signup") { request, context -> Response in
            let body = try await request.decode(as: PlainSignUp.self, context: context)
            let account = Account(
                email: body.email, displayName: body.displayName, birthYear: body.birthYear, plan: body.plan)
            return try created(account, context: context)
        }
        router.conformanceRoute("/conformance", rules: rules)
        let document = openAPIDocument(rules: rules)
        router.get("/openapi.json") { _, _ -> Response in
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: document)))
        }
        // NB: after the last route: a wrong method on a path is 405 with Allow, an unknown path
        // 404, both as problem details.
        router.addUnmatchedRouteProblems()
        return router
    }

    /// The application on `host:port` (port 0: any free port); `onServerRunning` learns the port bound.
    public static func application(
        rules: RuleSet, host: String = "127.0.0.1", port: Int = 8080,
        clock: @escaping @Sendable () -> Date = { Date() },
        timeZone: TimeZone = .current, honoringTestToday: Bool = false,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: router(rules: rules, clock: clock, timeZone: timeZone, honoringTestToday: honoringTestToday),
            configuration: .init(address: .hostname(host, port: port), serverName: "TaskServer"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) })
    }

    private static func created(_ value: some Encodable, context: BasicRequestContext) throws -> Response {
        let data = try JSONEncoder().encode(value)
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: .created, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
