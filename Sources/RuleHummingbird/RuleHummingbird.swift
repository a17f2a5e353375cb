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
        /// Headers sent besides the problem's own, such as a 405's `Allow`.
        public let headers: HTTPFields

        /// A response carrying `problem`, with `headers` besides its own.
        public init(_ problem: ProblemDetails, headers: HTTPFields = [:]) {
            self.problem = problem
            self.headers = headers
        }

        public var status: HTTPResponse.Status { HTTPResponse.Status(code: problem.status) }

        public func response(from request: Request, context: some RequestContext) throws -> Response {
            let buffer = ByteBuffer(bytes: problem.jsonUTF8)
            var headers = self.headers
            headers[.contentType] = ProblemDetails.mediaType
            headers[.contentLanguage] = problem.language
            // NB: the body's language follows the request's Accept-Language, which a cache must know.
            headers[.vary] = "Accept-Language"
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
        /// - Throws: ``ProblemResponse`` (400, in `language`) when the header names no time zone, or,
        ///   in test mode, no date.
        public func validationContext(
            defaultTimeZone: TimeZone = .current, clock: @escaping @Sendable () -> Date = { Date() },
            honoringTestToday: Bool = false, language: String = "en"
        ) throws(ProblemResponse) -> ValidationContext {
            if honoringTestToday, let name = HTTPField.Name(ValidationContext.testTodayHeader),
                let text = headers[name]
            {
                guard let today = LocalDate(text) else {
                    throw ProblemResponse(.unreadableTestToday(language: language))
                }
                return ValidationContext(today: today)
            }
            guard let name = HTTPField.Name(ValidationContext.timeZoneHeader), let identifier = headers[name] else {
                return ValidationContext(clock: clock, timeZone: defaultTimeZone)
            }
            guard let context = ValidationContext(timeZoneIdentifier: identifier, clock: clock) else {
                throw ProblemResponse(.unknownTimeZone(language: language))
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
        ///   the time zone is unknown, 413 when the body is over `maxSize`, and with
        ///   `requiringJSONContentType` 415 when its `Content-Type` is not JSON
        ///   (``ProblemDetails/isJSON(contentType:)``), all in the negotiated language.
        public mutating func validatedBody(
            as validator: Validator, context: some RequestContext, maxSize: Int? = nil,
            validationContext: ValidationContext? = nil, requiringJSONContentType: Bool = false
        ) async throws -> ValidatedValue? {
            let language = validator.language(for: headers[.acceptLanguage])
            if requiringJSONContentType, !ProblemDetails.isJSON(contentType: headers[.contentType]) {
                throw ProblemResponse(.unsupportedMediaType(headers[.contentType], language: language))
            }
            let limit = maxSize ?? context.maxUploadSize
            let body: ByteBuffer
            do {
                body = try await collectBody(upTo: limit)
            } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
                // NB: NIOTooManyBytesError, which collectBody throws, is an HTTPResponseError, not an HTTPError.
                throw ProblemResponse(.tooLarge(limit: limit, language: language))
            }
            // NB: the headers that set today count only for a validator whose rules read today.
            let validation =
                try validationContext ?? (validator.readsToday ? self.validationContext(language: language) : .init())
            let verdict = body.withUnsafeReadableBytes { bytes in
                validator.verdict(onBody: bytes, acceptLanguage: headers[.acceptLanguage], context: validation)
            }
            switch verdict {
            case .valid(let value): return value
            case .problem(let problem): throw ProblemResponse(problem)
            }
        }
    }

    extension Request {
        /// Reads the body and validates it as `validator` with the application's `settings` (its
        /// size limit, content type, clock, time zone and test mode, set once): the valid value, or
        /// ``ProblemResponse`` with 422, 400, 413 or 415, each in the negotiated language.
        public mutating func validatedBody(
            as validator: Validator, context: some RequestContext, settings: BodyValidationSettings
        ) async throws -> ValidatedValue? {
            let language = validator.language(for: headers[.acceptLanguage])
            // NB: `Time-Zone` and `Rulecheck-Today` are read only for rules relative to today: a
            // model without one never answers 400 for them (docs/server.md, "Today, per request").
            let validation =
                validator.readsToday
                ? try validationContext(
                    defaultTimeZone: settings.timeZone, clock: settings.clock,
                    honoringTestToday: settings.honorsTestToday, language: language)
                : ValidationContext(clock: settings.clock, timeZone: settings.timeZone)
            return try await validatedBody(
                as: validator, context: context, maxSize: settings.maxBodySize, validationContext: validation,
                requiringJSONContentType: settings.requiresJSONContentType)
        }

        /// Reads the body and validates it as the generated model `Model` (`rulecheck generate
        /// swift`, or `RuleGenPlugin`): the model itself, typed (`signUp.email.value`), or
        /// ``ProblemResponse`` as ``validatedBody(as:context:settings:)-(Validator,_,_)`` throws it. A
        /// server that validates only with generated models needs neither libyaml nor the rule files
        /// at run time (docs/server.md).
        public mutating func validatedBody<Model: RuleCoreGeneratedCodeVersion1.Model>(
            as model: Model.Type, context: some RequestContext, settings: BodyValidationSettings
        ) async throws -> Model {
            Model(validated: try await validatedBody(as: .model(Model.validator), context: context, settings: settings))
        }

        /// The 422 of violations the server found itself, codes the rules declare under
        /// `serverCodes:` (``RuleCore/Validator/serverViolation(_:at:value:)``), in the language this
        /// request's `Accept-Language` negotiates with `validator`, as its validation's 422 would be:
        /// `throw request.problem([try signUp.serverViolation("emailTaken", at: ["email"])], of: signUp)`.
        public func problem(_ violations: [RuleCore.Violation], of validator: Validator) -> ProblemResponse {
            ProblemResponse(validator.problem(violations, acceptLanguage: headers[.acceptLanguage]))
        }

        /// The 422 of violations the server found itself, typed as the generated model's:
        /// `throw request.problem([.email(.emailTaken)], of: SignUp.self)`.
        public func problem<Model: RuleCoreGeneratedCodeVersion1.Model>(
            _ violations: [Model.Violation], of model: Model.Type
        ) -> ProblemResponse {
            problem(violations.map(\.violation), of: .model(Model.validator))
        }
    }

    /// Answers a request that no route of the router takes with problem details, in the language
    /// `Accept-Language` negotiates among ``RuleCore/ProblemDetails/languages``: 405 with `Allow` (every
    /// method the path has a route for) when its path has routes of other methods, 404 otherwise.
    /// Hummingbird itself answers both with an empty 404. Add it with
    /// ``Hummingbird/Router/addUnmatchedRouteProblems()`` after the last route.
    public struct UnmatchedRouteMiddleware<Context: RequestContext>: RouterMiddleware {
        /// A router with one `GET` route per path of the routes, answering its methods as `Allow`:
        /// Hummingbird's own path matching (parameters, wildcards), which a request is asked of
        /// with its method made `GET`.
        private let methods: RouterResponder<Context>

        /// The middleware for `routes` (`router.routes`, once every route is added).
        public init(routes: [Router<Context>.RouteDescription]) {
            var byPath: [(path: RouterPath, methods: [String])] = []
            for route in routes {
                if let index = byPath.firstIndex(where: { $0.path == route.path }) {
                    byPath[index].methods.append(route.method.rawValue)
                } else {
                    byPath.append((route.path, [route.method.rawValue]))
                }
            }
            let probe = Router(context: Context.self)
            for (path, methods) in byPath {
                let allow = ProblemDetails.allowHeader(methods)
                probe.get(path) { _, _ -> Response in
                    var headers = HTTPFields()
                    headers[.allow] = allow
                    return Response(status: .ok, headers: headers)
                }
            }
            self.methods = probe.buildResponder()
        }

        public func handle(
            _ request: Request, context: Context, next: (Request, Context) async throws -> Response
        ) async throws -> Response {
            // NB: a route the request reached has set its endpoint path; only the router's
            // not-found responder, which no route matched, comes here without one.
            guard context.endpointPath == nil else { return try await next(request, context) }
            let language = AcceptLanguage(request.headers[.acceptLanguage]).negotiate(among: ProblemDetails.languages)
            var head = request.head
            head.method = .get
            let probed = try await methods.respond(to: Request(head: head, body: request.body), context: context)
            guard probed.status == .ok, let allow = probed.headers[.allow] else {
                throw ProblemResponse(.notFound(language: language))
            }
            let allowed = allow.split(separator: ",").map { String($0.trimmingSpacesAndTabs()) }
            var headers = HTTPFields()
            headers[.allow] = allow
            throw ProblemResponse(
                .methodNotAllowed(request.method.rawValue, allowed: allowed, language: language), headers: headers)
        }
    }

    extension Router {
        /// Answers every request no route takes with problem details: 405 with `Allow` for a path
        /// whose routes are of other methods, else 404 (``UnmatchedRouteMiddleware``). Call it after
        /// the last route: the routes it knows are those added before.
        @discardableResult
        public func addUnmatchedRouteProblems() -> Self {
            add(middleware: UnmatchedRouteMiddleware(routes: routes))
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
