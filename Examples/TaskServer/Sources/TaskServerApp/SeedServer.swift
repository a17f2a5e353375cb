import RuleCore
import RuleExport
import RuleYAML
import SeedModels

// What both example servers share (`Examples/VaporServer` links to this file): loading the rules,
// and the bodies they answer with and the plain ones they decode for the baselines.

/// The rules in `folder`, compiled.
///
/// - Throws: ``RulesError`` with the loader's diagnostics when they do not load.
func loadRules(in folder: String) throws(RulesError) -> RuleSet {
    let loaded = RuleFileLoader().load([folder])
    guard let rules = loaded.ruleSet, loaded.diagnostics.allSatisfy({ $0.severity != .error }) else {
        throw RulesError(description: DiagnosticRenderer.plain.render(loaded.diagnostics))
    }
    return rules
}

/// The operations each server's OpenAPI document describes, by the model of their body: the routes
/// a client uses (`/typed/signup` is `/signup` again, and the `/plain/` baselines are no API).
let openAPIOperations = ["SignUp=POST:/signup", "ToDoTask=POST:/tasks"]

/// The server's own OpenAPI document, served at `GET /openapi.json`: the export of the rules it
/// runs (`rulecheck export openapi --operation …`) with its operations, each request body a model
/// of the rules and each refusal problem details; what schemathesis is driven by (docs/server.md).
func openAPIDocument(rules: RuleSet) -> String {
    let operations = openAPIOperations.compactMap { try? OpenAPIOperation($0) }
    return SchemaExporter(rules).openAPI(operations: operations).document.rendered()
}

/// Rules that did not load, with the loader's diagnostics.
public struct RulesError: Error, CustomStringConvertible {
    public var description: String
}

/// The addresses already registered, which only the server knows: signing up with one is the
/// server code `emailTaken`, which rules/signup.yaml declares on `NewEmail` with its messages.
let registeredEmails: Set<String> = ["taken@example.org"]

/// A new account as the server answers it: never the password.
struct Account: Codable {
    var email: String
    var displayName: String?
    var birthYear: Int?
    var plan: String
}

extension Account {
    /// The account of a generated, valid `SignUp`.
    init(_ signUp: SignUp) {
        self.init(
            email: signUp.email.value, displayName: signUp.displayName?.value, birthYear: signUp.birthYear?.value,
            plan: signUp.plan.value.rawValue)
    }
}

/// A task as stored and answered.
struct StoredTask: Codable {
    var id: Int
    var title: String
    var note: String
    var dueDate: String?
}

/// A task body as a plain `Codable` struct: what a server without rules decodes.
struct PlainTask: Codable {
    var title: String
    var note: String?
    var dueDate: String?
}

/// A sign-up body as a plain `Codable` struct: what a server without rules decodes.
struct PlainSignUp: Codable {
    var email: String
    var password: String
    var passwordConfirmation: String
    var displayName: String?
    var birthYear: Int?
    var plan: String
}

/// The tasks created, in memory.
actor TaskStore {
    private var count = 0

    func add(title: String, note: String, dueDate: String?) -> StoredTask {
        count += 1
        // NB: only counted, not kept, so that memory stays flat under load (docs/performance.md).
        return StoredTask(id: count, title: title, note: note, dueDate: dueDate)
    }
}

/// A server's command line: `[--rules FOLDER] [--host HOST] [--port PORT] [--test-today yes|no]`.
public struct ServerOptions: Sendable {
    public var rules = "rules"
    public var host = "127.0.0.1"
    public var port = 8080
    /// Drift checks only, never in production: today from a request's Rulecheck-Today header.
    public var honoringTestToday = false

    /// The options of `arguments` (without the program's name), or the message to stop with.
    public static func parse(_ arguments: some Sequence<String>, program: String) -> Result<Self, OptionsError> {
        var options = Self()
        var arguments = Array(arguments)[...]
        let usage = "usage: \(program) [--rules FOLDER] [--host HOST] [--port PORT] [--test-today yes|no]"
        while let name = arguments.popFirst() {
            guard let value = arguments.popFirst() else { return .failure(OptionsError(description: usage)) }
            switch name {
            case "--rules": options.rules = value
            case "--host": options.host = value
            case "--port":
                guard let port = Int(value), (0...65535).contains(port) else {
                    return .failure(OptionsError(description: "error: --port takes a number from 0 to 65535"))
                }
                options.port = port
            case "--test-today":
                guard value == "yes" || value == "no" else {
                    return .failure(OptionsError(description: "error: --test-today takes yes or no"))
                }
                options.honoringTestToday = value == "yes"
            default: return .failure(OptionsError(description: usage))
            }
        }
        return .success(options)
    }
}

/// Why a server's command line cannot be used: a usage line or an error, to print and exit 2 with.
public struct OptionsError: Error, CustomStringConvertible {
    public var description: String
}
