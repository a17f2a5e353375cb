public import Foundation

/// How a server integration reads and judges request bodies, set once for the application and
/// shared by its routes (RuleHummingbird's `validatedBody(as:context:settings:)`):
///
/// ```swift
/// let settings = BodyValidationSettings(maxBodySize: 1 << 20, timeZone: TimeZone(identifier: "Asia/Tokyo")!)
/// router.post("/tasks") { request, context in
///     var request = request
///     let task = try await request.validatedBody(as: taskValidator, context: context, settings: settings)
///     …
/// }
/// ```
public struct BodyValidationSettings: Sendable {
    /// The largest body read, in bytes; a larger one is 413. `nil`: the framework's own limit.
    public var maxBodySize: Int?
    /// Whether a body whose `Content-Type` is not JSON is 415 (``ProblemDetails/isJSON(contentType:)``).
    /// On by default: a JSON endpoint that reads any content type can be posted to cross-site by a
    /// plain HTML form, with the user's cookies.
    public var requiresJSONContentType: Bool
    /// The time zone whose day is today when a request sends no `Time-Zone` header.
    public var timeZone: TimeZone
    /// The clock for date checks.
    public var clock: @Sendable () -> Date
    /// Test mode (never in production): a request's `Rulecheck-Today` header is today, so that
    /// drift checks of date rules pass (docs/server.md).
    public var honorsTestToday: Bool

    public init(
        maxBodySize: Int? = nil, requiresJSONContentType: Bool = true, timeZone: TimeZone = .current,
        clock: @escaping @Sendable () -> Date = { Date() }, honorsTestToday: Bool = false
    ) {
        self.maxBodySize = maxBodySize
        self.requiresJSONContentType = requiresJSONContentType
        self.timeZone = timeZone
        self.clock = clock
        self.honorsTestToday = honorsTestToday
    }
}
