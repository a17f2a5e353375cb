import Foundation

/// State that threads share, reached only under a lock: the one lock of rulecheck's targets.
///
/// NB: `Synchronization.Mutex` would do, but needs macOS 15 / iOS 18, above the package's floor
/// (macOS 14 / iOS 17, docs/install.md); SwiftPM builds every target of the package for that floor.
package final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State  // guarded by lock

    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` on the state, holding the lock.
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
