import Foundation

/// `⠿ 120,000 cases, 48,000 cases/s` on standard error, redrawn in place at most ten times a
/// second once a run has taken a second; cleared before anything else is printed and at the end.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private let start = Date()
    private var drawn: Date?  // guarded by lock
    private var isShown = false  // guarded by lock

    func update(cases: Int) {
        lock.withLock {
            let now = Date()
            let elapsed = now.timeIntervalSince(start)
            guard elapsed >= 1, drawn.map({ now.timeIntervalSince($0) >= 0.1 }) ?? true else { return }
            drawn = now
            isShown = true
            let rate = Int(Double(cases) / elapsed)
            let line = "\r\u{1B}[K\(cases.formatted()) cases, \(rate.formatted()) cases/s"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    func clear() {
        lock.withLock {
            guard isShown else { return }
            isShown = false
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        }
    }
}
