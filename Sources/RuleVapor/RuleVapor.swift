#if Vapor
    import Foundation
    public import RuleCore
    public import Vapor

    /// A request refused with RFC 9457 problem details: 422 for violations, 400 for a body that is
    /// not JSON or an unknown time zone, 413 for a body over the limit, 415 for a body not sent as
    /// JSON. ``ProblemDetailsMiddleware`` renders it as `application/problem+json` with
    /// `Content-Language` and `Vary: Accept-Language`; without the middleware, Vapor's
    /// `ErrorMiddleware` still answers its status, with Vapor's own JSON.
    public struct ProblemError: AbortError, Sendable {
        /// The problem, as it is sent.
        public let problem: ProblemDetails
        /// Headers sent besides the problem's own, such as a 405's `Allow`.
        public let headers: HTTPHeaders

        /// An error carrying `problem`, with `headers` besides its own.
        public init(_ problem: ProblemDetails, headers: HTTPHeaders = [:]) {
            self.problem = problem
            self.headers = headers
        }

        public var status: HTTPResponseStatus { HTTPResponseStatus(statusCode: problem.status) }
        public var reason: String { problem.detail }

        /// The response: the problem as `application/problem+json`, `Content-Language` its language
        /// (the language of every message and of `detail`), and `Vary: Accept-Language`.
        public var response: Response {
            var headers = self.headers
            headers.replaceOrAdd(name: .contentType, value: ProblemDetails.mediaType)
            headers.replaceOrAdd(name: .contentLanguage, value: problem.language)
            headers.replaceOrAdd(name: .vary, value: "Accept-Language")
            return Response(status: status, headers: headers, body: .init(data: Data(problem.jsonUTF8)))
        }
    }

    /// Answers a ``ProblemError`` with its problem details; a body that Vapor refused as over a
    /// route's size limit (`Abort(.payloadTooLarge)`, which Vapor throws before the handler runs)
    /// with 413 problem details; and a request no route takes (Vapor's `RouteNotFound`, an empty
    /// 404) with 405 and `Allow` (every method the path has a route for, `HEAD` with `GET`) when
    /// its path has routes of other methods, else 404; each in the language `Accept-Language`
    /// negotiates among ``RuleCore/ProblemDetails/languages``. Add it once:
    /// `app.middleware.use(ProblemDetailsMiddleware())`.
    public struct ProblemDetailsMiddleware: AsyncMiddleware {
        /// The routers of `Allow`, one per `Routes`, built at the first request no route takes.
        private let routers = MethodRouterCache()

        public init() {}

        public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            do {
                return try await next.respond(to: request)
            } catch let error as ProblemError {
                return error.response
            } catch is RouteNotFound {
                let language = Self.language(of: request)
                let allowed = routers.router(for: request.application.routes).allowedMethods(at: request.url.path)
                guard !allowed.isEmpty else { return ProblemError(.notFound(language: language)).response }
                var headers = HTTPHeaders()
                headers.replaceOrAdd(name: .allow, value: ProblemDetails.allowHeader(allowed))
                let problem = ProblemDetails.methodNotAllowed(
                    request.method.rawValue, allowed: allowed, language: language)
                return ProblemError(problem, headers: headers).response
            } catch let error as any AbortError where error.status == .payloadTooLarge {
                let limit = request.application.routes.defaultMaxBodySize.value
                return ProblemError(.tooLarge(limit: limit, language: Self.language(of: request))).response
            }
        }

        private static func language(of request: Request) -> String {
            AcceptLanguage(request.headers.first(name: .acceptLanguage)).negotiate(among: ProblemDetails.languages)
        }
    }

    /// The methods that routes answer at a path, matched as Vapor's own responder matches them
    /// (RoutingKit's `TrieRouter`, the method as the first component), from the routes it was built of.
    final class MethodRouter: @unchecked Sendable {
        // NB: @unchecked: a TrieRouter is not Sendable, but only `register` changes it, which runs in
        // `init`; after that it is only read, as Vapor's own DefaultResponder reads its router from
        // every event loop at once.
        private let router: TrieRouter<String>
        private let methods: [String]
        /// The routes it was built of, held weakly (a `Route` holds its handler, which may hold the
        /// application that holds this router), and whether they match case-insensitively.
        private let routes: [Weak<Route>]
        private let caseInsensitive: Bool

        init(routes: [Route], caseInsensitive: Bool) {
            router = TrieRouter(String.self, options: caseInsensitive ? [.caseInsensitive] : [])
            var methods: [String] = []
            for route in routes {
                let method = route.method.rawValue
                if !methods.contains(method) { methods.append(method) }
                let components = route.path.filter { component in
                    if case .constant("") = component { false } else { true }
                }
                router.register(method, at: [.constant(method)] + components)
            }
            self.methods = methods
            self.routes = routes.map(Weak.init)
            self.caseInsensitive = caseInsensitive
        }

        /// Whether it was built of `routes`, the same `Route`s in the same order, and `caseInsensitive`.
        func isBuilt(of routes: [Route], caseInsensitive: Bool) -> Bool {
            caseInsensitive == self.caseInsensitive
                && routes.elementsEqual(self.routes) { route, built in route === built.object }
        }

        /// The methods a request at `path` would reach, with `HEAD` wherever `GET` is, which Vapor
        /// answers; empty when no route is at the path.
        func allowedMethods(at path: String) -> [String] {
            let components = path.split(separator: "/").map(String.init)
            var allowed = methods.filter { method in
                var parameters = Parameters()
                return router.route(path: [method] + components, parameters: &parameters) != nil
            }
            if allowed.contains("GET"), !allowed.contains("HEAD") { allowed.append("HEAD") }
            return allowed
        }
    }

    /// A ``MethodRouter`` per `Routes`, built when first asked for and again only when its routes
    /// changed since (added, or `all` set) or `caseInsensitive` did, so that a 404 or 405 builds no
    /// router: it compares the routes by identity.
    final class MethodRouterCache: Sendable {
        private let entries = Locked<[(routes: Weak<Routes>, router: MethodRouter)]>([])

        /// The router of `routes` as they are now.
        func router(for routes: Routes) -> MethodRouter {
            let all = routes.all
            let caseInsensitive = routes.caseInsensitive
            return entries.withLock { entries in
                entries.removeAll { $0.routes.object == nil }
                let index = entries.firstIndex { $0.routes.object === routes }
                if let index, entries[index].router.isBuilt(of: all, caseInsensitive: caseInsensitive) {
                    return entries[index].router
                }
                let router = MethodRouter(routes: all, caseInsensitive: caseInsensitive)
                if let index {
                    entries[index].router = router
                } else {
                    entries.append((Weak(routes), router))
                }
                return router
            }
        }
    }

    /// An object held weakly, `nil` once it is gone.
    struct Weak<Object: AnyObject> {
        weak var object: Object?

        init(_ object: Object) {
            self.object = object
        }
    }

    extension Request {
        /// The request's ``ValidationContext``: in test mode, `Rulecheck-Today`; else today in the
        /// time zone its `Time-Zone` header names, else in `settings`' time zone, by its clock.
        ///
        /// - Throws: ``ProblemError`` (400, in `language`) when the header names no time zone, or, in
        ///   test mode, no date.
        public func validationContext(
            settings: BodyValidationSettings, language: String = "en"
        ) throws(ProblemError) -> ValidationContext {
            if settings.honorsTestToday, let text = headers.first(name: ValidationContext.testTodayHeader) {
                guard let today = LocalDate(text) else { throw ProblemError(.unreadableTestToday(language: language)) }
                return ValidationContext(today: today)
            }
            guard let identifier = headers.first(name: ValidationContext.timeZoneHeader) else {
                return ValidationContext(clock: settings.clock, timeZone: settings.timeZone)
            }
            guard let context = ValidationContext(timeZoneIdentifier: identifier, clock: settings.clock) else {
                throw ProblemError(.unknownTimeZone(language: language))
            }
            return context
        }

        /// Reads the body and validates it as `validator` with the application's `settings`, with
        /// messages in the language `Accept-Language` negotiates: the valid value, with a model's
        /// fields as records.
        ///
        /// ```swift
        /// app.middleware.use(ProblemDetailsMiddleware())
        /// app.post("tasks") { request async throws -> Response in
        ///     let task = try await request.validatedBody(as: taskValidator, settings: settings)
        ///     …
        /// }
        /// ```
        ///
        /// A route's body is collected by Vapor up to `app.routes.defaultMaxBodySize` (16 KiB unless
        /// set) before the handler runs; register the route with `body: .collect(maxSize:)` or
        /// `.stream` for larger bodies, and set `settings.maxBodySize` to the same limit.
        ///
        /// - Throws: ``ProblemError``: 422 with every violation, 400 when the body is not JSON or the
        ///   time zone is unknown, 413 over the limit, 415 (with `requiresJSONContentType`) for a body
        ///   whose `Content-Type` is not JSON, all in the negotiated language.
        public func validatedBody(
            as validator: RuleCore.Validator, settings: BodyValidationSettings = BodyValidationSettings()
        ) async throws -> ValidatedValue? {
            let language = validator.language(for: headers.first(name: .acceptLanguage))
            let contentType = headers.first(name: .contentType)
            if settings.requiresJSONContentType, !ProblemDetails.isJSON(contentType: contentType) {
                throw ProblemError(.unsupportedMediaType(contentType, language: language))
            }
            let limit = settings.maxBodySize ?? application.routes.defaultMaxBodySize.value
            let body: ByteBuffer?
            if let collected = self.body.data {
                guard collected.readableBytes <= limit else {
                    throw ProblemError(.tooLarge(limit: limit, language: language))
                }
                body = collected
            } else {
                do {
                    body = try await self.body.collect(max: limit).get()
                } catch let error as any AbortError where error.status == .payloadTooLarge {
                    throw ProblemError(.tooLarge(limit: limit, language: language))
                }
            }
            // NB: `Time-Zone` and `Rulecheck-Today` are read only for rules relative to today: a
            // model without one never answers 400 for them (docs/server.md, "Today, per request").
            let validation =
                validator.readsToday
                ? try validationContext(settings: settings, language: language)
                : ValidationContext(clock: settings.clock, timeZone: settings.timeZone)
            let bytes = body.map { Array($0.readableBytesView) } ?? []
            switch validator.verdict(
                onBody: bytes, acceptLanguage: headers.first(name: .acceptLanguage), context: validation)
            {
            case .valid(let value): return value
            case .problem(let problem): throw ProblemError(problem)
            }
        }

        /// Reads the body and validates it as the generated model `Model` (`rulecheck generate
        /// swift`, or `RuleGenPlugin`): the model itself, typed (`signUp.email.value`), or
        /// ``ProblemError`` as the untyped form throws it. A server that validates only with generated
        /// models needs neither libyaml nor the rule files at run time (docs/server.md).
        public func validatedBody<Model: RuleCoreGeneratedCodeVersion1.Model>(
            as model: Model.Type, settings: BodyValidationSettings = BodyValidationSettings()
        ) async throws -> Model {
            Model(validated: try await validatedBody(as: RuleCore.Validator.model(Model.validator), settings: settings))
        }

        /// The 422 of violations the server found itself, codes the rules declare under
        /// `serverCodes:` (``RuleCore/Validator/serverViolation(_:at:value:)``), in the language this
        /// request's `Accept-Language` negotiates with `validator`, as its validation's 422 would be:
        /// `throw request.problem([try signUp.serverViolation("emailTaken", at: ["email"])], of: signUp)`.
        public func problem(_ violations: [RuleCore.Violation], of validator: RuleCore.Validator) -> ProblemError {
            ProblemError(validator.problem(violations, acceptLanguage: headers.first(name: .acceptLanguage)))
        }

        /// The 422 of violations the server found itself, typed as the generated model's:
        /// `throw request.problem([.email(.emailTaken)], of: SignUp.self)`.
        public func problem<Model: RuleCoreGeneratedCodeVersion1.Model>(
            _ violations: [Model.Violation], of model: Model.Type
        ) -> ProblemError {
            problem(violations.map(\.violation), of: .model(Model.validator))
        }
    }

    extension RoutesBuilder {
        /// A `POST` route at `path` that speaks the conformance protocol (`docs/conformance.md`) over
        /// HTTP, so that `rulecheck specs/ --implementation http://HOST:PORT/PATH` checks the rules
        /// this server runs. Mount it in test builds only (docs/server.md).
        @discardableResult
        public func conformanceRoute(_ path: PathComponent..., rules: RuleSet) -> Route {
            let responder = ConformanceResponder(rules: rules)
            return on(.POST, path, body: .collect(maxSize: "16mb")) { request async -> Response in
                let bytes = request.body.data.map { Array($0.readableBytesView) } ?? []
                var headers = HTTPHeaders()
                switch responder.answer(bytes) {
                case .answer(let line):
                    headers.replaceOrAdd(name: .contentType, value: "application/json")
                    return Response(status: .ok, headers: headers, body: .init(string: line))
                case .badRequest(let message):
                    headers.replaceOrAdd(name: .contentType, value: "text/plain; charset=utf-8")
                    return Response(status: .badRequest, headers: headers, body: .init(string: message))
                }
            }
        }
    }
#endif
