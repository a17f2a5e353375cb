/// A code a server was asked to report that the rules do not declare under `serverCodes:` where
/// it was asked for: a mistake in the server's code, never in a request.
public struct UndeclaredServerCode: Error, Hashable, Sendable, CustomStringConvertible {
    /// The code asked for, such as `emailTakne`.
    public let code: String
    /// The path it was asked for at, such as `["email"]`.
    public let path: [String]
    /// What is wrong, in a sentence that names what is declared there.
    public let description: String
}

extension Validator {
    /// A violation the server found itself, of a code the rules declare under `serverCodes:` on the
    /// type or model at `path` (`["email"]` for a field, `["tags", "0"]` for a list's item, `[]`
    /// for the model): its code, messages and `sensitive` are the rules', as if a check had reported it.
    ///
    /// ```swift
    /// if registered.contains(signUp.email) {
    ///     let taken = try signUpValidator.serverViolation("emailTaken", at: ["email"], value: signUp.email)
    ///     throw ProblemResponse(signUpValidator.problem([taken], acceptLanguage: request.headers[.acceptLanguage]))
    /// }
    /// ```
    ///
    /// - Throws: ``UndeclaredServerCode`` when `path` names no field, or what it names declares no
    ///   such server code.
    public func serverViolation(
        _ code: String, at path: [String] = [], value: String? = nil
    ) throws(UndeclaredServerCode) -> Violation {
        var current = self
        var isSensitive = false
        var index = path.startIndex
        func undeclared(_ problem: String) -> UndeclaredServerCode {
            UndeclaredServerCode(code: code, path: path, description: problem)
        }
        while index < path.endIndex {
            guard case .model(let model) = current else {
                throw undeclared(
                    "'\(current.name)' at '\(path[..<index].joined(separator: "."))' has no fields, so no "
                        + "'\(path[index])'; report '\(code)' on a path that names a field of a model")
            }
            guard let field = model.compiled.fields.first(where: { $0.name == path[index] }) else {
                let names = model.compiled.fields.map { "'\($0.name)'" }.joined(separator: ", ")
                throw undeclared("'\(model.name)' has no field '\(path[index])'; its fields are \(names)")
            }
            isSensitive = isSensitive || field.isSensitive
            index += 1
            if field.list != nil {
                guard index < path.endIndex, let item = Int(path[index]), item >= 0, String(item) == path[index] else {
                    throw undeclared(
                        "field '\(field.name)' of '\(model.name)' is a list; name an item by its index, such as "
                            + "[\(path[..<index].map { "\"\($0)\"" }.joined(separator: ", ")), \"0\"]")
                }
                index += 1
            }
            current = field.validator
        }
        guard let outcome = current.outcomes.serverOnly.first(where: { $0.code == code }) else {
            let declared = current.outcomes.serverOnly.map { "'\($0.code)'" }
            let place = path.isEmpty ? "" : " at '\(path.joined(separator: "."))'"
            throw undeclared(
                "'\(current.name)'\(place) declares no server code '\(code)'; "
                    + (declared.isEmpty
                        ? "declare it under 'serverCodes:' of '\(current.name)', with its messages"
                        : "its server codes are \(declared.joined(separator: ", "))"))
        }
        let violation = Violation(outcome, path: path, value: value?[...])
        return isSensitive ? violation.redacted() : violation
    }

    /// The problem details (422) of violations a server found itself (``serverViolation(_:at:value:)``),
    /// in the language `acceptLanguage` prefers among ``negotiableLanguages``, as a validation's
    /// problem is: the same `Content-Language` for every 422 of this type or model.
    public func problem(_ violations: some Sequence<Violation>, acceptLanguage: String?) -> ProblemDetails {
        ProblemDetails(violations: violations, language: language(for: acceptLanguage))
    }
}
