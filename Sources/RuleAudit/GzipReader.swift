internal import CZlib  // no zlib type leaves RuleAudit
import Foundation

/// Reads a gzip file's bytes, inflated, a chunk at a time: memory stays within a chunk of each.
///
/// Members written one after another (`cat a.gz b.gz`) read as one stream, as `gzip -d` reads them.
final class GzipReader {
    /// Why a gzip file cannot be read.
    struct Failure: Error, LocalizedError {
        var message: String
        var errorDescription: String? { message }
    }

    // NB: zlib keeps pointers to its stream struct between calls, so it lives at a stable heap
    // address, never in an `&storedProperty` temporary.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
    private let descriptor: Int32
    private var inputEnded = false
    /// Whether a member ended (or none began) and no byte of another was inflated yet.
    private var atMemberEnd = true

    /// A reader of the open file `descriptor`.
    ///
    /// - Throws: ``Failure`` when zlib cannot start.
    init(descriptor: Int32) throws(Failure) {
        self.descriptor = descriptor
        stream.initialize(to: z_stream())
        guard rc_gzip_inflate_init(stream) == Z_OK else {
            stream.deallocate()
            input.deallocate()
            throw Failure(message: "zlib cannot start inflating")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
        input.deallocate()
    }

    /// Inflates up to `count` bytes into `target`; 0 at the end of the file.
    ///
    /// - Throws: ``Failure`` when the file is not gzip, is damaged or ends inside a member;
    ///   `POSIXError` when it cannot be read.
    func read(into target: UnsafeMutableRawPointer, count: Int) throws -> Int {
        stream.pointee.next_out = target.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(min(count, Int(UInt32.max)))
        while stream.pointee.avail_out > 0 {
            if stream.pointee.avail_in == 0 && !inputEnded { try fill() }
            if stream.pointee.avail_in == 0 && inputEnded {
                guard atMemberEnd else { throw Failure(message: "the gzip data ends inside a member; it is cut short") }
                break
            }
            if atMemberEnd {
                // NB: another member follows the one that ended.
                inflateReset(stream)
                atMemberEnd = false
            }
            let status = inflate(stream, Z_NO_FLUSH)
            switch status {
            case Z_OK, Z_BUF_ERROR: continue
            case Z_STREAM_END: atMemberEnd = true
            default:
                let reason = stream.pointee.msg.map { String(cString: $0) } ?? "error \(status)"
                throw Failure(message: "not gzip data, or damaged: \(reason)")
            }
        }
        return count - Int(stream.pointee.avail_out)
    }

    /// Reads the next compressed bytes into `input`.
    private func fill() throws {
        while true {
            let count = Foundation.read(descriptor, input.baseAddress!, input.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            if count == 0 { inputEnded = true }
            stream.pointee.next_in = input.baseAddress
            stream.pointee.avail_in = uInt(count)
            return
        }
    }
}
