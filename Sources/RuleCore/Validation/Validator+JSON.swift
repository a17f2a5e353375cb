extension Validator {
    /// Reads `body` as one JSON text with `reader`, the one reader of every channel, and validates
    /// it: a model's undeclared fields are skipped whatever they hold, and each field's JSON kind
    /// must fit its type (`{"title": 12345}` is `invalidFormat`), as the exported schema says.
    ///
    /// Reading is iterative and linear in the size and depth of the body, within
    /// ``JSONReader/Limits``; `Data`, `[UInt8]` and a `ByteBuffer`'s readable bytes are read in place.
    ///
    /// - Throws: ``JSONReadError`` when `body` is not JSON: bad syntax, invalid UTF-8 or a lone
    ///   surrogate (never replaced with U+FFFD), a duplicate key, nesting beyond the limit.
    public func validate(
        json body: some Collection<UInt8>, context: ValidationContext = ValidationContext(),
        reader: JSONReader = JSONReader()
    ) throws(JSONReadError) -> ValidationResult {
        validate(try reader.read(body), context: context)
    }

    /// A request body's verdict in one call: its value, or the RFC 9457 problem details to
    /// answer with, their messages in the language `acceptLanguage` (an `Accept-Language`
    /// header) prefers among ``languages``.
    ///
    /// ```swift
    /// let signUp = rules.validator(named: "SignUp")!
    /// switch signUp.verdict(onBody: body, acceptLanguage: "ja, en;q=0.5") {
    /// case .valid(let value): …                 // store it
    /// case .problem(let problem): …             // status problem.status, Content-Language
    /// }                                         // problem.language, body problem.json
    /// ```
    public func verdict(
        onBody body: some Collection<UInt8>, acceptLanguage: String? = nil,
        context: ValidationContext = ValidationContext(), reader: JSONReader = JSONReader()
    ) -> BodyVerdict {
        let result: ValidationResult
        do {
            result = try validate(json: body, context: context, reader: reader)
        } catch {
            return .problem(ProblemDetails(unreadable: error, language: language(for: acceptLanguage)))
        }
        switch result {
        case .valid(let value): return .valid(value)
        case .invalid(let violations):
            return .problem(ProblemDetails(violations: violations, language: language(for: acceptLanguage)))
        }
    }

    /// The language of messages for an `Accept-Language` header: the client's most preferred
    /// among ``negotiableLanguages``, else `en`. A language that only some messages are written in
    /// (one `fr:` message) is never chosen, so that the answer is in one language, as
    /// `Content-Language` says; code can still ask for it by name (``Violation/message(language:)``).
    public func language(for acceptLanguage: String?) -> String {
        guard let acceptLanguage, !acceptLanguage.isEmpty else { return "en" }
        return AcceptLanguage(acceptLanguage).negotiate(among: negotiableLanguages)
    }
}
