import Foundation

/// Reads a file's batches on a thread of their own, a few batches ahead of the validation, so
/// that parsing YAML and validating cases take one core each.
final class ReadAhead: @unchecked Sendable {
    // NB: `items` and `stopped` are guarded by `condition`; `source` is used by the reading
    // thread alone once it started.
    private let condition = NSCondition()
    private var items: [CaseBatchSource.Batch] = []
    private var stopped = false
    private let capacity: Int
    private let done = DispatchGroup()

    /// Starts reading `source` ahead, holding at most `capacity` batches that were not taken yet.
    init(_ source: CaseBatchSource, capacity: Int = 4) {
        self.capacity = capacity
        nonisolated(unsafe) let source = source
        DispatchQueue.global().async(group: done) { [self] in
            while true {
                let batch = source.next()
                guard put(batch), !batch.isLast else { return }
            }
        }
    }

    /// The next batch in file order, waiting for it while it is being read.
    func next() -> CaseBatchSource.Batch {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty { condition.wait() }
        condition.broadcast()
        return items.removeFirst()
    }

    /// Stops reading and waits for the reading thread to end, for a run that stops early.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
        done.wait()
    }

    /// Adds a batch, waiting while `capacity` are waiting; `false` once stopped.
    private func put(_ batch: CaseBatchSource.Batch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !stopped { condition.wait() }
        guard !stopped else { return false }
        items.append(batch)
        condition.broadcast()
        return true
    }
}
