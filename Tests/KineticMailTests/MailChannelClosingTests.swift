import XCTest
import NIOCore
import NIOEmbedded
import NIOSSL
@testable import KineticMail

/// A connection TLS closed (the certificate refused after STARTTLS) while the session was about to write: the write
/// finds the channel closed, and the session must still say that TLS refused the server, as it does when the read comes
/// first. On a real server which of the two comes first is a race; here the order is forced.
final class MailChannelClosingTests: XCTestCase {
    /// A wrapped channel that caught `error` (as NIOSSL fires a refused handshake), if any, then closed.
    private func channelClosed(after error: Error?) async throws -> (NIOAsyncTestingChannel, NIOAsyncChannel<ByteBuffer, ByteBuffer>) {
        let channel = NIOAsyncTestingChannel()
        let wrapped = try await channel.eventLoop.submit {
            try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        }.get()
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 993))
        if let error { channel.pipeline.fireErrorCaught(error) }
        try await channel.close()
        return (channel, wrapped)
    }

    /// What the session says of a write on a channel closed after `error` (none: it only dropped): the write's own
    /// failure, as `whyWriteFailed` makes it out.
    private func whatAWriteSays(onAChannelClosedAfter error: Error?) async throws -> Error? {
        let (channel, wrapped) = try await channelClosed(after: error)
        let deadlines = MailDeadline(channel: channel, timeout: .seconds(5))
        return try await wrapped.executeThenClose { inbound, outbound in
            var iterator = inbound.makeAsyncIterator()
            do {
                try await deadlines.guarded(by: .now() + .seconds(5)) { try await outbound.write(ByteBuffer(string: "A1 LOGIN\r\n")) }
                return nil
            } catch {
                return await deadlines.whyWriteFailed(error, inbound: &iterator)
            }
        }
    }

    func testAWriteAfterTLSRefusedTheCertificateSaysTLSRefusedIt() async throws {
        let said = try await whatAWriteSays(onAChannelClosedAfter: NIOSSLError.unableToValidateCertificate)
        guard case IMAPError.refused(let what, let why)? = said else { return XCTFail("not refused: \(String(describing: said))") }
        XCTAssertEqual(what, "TLS")
        XCTAssertTrue(why.contains("not signed by an authority this machine trusts"), why)
    }

    func testAWriteOnAConnectionThatOnlyDroppedStaysClosed() async throws {
        let said = try await whatAWriteSays(onAChannelClosedAfter: nil)
        guard case IMAPError.closed? = said else { return XCTFail("not closed: \(String(describing: said))") }
    }
}
