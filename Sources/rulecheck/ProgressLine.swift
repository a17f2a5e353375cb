import Foundation
import RuleCore

/// `⠿ 120,000 cases, 48,000 cases/s` on standard error, redrawn in place at most ten times a
/// second once a run has taken a second; cleared before anything else is printed and at the end.
final class ProgressLine: Sendable {
    private let start = Date()
    private let state = Locked((drawn: Date?.none, isShown: false))
    /// What is counted: `cases`, or `records` for `audit`.
    private let unit: String

    init(unit: String = "cases") {
        self.unit = unit
    }

    func update(cases: Int) {
        state.withLock { state in
            let now = Date()
            let elapsed = now.timeIntervalSince(start)
            guard elapsed >= 1, state.drawn.map({ now.timeIntervalSince($0) >= 0.1 }) ?? true else { return }
            state = (now, true)
            let rate = Int(Double(cases) / elapsed)
            let line = "\r\u{1B}[K\(cases.formatted()) \(unit), \(rate.formatted()) \(unit)/s"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    func clear() {
        state.withLock { state in
            guard state.isShown else { return }
            state.isShown = false
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        }
    }
}
