import Foundation
import RuleCore

/// A minimal HTTP/1.1 client on POSIX sockets, for the drift checks (`--implementation http://…`,
/// `--endpoint`): one request per connection (`Connection: close`), `http://` only.
///
/// NB: not URLSession, whose Linux implementation (FoundationNetworking) links libcurl into the
/// CLI for a loopback POST; a server under test is reached over plain HTTP, and TLS, if any, is
/// its proxy's business.
struct HTTPClient {
    /// A URL the client can reach: `http://HOST[:PORT][/PATH]`.
    struct Address: Sendable, Hashable, CustomStringConvertible {
        var host: String
        var port: UInt16
        var path: String

        /// Reads `text`; `nil` with the reason when it is not an `http://` URL.
        static func parse(_ text: String) -> Result<Address, ImplementationFailure> {
            guard text.hasScalarPrefix("http://") else {
                if text.hasScalarPrefix("https://") {
                    return .failure(
                        ImplementationFailure(
                            "'\(text)' is https; the drift check speaks plain http, so point it at the server or a proxy over http"
                        ))
                }
                return .failure(ImplementationFailure("'\(text)' is not an http:// URL"))
            }
            let rest = text.dropFirst("http://".count)
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            let authority = rest[..<slash]
            let path = rest[slash...].isEmpty ? "/" : String(rest[slash...])
            var host = Substring(authority)
            var port: UInt16 = 80
            if let colon = authority.lastIndex(of: ":"), !authority.hasScalarSuffix("]") {
                guard let number = UInt16(authority[authority.index(after: colon)...]), number > 0 else {
                    return .failure(ImplementationFailure("'\(text)' has no valid port"))
                }
                port = number
                host = authority[..<colon]
            }
            if host.hasScalarPrefix("["), host.hasScalarSuffix("]") { host = host.dropFirst().dropLast() }
            guard !host.isEmpty, !path.contains(" ") else {
                return .failure(ImplementationFailure("'\(text)' has no host"))
            }
            return .success(Address(host: String(host), port: port, path: path))
        }

        var description: String { "http://\(host):\(port)\(path)" }
    }

    /// A response: its status, its headers (names lower-cased) and its body.
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
    }

    let timeout: Double

    /// Sends one request and reads the whole response.
    ///
    /// - Throws: ``ImplementationFailure`` when the server cannot be reached, stops answering
    ///   within the timeout, or answers something that is not HTTP/1.x.
    func send(
        _ method: String, to address: Address, headers: [(String, String)] = [], body: [UInt8]
    ) throws(ImplementationFailure) -> Response {
        let deadline = Date().addingTimeInterval(timeout)
        let socket = try connect(to: address, until: deadline)
        defer { close(socket) }
        var head = "\(method) \(address.path) HTTP/1.1\r\nHost: \(address.host):\(address.port)\r\n"
        head += "Connection: close\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        var pending = Array((head + "\r\n").utf8) + body
        var sent = 0
        while sent < pending.count {
            try wait(socket, for: Int16(POLLOUT), until: deadline, address: address)
            let count = pending[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw ImplementationFailure("the connection to \(address) broke while sending: \(Self.error())")
            }
            sent += count
        }
        pending = []
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let response = Self.complete(received) { return response }
            try wait(socket, for: Int16(POLLIN), until: deadline, address: address)
            let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw ImplementationFailure("the connection to \(address) broke while reading: \(Self.error())")
            }
            if count == 0 {
                guard let response = Self.complete(received, closed: true) else {
                    throw ImplementationFailure("\(address) closed the connection without an HTTP response")
                }
                return response
            }
            received += chunk[..<count]
        }
    }

    private func connect(to address: Address, until deadline: Date) throws(ImplementationFailure) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(address.host, String(address.port), &hints, &list)
        guard status == 0, let first = list else {
            throw ImplementationFailure("cannot resolve '\(address.host)': \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var reason = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let socket = Foundation.socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard socket >= 0 else { continue }
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
            _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
            if Foundation.connect(socket, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return socket }
            if errno == EINPROGRESS {
                var request = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
                let remaining = Int32(max(deadline.timeIntervalSinceNow * 1000, 0))
                if poll(&request, 1, remaining) > 0 {
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
                    if error == 0 { return socket }
                    reason = String(cString: strerror(error))
                } else {
                    reason = "no connection within the timeout"
                }
            } else {
                reason = Self.error()
            }
            close(socket)
        }
        throw ImplementationFailure("cannot connect to \(address): \(reason); is the server running?")
    }

    private func wait(_ socket: Int32, for event: Int16, until deadline: Date, address: Address)
        throws(ImplementationFailure)
    {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                throw ImplementationFailure(
                    "\(address) gave no answer within \(timeout) seconds; allow it more time with '--timeout'")
            }
            var request = pollfd(fd: socket, events: event, revents: 0)
            if poll(&request, 1, Int32(min(remaining * 1000, 60_000).rounded(.up))) > 0 { return }
        }
    }

    /// The response in `bytes`, once all of it has arrived.
    static func complete(_ bytes: [UInt8], closed: Bool = false) -> Response? {
        guard let end = headEnd(bytes) else { return nil }
        let lines = bytes[..<end].split(separator: [13, 10], omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        let status = lines[0].split(separator: " ")
        guard status.count >= 2, status[0].hasScalarPrefix("HTTP/1."), let code = Int(status[1]) else {
            return closed ? Response(status: 0, headers: [:], body: []) : nil
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            // NB: a field name is an ASCII token and the spaces around a value are SP and HTAB (RFC 9110).
            headers[ASCIICase.lower(line[..<colon])] = String(line[line.index(after: colon)...].trimmingSpacesAndTabs())
        }
        let body = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"].map(ASCIICase.lower) == "chunked" {
            return dechunk(body).map { Response(status: code, headers: headers, body: $0) }
        }
        if let length = headers["content-length"].flatMap(Int.init) {
            return body.count >= length
                ? Response(status: code, headers: headers, body: Array(body.prefix(length))) : nil
        }
        return closed ? Response(status: code, headers: headers, body: body) : nil
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// A chunked body put together, once its last chunk has arrived.
    private static func dechunk(_ bytes: [UInt8]) -> [UInt8]? {
        var body: [UInt8] = []
        var index = 0
        while true {
            guard
                let lineEnd = (index..<max(bytes.count - 1, index)).first(where: {
                    bytes[$0] == 13 && bytes[$0 + 1] == 10
                })
            else { return nil }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingSpacesAndTabs(), radix: 16) else { return nil }
            let start = lineEnd + 2
            if size == 0 { return body }
            guard start + size + 2 <= bytes.count else { return nil }
            body += bytes[start..<(start + size)]
            index = start + size + 2
        }
    }

    private static func error() -> String { String(cString: strerror(errno)) }
}
