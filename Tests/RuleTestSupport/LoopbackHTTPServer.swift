import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests: one request per connection, answered by a
/// handler on a thread of its own; it records every request it was sent.
public final class LoopbackHTTPServer: @unchecked Sendable {
    /// A request as received.
    public struct Request: Sendable {
        public var method: String
        public var path: String
        /// Header names in lower case.
        public var headers: [String: String]
        public var body: String
    }

    /// The port it listens on.
    public let port: Int
    private let socket: Int32
    private let handler: @Sendable (Request) -> (status: Int, body: String)
    private let lock = NSLock()
    private var received: [Request] = []  // guarded by lock

    /// The requests received so far, in order.
    public var requests: [Request] { lock.withLock { received } }

    /// Starts listening on a free port of 127.0.0.1.
    public init(handler: @escaping @Sendable (Request) -> (status: Int, body: String)) throws {
        self.handler = handler
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.socket = socket
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard socket >= 0, bound == 0, listen(socket, 16) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot listen on 127.0.0.1"])
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// `http://127.0.0.1:PORT` followed by `path`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Stops accepting connections.
    public func stop() {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }

    private func serve() {
        while true {
            let connection = accept(socket, nil, nil)
            guard connection >= 0 else { return }
            if let request = read(connection) {
                lock.withLock { received.append(request) }
                let (status, body) = handler(request)
                let bytes = Array(body.utf8)
                let head =
                    "HTTP/1.1 \(status) Status\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)\r\n"
                    + "Connection: close\r\n\r\n"
                let response = Array(head.utf8) + bytes
                _ = response.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
            }
            close(connection)
        }
    }

    /// Reads one request: the head up to a blank line, then `Content-Length` bytes of body.
    private func read(_ connection: Int32) -> Request? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headEnd: Int?
        var length = 0
        while true {
            if let end = headEnd, data.count >= end + length { break }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            data += buffer[..<count]
            if headEnd == nil, let range = Self.find([13, 10, 13, 10], in: data) {
                headEnd = range + 4
                let head = String(decoding: data[..<range], as: UTF8.self)
                for line in head.split(separator: "\r\n").dropFirst() {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    if parts.count == 2, parts[0].lowercased() == "content-length" {
                        length = Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0
                    }
                }
            }
        }
        let head = String(decoding: data[..<(headEnd! - 4)], as: UTF8.self).split(separator: "\r\n")
        let requestLine = head.first?.split(separator: " ") ?? []
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return Request(
            method: requestLine.first.map(String.init) ?? "",
            path: requestLine.dropFirst().first.map(String.init) ?? "",
            headers: headers, body: String(decoding: data[headEnd!...], as: UTF8.self))
    }

    private static func find(_ needle: [UInt8], in data: [UInt8]) -> Int? {
        guard data.count >= needle.count else { return nil }
        for index in 0...(data.count - needle.count) where Array(data[index..<index + needle.count]) == needle {
            return index
        }
        return nil
    }
}
