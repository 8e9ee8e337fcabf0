import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// A connection to a mail server, IMAP's or SMTP's: plain, or TLS from its first byte with the certificate checked for
/// the host (`IMAPTLS`).
enum MailChannel {
    /// Connects within `timeout`; a failure is `IMAPError.unreachable`, naming the address and why. With STARTTLS,
    /// the plain opening of `dialect` is done here (`StartTLSOpening`), and the channel comes back over TLS.
    static func connect(host: String, port: Int, tls: IMAPTLS?, timeout: Duration, dialect: MailDialect) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        let context: NIOSSLContext?
        do {
            context = try tls.map { try $0.context() }
        } catch {
            // A certificate file that can't be read: no try will do better.
            throw IMAPError.refused("TLS", "the TLS set-up failed: \(error)")
        }
        if let context, tls?.startTLS == true {
            return try await openWithStartTLS(host: host, port: port, context: context, timeout: timeout, dialect: dialect)
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
            throw IMAPError.unreachable("\(host):\(port)", MailChannel.why(error))
        }
    }
}

extension MailChannel {
    /// A plain connection turned to TLS by STARTTLS before anything else is read (`StartTLSOpening`), all within
    /// `timeout`.
    static func openWithStartTLS(host: String, port: Int, context: NIOSSLContext, timeout: Duration,
                                 dialect: MailDialect) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let opened = loop.makePromise(of: NIOAsyncChannel<ByteBuffer, ByteBuffer>.self)
        let channel: Channel
        do {
            channel = try await ClientBootstrap(group: loop)
                .connectTimeout(IMAPSession.timeAmount(timeout))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(StartTLSOpening(dialect: dialect, tls: context, host: host, opened: opened))
                    }
                }
                .connect(host: host, port: port).get()
        } catch {
            opened.fail(error)  // settled, so no promise is left open
            throw IMAPError.unreachable("\(host):\(port)", MailChannel.why(error))
        }
        let deadline = loop.scheduleTask(in: IMAPSession.timeAmount(timeout)) {
            opened.fail(IMAPError.timedOut(timeout))
            channel.close(promise: nil)
        }
        defer { deadline.cancel() }
        do {
            return try await opened.futureResult.get()
        } catch let error as IMAPError {
            throw error
        } catch {
            throw IMAPError.closed("\(error)")
        }
    }

    /// TLS's handler for a connection to `host`: SNI names a host, never an address; the certificate is checked for
    /// `host` either way.
    static func tlsHandler(_ context: NIOSSLContext, host: String) throws -> NIOSSLClientHandler {
        let isAddress = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
        return try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : host)
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

    /// Whether `error` is TLS refusing the server (its certificate, its name, a handshake alert) rather than the
    /// connection dropping.
    static func isTLSRefusal(_ error: Error) -> Bool {
        if error is NIOSSLExtraError { return true }
        guard let error = error as? NIOSSLError else { return false }
        switch error {
        case .handshakeFailed(.sslError), .handshakeFailed(.unknownError), .cannotMatchULabel, .noCertificateToValidate,
             .unableToValidateCertificate, .failedToLoadCertificate:
            return true
        default:
            return false
        }
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
            // A certificate refused, or a handshake the server refused: the same server will fail the same way; not
            // retried. A connection that dropped (mid-handshake, or without TLS's goodbye) is only closed: tried again.
            if Self.isTLSRefusal(error) { throw IMAPError.refused("TLS", MailChannel.tlsWords(error)) }
            throw IMAPError.closed("\(error)")
        }
    }
}

extension MailDeadline {
    /// Why a write found the connection closed. A write that fails on a closed channel says only "closed"; when TLS
    /// closed it (the certificate refused after STARTTLS, while the session's first command waited for the handshake),
    /// the reason is in the inbound stream, which ends with the handshake's error: read once, it says the real why,
    /// so a refused certificate is reported as refused (and not retried) whichever of the write or the read came first.
    func whyWriteFailed(_ error: Error, inbound: inout NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator) async -> Error {
        guard case IMAPError.closed = error else { return error }
        do {
            _ = try await guarded(by: .now() + .seconds(2)) { try await inbound.next() }
        } catch let refusal as IMAPError {
            if case .refused = refusal { return refusal }
        } catch {}
        return error
    }
}

extension MailChannel {
    /// Why TLS refused the server, in words a person can act on, not the library's dump: the certificate not signed by
    /// an authority this machine trusts (a company's own, a self-signed one: the account's certificate file trusts
    /// it), made for another name, a server that speaks no TLS on that port, or only an outdated version of it.
    static func tlsWords(_ error: Error) -> String {
        let said = "\(error)"
        if error is NIOSSLExtraError || said.contains("cannotMatchULabel") || said.contains("certificate from peer") {
            return "the server's certificate is made for another name than the one asked for"
        }
        if said.contains("CERTIFICATE_VERIFY_FAILED") || said.contains("unableToValidateCertificate") || said.contains("noCertificateToValidate") {
            return "the server's certificate is not signed by an authority this machine trusts (a company's or a self-made one can be trusted by giving its certificate file)"
        }
        if said.contains("WRONG_VERSION_NUMBER") || said.contains("HTTP_REQUEST") {
            return "the server does not speak TLS on this port"
        }
        if said.contains("PROTOCOL_VERSION") || said.contains("UNSUPPORTED_PROTOCOL") || said.contains("NO_SHARED_CIPHER") {
            return "the server offers only an outdated TLS (1.2 or newer is needed)"
        }
        if said.contains("failedToLoadCertificate") { return "the certificate file given could not be read" }
        return "the TLS handshake with the server failed"
    }

    /// Why a connection could not be made, in words a person reads in a sheet or a banner: the system's own for a
    /// refused or unreachable address ("Connection refused"), "its name was not found" for a host no DNS knows, and
    /// "no answer" for a connect that timed out; anything else as the library says it.
    static func why(_ error: Error) -> String {
        if let failure = error as? NIOConnectionError {
            if failure.connectionErrors.isEmpty, failure.dnsAError != nil || failure.dnsAAAAError != nil { return "its name was not found" }
            if let first = failure.connectionErrors.first { return why(first.error) }
        }
        if let io = error as? IOError, let words = strerror(io.errnoCode) { return String(cString: words) }
        if case ChannelError.connectTimeout = error { return "no answer" }
        return "\(error)"
    }
}

