public import Foundation
public import Testing

/// Compares `actual` with the golden file at `path`, byte for byte.
///
/// With `RULECHECK_RECORD=1` in the environment, writes `actual` there instead (when it differs)
/// and records an issue, so the recording run fails, as swift-argument-parser's snapshot tests do:
/// review the change in `git diff`, then run again without `RULECHECK_RECORD`.
public func assertGolden(
    _ actual: String, at path: URL, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    try assertGolden(Data(actual.utf8), at: path, sourceLocation: sourceLocation)
}

/// Compares `actual` with the golden file at `path`, byte for byte; see the `String` variant.
public func assertGolden(
    _ actual: Data, at path: URL, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let expected = try? Data(contentsOf: path)
    if ProcessInfo.processInfo.environment["RULECHECK_RECORD"] == "1" {
        // NB: an unchanged file keeps its date: `Golden/*.swift` are sources of GeneratedCodeTests.
        if actual != expected { try actual.write(to: path, options: .atomic) }
        Issue.record(
            "recorded \(path.path)\(actual == expected ? " (unchanged)" : ""); review with git diff and run again without RULECHECK_RECORD",
            sourceLocation: sourceLocation)
        return
    }
    guard let expected else {
        Issue.record(
            "no golden file at \(path.path); run with RULECHECK_RECORD=1 to write it", sourceLocation: sourceLocation)
        return
    }
    guard actual != expected else { return }
    // NB: as text when both are UTF-8, so the failure shows where they differ.
    if let actualText = String(data: actual, encoding: .utf8),
        let expectedText = String(data: expected, encoding: .utf8),
        actualText != expectedText
    {
        #expect(actualText == expectedText, "differs from \(path.lastPathComponent)", sourceLocation: sourceLocation)
    } else {
        Issue.record(
            "differs from \(path.lastPathComponent): \(actual.count) bytes, the golden file \(expected.count) bytes",
            sourceLocation: sourceLocation)
    }
}
