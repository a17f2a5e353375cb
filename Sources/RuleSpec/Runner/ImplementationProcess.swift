import Foundation

/// Another implementation of the rules, run as one long-lived process that reads one request
/// line on its standard input and answers with one response line on its standard output.
///
/// Its standard error passes through to ours. Every exchange has a deadline, so that an
/// implementation that hangs, dies or stops reading ends the run with a message, never a hang.
/// It runs in a process group of its own, so that stopping it also stops what it started.
final class ImplementationProcess: Implementation {
    private let pid: pid_t
    /// The write end of its standard input; -1 once closed.
    private var requests: Int32
    private let responses: Int32
    private let timeout: Double
    private var buffer: [UInt8] = []
    /// The wait status, once the process has been reaped.
    private var status: Int32?

    /// Starts `command` through `/bin/sh -c 'exec …'`, so that it reads as it would in a shell.
    ///
    /// - Throws: ``ImplementationFailure`` when no process can start.
    init(command: String, timeout: Double) throws(ImplementationFailure) {
        // NB: writing to a process that died raises SIGPIPE, which would end rulecheck silently;
        // ignored, the write fails with EPIPE and the run ends with a diagnostic instead.
        signal(SIGPIPE, SIG_IGN)
        self.timeout = timeout
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0 else {
            throw ImplementationFailure("cannot start the implementation: no pipes left")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        for descriptor in input + output { posix_spawn_file_actions_addclose(&actions, descriptor) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        let words: [String] = ["/bin/sh", "-c", "exec " + command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, environ)
        close(input[0])
        close(output[1])
        guard spawned == 0 else {
            close(input[1])
            close(output[0])
            throw ImplementationFailure("cannot start the implementation: \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        requests = input[1]
        responses = output[0]
        _ = fcntl(requests, F_SETFL, fcntl(requests, F_GETFL) | O_NONBLOCK)
        _ = fcntl(requests, F_SETFD, FD_CLOEXEC)
        _ = fcntl(responses, F_SETFD, FD_CLOEXEC)
    }

    deinit {
        stop()
        close(responses)
    }

    /// Sends `request` as one line and returns the next line the implementation writes, without its line break.
    ///
    /// - Throws: ``ImplementationFailure`` when the implementation exits, closes its output or
    ///   takes longer than the timeout; it is stopped then.
    func exchange(_ request: String) throws(ImplementationFailure) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var pending = Array((request + "\n").utf8)[...]
        while !pending.isEmpty {
            try wait(for: requests, event: Int16(POLLOUT), until: deadline)
            let written = pending.withUnsafeBytes { write(requests, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw failure("stopped reading its standard input")
            }
            pending = pending.dropFirst(written)
        }
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[..<newline]
                buffer.removeSubrange(...newline)
                return String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
            }
            try wait(for: responses, event: Int16(POLLIN), until: deadline)
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(responses, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw failure("closed its standard output") }
            buffer += chunk[..<count]
        }
    }

    /// Closes the implementation's input and gives it a second to exit, then ends its process group.
    func stop() {
        if requests >= 0 {
            close(requests)
            requests = -1
        }
        guard status == nil else { return }
        if waitForExit(seconds: 1) { return }
        kill(-pid, SIGTERM)
        if waitForExit(seconds: 1) { return }
        kill(-pid, SIGKILL)
        _ = waitForExit(seconds: 10)
    }

    private func wait(for descriptor: Int32, event: Int16, until deadline: Date) throws(ImplementationFailure) {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                stop()
                throw ImplementationFailure(
                    "the implementation gave no answer within \(Self.seconds(timeout)) and was stopped; "
                        + "allow it more time with '--timeout'")
            }
            var request = pollfd(fd: descriptor, events: event, revents: 0)
            if poll(&request, 1, Int32(min(remaining * 1000, 60_000).rounded(.up))) > 0 { return }
        }
    }

    /// What became of an implementation that stopped answering, with its exit status if it exited.
    private func failure(_ what: String) -> ImplementationFailure {
        guard waitForExit(seconds: 1), let status else {
            stop()
            return ImplementationFailure("the implementation \(what) and was stopped")
        }
        // NB: the wait status holds a signal number in its low 7 bits, or an exit code above them.
        let how =
            status & 0x7F == 0 ? "exited with status \((status >> 8) & 0xFF)" : "was killed by signal \(status & 0x7F)"
        return ImplementationFailure("the implementation \(how) before answering")
    }

    /// Whether the process has exited within `seconds`, reaping it if so.
    private func waitForExit(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while status == nil {
            var result: Int32 = 0
            if waitpid(pid, &result, WNOHANG) == pid {
                status = result
            } else if Date() >= deadline {
                return false
            } else {
                usleep(5_000)
            }
        }
        return true
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) seconds" : "\(value) seconds"
    }
}

/// Another implementation that answers conformance requests one at a time: a process or a URL.
protocol Implementation: AnyObject {
    /// The answer line to one request line.
    func exchange(_ request: String) throws(ImplementationFailure) -> String
    /// Ends the exchange.
    func stop()
}

/// Why a run could not go on with the implementation under test.
struct ImplementationFailure: Error {
    /// Lower-case, no final period, the fix after `;` where there is one.
    var message: String

    init(_ message: String) { self.message = message }
}
