import Foundation
import RuleCore

/// The base protocol's framing over two file descriptors: each message is a header block
/// (`Content-Length: N`, then an empty line, each line ending in CR LF) and N bytes of JSON.
///
/// Bad framing never stops the channel: a header block without a length is skipped, a body above
/// ``maxContentLength`` is read and dropped, and each is returned as a mistake for the server to
/// answer. Only the end of input ends it.
final class MessageChannel {
    /// What reading gives next.
    enum Incoming: Equatable {
        /// A message's body.
        case message([UInt8])
        /// A header block that names no length, or one too long; what was wrong.
        case malformed(String)
        /// A body larger than ``maxContentLength``, read and dropped.
        case tooLarge(Int)
        /// The end of input.
        case end
    }

    /// The largest body read; a larger one is dropped unread.
    let maxContentLength: Int
    /// The longest header block: a client sending more without an empty line sends no header.
    static let maxHeaderLength = 8 << 10

    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    init(input: Int32, output: Int32, maxContentLength: Int) {
        self.input = input
        self.output = output
        self.maxContentLength = maxContentLength
    }

    /// The next message, mistake or the end of input.
    func next() -> Incoming {
        while true {
            if let end = headerEnd() {
                let header = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 4
                guard let length = Self.contentLength(header) else {
                    return .malformed("no valid 'Content-Length' header in '\(header.prefix(80))'")
                }
                if length > maxContentLength {
                    discard(length)
                    return .tooLarge(length)
                }
                while buffer.count - start < length {
                    if !fill() { return .end }
                }
                let body = Array(buffer[start..<start + length])
                start += length
                compact()
                return .message(body)
            }
            if buffer.count - start > Self.maxHeaderLength {
                start = buffer.count
                compact()
                return .malformed("a header block longer than \(Self.maxHeaderLength) bytes")
            }
            if !fill() { return .end }
        }
    }

    /// Writes one message: its header and `body`.
    func send(_ body: String) {
        var bytes = Array("Content-Length: \(body.utf8.count)\r\n\r\n".utf8)
        bytes += body.utf8
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }

    /// The length a header block gives, header names compared without case, as the base protocol says.
    static func contentLength(_ header: String) -> Int? {
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            // NB: header names and values are ASCII by the base protocol; cased and trimmed in ASCII.
            let name = line[..<colon].trimmingSpacesAndTabs()
            let value = line[line.index(after: colon)...].trimmingSpacesAndTabs()
            if ASCIICase.lower(name) == "content-length" {
                guard let number = Int(value), number >= 0 else { return nil }
                length = number
            }
        }
        return length
    }

    /// The offset of the CR LF CR LF that ends the header block at ``start``, if read.
    private func headerEnd() -> Int? {
        guard buffer.count - start >= 4 else { return nil }
        var index = start
        let limit = min(buffer.count, start + Self.maxHeaderLength + 4)
        while index + 3 < limit {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Reads and drops `count` bytes, as many as there are before the end of input.
    private func discard(_ count: Int) {
        var left = count
        while left > 0 {
            if buffer.count == start, !fill() { return }
            let take = min(left, buffer.count - start)
            start += take
            left -= take
            compact()
        }
    }

    /// Reads more input; `false` at its end.
    private func fill() -> Bool {
        guard !atEnd else { return false }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                atEnd = true
                return false
            }
            buffer += chunk[..<count]
            return true
        }
    }

    private func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 20 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
