import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// A connection to a mail server, IMAP's or SMTP's: plain, or TLS from its first byte with the certificate checked for
/// the host (`IMAPTLS`).
enum MailChannel {
    /// Connects within `timeout`; a failure is `IMAPError.unreachable`, naming the address and why.
    static func connect(host: String, port: Int, tls: IMAPTLS?, timeout: Duration) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        let context: NIOSSLContext?
        do {
            context = try tls.map { try $0.context() }
        } catch {
            // A certificate file that can't be read: no try will do better.
            throw IMAPError.refused("TLS", "the TLS set-up failed: \(error)")
        }
        do {
            return try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(IMAPSession.timeAmount(timeout))
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if let context, tls?.startTLS != true {
                            try channel.pipeline.syncOperations.addHandler(try tlsHandler(context, host: host))
                        }
                        return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw IMAPError.unreachable("\(host):\(port)", "\(error)")
        }
    }
}

extension MailChannel {
    /// TLS's handler for a connection to `host`: SNI names a host, never an address; the certificate is checked for
    /// `host` either way.
    static func tlsHandler(_ context: NIOSSLContext, host: String) throws -> NIOSSLClientHandler {
        let isAddress = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
        return try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : host)
    }

    /// Turns a plain connection to TLS (after STARTTLS's yes): the handshake, the certificate checked for `host`,
    /// comes before anything else is read or written.
    static func turnToTLS(_ channel: Channel, tls: IMAPTLS, host: String) async throws {
        let context: NIOSSLContext
        do {
            context = try tls.context()
        } catch {
            throw IMAPError.refused("TLS", "the TLS set-up failed: \(error)")
        }
        try await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.addHandler(try tlsHandler(context, host: host), position: .first)
        }.get()
    }
}

/// A connection's deadline: past it, the connection is closed, which ends whatever read or write waits on it, and that
/// wait ends in `IMAPError.timedOut`.
final class MailDeadline: Sendable {
    private let channel: Channel
    private let timeout: Duration
    private let timedOut = NIOLockedValueBox(false)

    /// The deadline of `channel`'s waits, each `timeout` long from when it is set.
    init(channel: Channel, timeout: Duration) {
        self.channel = channel
        self.timeout = timeout
    }

    /// Closes the connection now (a watch that is no longer wanted): the wait under way ends.
    func closeNow() {
        channel.close(promise: nil)
    }

    /// Runs `work` (a read or a write on the channel) by `deadline`.
    func guarded<Value>(by deadline: NIODeadline, _ work: () async throws -> Value) async throws -> Value {
        let channel = self.channel, timedOut = self.timedOut
        guard deadline > .now() else {
            channel.close(promise: nil)
            throw IMAPError.timedOut(timeout)
        }
        let timer = channel.eventLoop.scheduleTask(deadline: deadline) {
            timedOut.withLockedValue { $0 = true }
            channel.close(promise: nil)
        }
        defer { timer.cancel() }
        do {
            let value = try await work()
            if timedOut.withLockedValue({ $0 }) { throw IMAPError.timedOut(timeout) }
            return value
        } catch let error as IMAPError {
            throw error
        } catch {
            if timedOut.withLockedValue({ $0 }) { throw IMAPError.timedOut(timeout) }
            // A certificate refused, or a handshake that failed: the same server will fail the same way; not retried.
            if error is NIOSSLError || error is BoringSSLError { throw IMAPError.refused("TLS", "\(error)") }
            throw IMAPError.closed("\(error)")
        }
    }
}
