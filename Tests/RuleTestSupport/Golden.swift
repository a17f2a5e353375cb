public import Foundation
public import Testing

/// Compares `actual` with the golden file at `path`; with `RULECHECK_RECORD=1` in the
/// environment, writes `actual` there instead, for review in `git diff`.
public func assertGolden(
    _ actual: String, at path: URL, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    if ProcessInfo.processInfo.environment["RULECHECK_RECORD"] == "1" {
        try actual.write(to: path, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: path, encoding: .utf8) else {
        Issue.record(
            "no golden file at \(path.path); run with RULECHECK_RECORD=1 to write it", sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected, "differs from \(path.lastPathComponent)", sourceLocation: sourceLocation)
}
