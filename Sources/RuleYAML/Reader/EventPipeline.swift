internal import CLibYAML
import Dispatch
import Foundation
internal import RuleCore

/// libyaml's parse on a thread of its own: it fills chunks of events, each with a copy of its
/// events' texts, a few chunks ahead of the reader that takes them in order and makes each a
/// ``YAMLEvent``.
///
/// The reader sees exactly the events, marks, texts, syntax error and stream end that the
/// parser on its own thread gives, in the same order; only the thread that parses differs.
/// An event's texts live in its chunk until the reader moves past the chunk, which is later
/// than ``YAMLEvent`` promises (its reader's next step). Marks carry no byte offset.
package final class EventPipeline: @unchecked Sendable {
    /// How many events a chunk holds, how many bytes of text, and how many chunks there are.
    package struct Size: Sendable {
        package var events: Int
        package var bytes: Int
        package var chunks: Int

        /// Creates a size; a chunk always takes one event, however long its text.
        package init(events: Int, bytes: Int, chunks: Int) {
            precondition(events > 0 && bytes >= 0 && chunks > 1, "a pipeline needs room for an event and two chunks")
            self.events = events
            self.bytes = bytes
            self.chunks = chunks
        }

        /// Chunks of 4,096 events (about 600 cases), four of them: the hand-over is a few
        /// thousand times per million cases, and what is ahead stays in the cache.
        package static let standard = Size(events: 4096, bytes: 256 << 10, chunks: 4)
    }

    /// Events and their texts, filled by the parsing thread, then read by the reader.
    private struct Chunk {
        var events: UnsafeMutablePointer<rc_yaml_event>
        var bytes: UnsafeMutablePointer<UInt8>
        var byteCapacity: Int
        var count = 0
        /// The error that ends the stream after this chunk's events, if any.
        var failure: Diagnostic?
        /// Whether the stream ends in this chunk, with its last event (or with ``failure``).
        var isLast = false
    }

    // NB: a ring of chunks handed over by two semaphores: `filled` counts the chunks the reader
    // may take, `free` those the parser may fill. Each chunk belongs to one thread at a time, and
    // a semaphore's signal orders the writes before it with the reads after the matching wait.
    private let chunks: UnsafeMutablePointer<Chunk>
    private let size: Size
    private let filled = DispatchSemaphore(value: 0)
    private let free: DispatchSemaphore
    private let exited = DispatchSemaphore(value: 0)
    private let cancelled = Locked(false)
    /// An event libyaml gave that the last chunk had no room for: the next chunk starts with it.
    private let pending = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
    private var hasPending: Int32 = 0

    init(_ stream: LibYAMLStream, size: Size) {
        self.size = size
        // NB: made at 0 and signalled, not made at `size.chunks`: libdispatch traps when a semaphore
        // is freed below the value it was made with, as this one is when reading stops early.
        free = DispatchSemaphore(value: 0)
        for _ in 0..<size.chunks { free.signal() }
        chunks = .allocate(capacity: size.chunks)
        for index in 0..<size.chunks {
            (chunks + index).initialize(
                to: Chunk(
                    events: .allocate(capacity: size.events), bytes: .allocate(capacity: max(size.bytes, 1)),
                    byteCapacity: size.bytes))
        }
        // NB: a thread of its own, not a dispatch queue's: the reader waits for it, and a queue's
        // threads may all be waiting already (tests run in parallel on them).
        // NB: the stream, which holds the input, is let go before the reader is told that the
        // thread ended, so that nothing of the input outlives its reader.
        nonisolated(unsafe) var stream = Optional(stream)
        let thread = Thread { [self] in
            produce(stream!)
            stream = nil
            exited.signal()
        }
        thread.name = "libyaml parse"
        thread.start()
    }

    deinit {
        for index in 0..<size.chunks {
            chunks[index].events.deallocate()
            chunks[index].bytes.deallocate()
        }
        chunks.deinitialize(count: size.chunks)
        chunks.deallocate()
        if hasPending != 0 { yaml_event_delete(pending) }
        pending.deallocate()
    }

    private var isCancelled: Bool { cancelled.withLock { $0 } }

    /// Stops the parsing thread at its next chunk and waits for it to end.
    private func stop() {
        cancelled.withLock { $0 = true }
        free.signal()
        exited.wait()
    }

    /// The parsing thread: fills each free chunk in turn until the stream ends or fails.
    private func produce(_ stream: LibYAMLStream) {
        var filledCount = 0
        // NB: pages behind what libyaml took into its own buffer are handed back a megabyte at a time.
        var released = 0
        while true {
            free.wait()
            if isCancelled { return }
            let chunk = chunks + filledCount % size.chunks
            filledCount += 1
            var count = 0
            var used = 0
            var needed = 0
            var status: Int32
            repeat {
                status = rc_yaml_parse_chunk(
                    stream.parser, pending, &hasPending, chunk.pointee.events, size.events, &count,
                    chunk.pointee.bytes, chunk.pointee.byteCapacity, &used, &needed)
                if status == RC_TOO_LARGE {
                    // NB: one event's texts larger than a chunk's bytes: the empty chunk grows to hold them.
                    chunk.pointee.bytes.deallocate()
                    chunk.pointee.bytes = .allocate(capacity: needed)
                    chunk.pointee.byteCapacity = needed
                }
            } while status == RC_TOO_LARGE
            chunk.pointee.failure = nil
            chunk.pointee.isLast = status != RC_CHUNK_FULL
            // NB: a file that shrank reads as zeros: whatever libyaml made of them is not reported.
            if status != RC_CHUNK_FULL, stream.source.wasTruncated {
                if status == RC_STREAM_END { count -= 1 }
                chunk.pointee.failure = YAMLInput.changedError(file: stream.file)
            } else if status == RC_ERROR {
                chunk.pointee.failure = stream.syntaxError()
            }
            chunk.pointee.count = count
            if stream.bytesTaken - released >= 1 << 20 {
                released = stream.source.release(released..<stream.bytesTaken)
            }
            filled.signal()
            if status != RC_CHUNK_FULL { return }
        }
    }

    /// The reader's side: takes the chunks in order and makes their events one by one.
    struct Reader {
        private let pipeline: EventPipeline
        private var events: UnsafeMutablePointer<rc_yaml_event>?
        private var count = 0
        private var position = 0
        /// The chunk being read, or -1 before the first.
        private var chunk = -1
        private var taken = 0
        /// The stream end or the error, once read: every later call gives it again.
        private var last: Result<YAMLEvent, Diagnostic>?

        init(_ pipeline: EventPipeline) { self.pipeline = pipeline }

        /// The next event, valid until the reader moves past its chunk.
        // NB: not inlined into the parser's `next()`, where it made the direct path's copies of an event slower.
        @inline(never)
        mutating func next() throws(Diagnostic) -> YAMLEvent {
            while true {
                if position < count {
                    position += 1
                    return Self.event(events.unsafelyUnwrapped + position - 1)
                }
                if let last { return try last.get() }
                if chunk >= 0 {
                    if pipeline.chunks[chunk].isLast {
                        // NB: the last chunk ends with the stream end, given again, or with an error.
                        last =
                            pipeline.chunks[chunk].failure.map { .failure($0) }
                            ?? .success(Self.event(events.unsafelyUnwrapped + count - 1))
                        continue
                    }
                    // NB: handed back only now: the last event given may still be read until this call.
                    pipeline.free.signal()
                }
                pipeline.filled.wait()
                chunk = taken % pipeline.size.chunks
                taken += 1
                events = pipeline.chunks[chunk].events
                count = pipeline.chunks[chunk].count
                position = 0
            }
        }

        /// Stops the parsing thread and waits for it.
        func stop() { pipeline.stop() }

        /// A copied event as a ``YAMLEvent``, as the parser on the calling thread makes it.
        @inline(__always)
        private static func event(_ pointer: UnsafeMutablePointer<rc_yaml_event>) -> YAMLEvent {
            LibYAMLStream.event(
                pointer, start: LibYAMLStream.mark(pointer.pointee.start_mark, offset: YAMLMark.noOffset),
                end: LibYAMLStream.mark(pointer.pointee.end_mark, offset: YAMLMark.noOffset))
        }
    }
}
