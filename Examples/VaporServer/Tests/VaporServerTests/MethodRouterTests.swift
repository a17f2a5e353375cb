import Testing
import Vapor

@testable import RuleVapor

/// The router behind a 404 or 405's `Allow` (``ProblemDetailsMiddleware``): built once per `Routes`,
/// and again only when routes were added since, so that a request no route takes walks no route list.
@Suite struct MethodRouterTests {
    @Test func aRoutesRouterIsBuiltOnceAndAgainWhenARouteIsAdded() {
        let routes = Routes()
        routes.post("tasks") { _ in "" }
        let cache = MethodRouterCache()
        let first = cache.router(for: routes)
        #expect(cache.router(for: routes) === first)
        #expect(first.allowedMethods(at: "/tasks") == ["POST"])
        routes.get("tasks", ":id") { _ in "" }
        let second = cache.router(for: routes)
        #expect(second !== first)
        #expect(second.allowedMethods(at: "/tasks/7") == ["GET", "HEAD"])
        #expect(cache.router(for: routes) === second)
    }

    @Test func eachRoutesHasItsOwnRouter() {
        let tasks = Routes()
        tasks.post("tasks") { _ in "" }
        let signUp = Routes()
        signUp.put("signup") { _ in "" }
        let cache = MethodRouterCache()
        let first = cache.router(for: tasks)
        #expect(cache.router(for: signUp).allowedMethods(at: "/signup") == ["PUT"])
        #expect(cache.router(for: signUp).allowedMethods(at: "/tasks").isEmpty)
        #expect(cache.router(for: tasks) === first)
    }

    @Test func caseInsensitiveRoutesAreMatchedSo() {
        let routes = Routes()
        routes.post("tasks") { _ in "" }
        let cache = MethodRouterCache()
        #expect(cache.router(for: routes).allowedMethods(at: "/TASKS").isEmpty)
        routes.caseInsensitive = true
        #expect(cache.router(for: routes).allowedMethods(at: "/TASKS") == ["POST"])
    }
}
