#if Hummingbird
    public import Foundation
    public import HTTPTypes
    public import Hummingbird
    public import RuleCore

    /// A request refused with RFC 9457 problem details: 422 for violations, 400 for a body that is
    /// not JSON or an unknown time zone, 413 for a body over the limit; `Content-Language` is the
    /// negotiated language.
    public struct ProblemResponse: HTTPResponseError {
        /// The problem, as it is sent.
        public let problem: ProblemDetails

        /// A response carrying `problem`.
        public init(_ problem: ProblemDetails) {
            self.problem = problem
        }

        public var status: HTTPResponse.Status { HTTPResponse.Status(code: problem.status) }

        public func response(from request: Request, context: some RequestContext) throws -> Response {
            let buffer = ByteBuffer(bytes: problem.jsonUTF8)
            var headers = HTTPFields()
            headers[.contentType] = ProblemDetails.mediaType
            headers[.contentLanguage] = problem.language
            headers[.contentLength] = String(buffer.readableBytes)
            return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: buffer))
        }
    }

    extension Request {
        /// The request's ``ValidationContext``: today in the time zone its ``ValidationContext/timeZoneHeader``
        /// (`Time-Zone: Asia/Tokyo`) names, else in `defaultTimeZone`, by `clock`.
        ///
        /// With `honoringTestToday` (a test mode, off by default: never in production), a request's
        /// ``ValidationContext/testTodayHeader`` (`Rulecheck-Today: 2026-11-22`, which
        /// `rulecheck specs/ --endpoint …` sends from a spec file's `today:`) is today, so that drift
        /// checks of date rules pass against a server running on the real clock.
        ///
        /// - Throws: ``ProblemResponse`` (400) when the header names no time zone, or, in test mode,
        ///   no date.
        public func validationContext(
            defaultTimeZone: TimeZone = .current, clock: @escaping @Sendable () -> Date = { Date() },
            honoringTestToday: Bool = false
        ) throws(ProblemResponse) -> ValidationContext {
            if honoringTestToday, let name = HTTPField.Name(ValidationContext.testTodayHeader),
                let text = headers[name]
            {
                guard let today = LocalDate(text) else {
                    var problem = ProblemDetails(violations: [], language: "en")
                    problem.status = 400
                    problem.title = "Bad Request"
                    problem.detail =
                        "The \(ValidationContext.testTodayHeader) header holds no date; send YYYY-MM-DD, such as 2026-11-22."
                    throw ProblemResponse(problem)
                }
                return ValidationContext(today: today)
            }
            guard let name = HTTPField.Name(ValidationContext.timeZoneHeader), let identifier = headers[name] else {
                return ValidationContext(clock: clock, timeZone: defaultTimeZone)
            }
            guard let context = ValidationContext(timeZoneIdentifier: identifier, clock: clock) else {
                var problem = ProblemDetails(violations: [], language: "en")
                problem.status = 400
                problem.title = "Bad Request"
                problem.detail =
                    "The \(ValidationContext.timeZoneHeader) header names no time zone; send an IANA name such as Asia/Tokyo."
                throw ProblemResponse(problem)
            }
            return context
        }

        /// Reads the body, at most `maxSize` bytes, and validates it as `validator` in one call, with
        /// messages in the language its `Accept-Language` prefers: the valid value, with a model's
        /// fields as records (`value["title"]?.string`).
        ///
        /// ```swift
        /// router.post("/tasks") { request, context in
        ///     var request = request
        ///     let task = try await request.validatedBody(as: taskValidator, context: context)
        ///     …
        /// }
        /// ```
        ///
        /// - Throws: ``ProblemResponse``: 422 with every violation, 400 when the body is not JSON or
        ///   the time zone is unknown, 413 when the body is over `maxSize`.
        public mutating func validatedBody(
            as validator: Validator, context: some RequestContext, maxSize: Int? = nil,
            validationContext: ValidationContext? = nil
        ) async throws -> ValidatedValue? {
            let language = validator.language(for: headers[.acceptLanguage])
            let body: ByteBuffer
            do {
                body = try await collectBody(upTo: maxSize ?? context.maxUploadSize)
            } catch let error as HTTPError where error.status == .contentTooLarge {
                var problem = ProblemDetails(violations: [], language: language)
                problem.status = 413
                problem.title = "Content Too Large"
                problem.detail = "The body is over \(maxSize ?? context.maxUploadSize) bytes."
                throw ProblemResponse(problem)
            }
            let validation = try validationContext ?? self.validationContext()
            let verdict = body.withUnsafeReadableBytes { bytes in
                validator.verdict(onBody: bytes, acceptLanguage: headers[.acceptLanguage], context: validation)
            }
            switch verdict {
            case .valid(let value): return value
            case .problem(let problem): throw ProblemResponse(problem)
            }
        }
    }

    extension RouterMethods {
        /// A `POST` route at `path` that speaks the conformance protocol (`docs/conformance.md`) over
        /// HTTP: each request body is one request, each response body its answer, so that
        /// `rulecheck specs/ --implementation http://HOST:PORT/PATH` checks the rules this server runs.
        @discardableResult
        public func conformanceRoute(_ path: RouterPath, rules: RuleSet) -> Self {
            let responder = ConformanceResponder(rules: rules)
            return post(path) { request, context -> Response in
                let body = try await request.body.collect(upTo: context.maxUploadSize)
                let answer = body.withUnsafeReadableBytes { responder.answer($0) }
                let (status, text): (HTTPResponse.Status, String) =
                    switch answer {
                    case .answer(let line): (.ok, line)
                    case .badRequest(let message): (.badRequest, message)
                    }
                var headers = HTTPFields()
                headers[.contentType] = status == .ok ? "application/json" : "text/plain; charset=utf-8"
                return Response(
                    status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
            }
        }
    }
#endif
