import Foundation
import RuleCore
import RuleYAML

// The example server's invalid sign-up (Examples/TaskServer, docs/performance.md) without the
// HTTP server, ITERATIONS times one way, for `valgrind --tool=callgrind` (problem-details.sh):
// `rules` is the validating route's work, `Validator.verdict(onBody:…)` and the problem details'
// JSON; `plain` is the plain route's, `JSONDecoder` into a plain `Codable` struct and `JSONEncoder`.
// Usage: ProblemDetailsProfile WAY [ITERATIONS] [ACCEPT-LANGUAGE]; WAY `none` only loads the rules.

struct PlainSignUp: Codable {
    var email: String
    var password: String
    var passwordConfirmation: String
    var displayName: String?
    var birthYear: Int?
    var plan: String
}

struct Account: Codable {
    var email: String
    var displayName: String?
    var birthYear: Int?
    var plan: String
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: ProblemDetailsProfile WAY [ITERATIONS] [ACCEPT-LANGUAGE]\n".utf8))
    exit(2)
}
let way = arguments[1]
let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 100 : 100
let acceptLanguage = arguments.count > 3 ? arguments[3] : nil
// NB: the body of Examples/TaskServer/Benchmark/run.sh: six invalid fields, eight violations.
let body = Array(
    #"{"email": "not-an-email", "password": "abc", "passwordConfirmation": "abd", "displayName": "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn", "birthYear": 1800, "plan": "gold"}"#
        .utf8)
let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../rules").path
let signUp = RuleFileLoader().load([folder]).ruleSet!.validator(named: "SignUp")!
let context = ValidationContext()

@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

switch way {
case "rules":
    for _ in 0..<iterations {
        guard
            case .problem(let problem) = signUp.verdict(onBody: body, acceptLanguage: acceptLanguage, context: context)
        else { fatalError("the sign-up body is valid") }
        consume(problem.jsonUTF8)
    }
case "plain":
    for _ in 0..<iterations {
        let signUp = try! JSONDecoder().decode(PlainSignUp.self, from: Data(body))
        let account = Account(
            email: signUp.email, displayName: signUp.displayName, birthYear: signUp.birthYear, plan: signUp.plan)
        consume(try! JSONEncoder().encode(account))
    }
case "print":
    guard case .problem(let problem) = signUp.verdict(onBody: body, acceptLanguage: acceptLanguage, context: context)
    else { fatalError("the sign-up body is valid") }
    print(problem.json)
case "none": break
default:
    FileHandle.standardError.write(Data("unknown way '\(way)': rules, plain, print or none\n".utf8))
    exit(2)
}
