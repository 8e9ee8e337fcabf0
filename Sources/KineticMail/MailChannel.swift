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
            throw IMAPError.unreachable("\(host):\(port)", "the TLS set-up failed: \(error)")
        }
        do {
            return try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(IMAPSession.timeAmount(timeout))
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if let context {
                            // SNI names a host, never an address; the certificate is checked for `host` either way.
                            let isAddress = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
                            let handler = try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : host)
                            try channel.pipeline.syncOperations.addHandler(handler)
                        }
                        return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw IMAPError.unreachable("\(host):\(port)", "\(error)")
        }
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
            throw IMAPError.closed("\(error)")
        }
    }
}
