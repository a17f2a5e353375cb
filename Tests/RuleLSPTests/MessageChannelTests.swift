import Foundation
import Testing

@testable import RuleLSP

/// The base protocol's framing: what the channel makes of each byte stream a client may send.
@Suite struct MessageChannelTests {
    static let cases: [(input: String, expected: [MessageChannel.Incoming])] = [
        ("Content-Length: 2\r\n\r\n{}", [.message(Array("{}".utf8)), .end]),
        // NB: header names without case, other headers ignored, two messages in one read.
        (
            "content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n[]"
                + "Content-Length: 1\r\n\r\n1",
            [.message(Array("[]".utf8)), .message(Array("1".utf8)), .end]
        ),
        (
            "Content-Type: x\r\n\r\nContent-Length: 1\r\n\r\n1",
            [.malformed("no valid 'Content-Length' header in 'Content-Type: x'"), .message(Array("1".utf8)), .end]
        ),
        ("Content-Length: -1\r\n\r\n", [.malformed("no valid 'Content-Length' header in 'Content-Length: -1'"), .end]),
        // NB: a body above the limit (here 8 bytes) is read and dropped, and the next message read.
        (
            "Content-Length: 9\r\n\r\n123456789Content-Length: 1\r\n\r\n1",
            [.tooLarge(9), .message(Array("1".utf8)), .end]
        ),
        // NB: input that ends inside a body is the end.
        ("Content-Length: 5\r\n\r\n12", [.end]),
        ("", [.end]),
    ]

    @Test(arguments: cases)
    func framing(_ input: String, _ expected: [MessageChannel.Incoming]) throws {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data(input.utf8))
        try pipe.fileHandleForWriting.close()
        let channel = MessageChannel(
            input: pipe.fileHandleForReading.fileDescriptor, output: -1, maxContentLength: 8)
        var read: [MessageChannel.Incoming] = []
        while read.last != .end { read.append(channel.next()) }
        #expect(read == expected)
    }

    @Test func aHeaderBlockWithoutEndIsMalformedOnceItPassesTheLimit() throws {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data(String(repeating: "x", count: MessageChannel.maxHeaderLength + 10).utf8))
        try pipe.fileHandleForWriting.close()
        let channel = MessageChannel(input: pipe.fileHandleForReading.fileDescriptor, output: -1, maxContentLength: 8)
        #expect(channel.next() == .malformed("a header block longer than \(MessageChannel.maxHeaderLength) bytes"))
        #expect(channel.next() == .end)
    }
}
