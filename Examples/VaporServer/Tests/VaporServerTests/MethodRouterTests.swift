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

    /// `Routes.all` is settable: a list of other routes, even as many, is a new router.
    @Test func routesReplacedByAsManyOthersAreANewRouter() {
        let routes = Routes()
        routes.post("tasks") { _ in "" }
        let cache = MethodRouterCache()
        #expect(cache.router(for: routes).allowedMethods(at: "/tasks") == ["POST"])
        let signUp = Routes()
        signUp.put("signup") { _ in "" }
        routes.all = signUp.all
        #expect(cache.router(for: routes).allowedMethods(at: "/tasks").isEmpty)
        #expect(cache.router(for: routes).allowedMethods(at: "/signup") == ["PUT"])
    }

    /// Requests on every event loop ask for the router while routes are added (ThreadSanitizer in CI):
    /// each gets a router of the routes as they were, and the last one of them all.
    @Test func concurrentRequestsShareTheCacheSafely() async {
        let routes = Routes()
        routes.post("tasks") { _ in "" }
        let cache = MethodRouterCache()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 0..<50 { routes.get("tasks", "\(index)") { _ in "" } }
            }
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<200 {
                        #expect(cache.router(for: routes).allowedMethods(at: "/tasks") == ["POST"])
                    }
                }
            }
        }
        #expect(cache.router(for: routes).allowedMethods(at: "/tasks/49") == ["GET", "HEAD"])
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
