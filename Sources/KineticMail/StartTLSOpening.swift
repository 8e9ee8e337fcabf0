import NIOCore
import NIOSSL

/// Which protocol's plain opening comes before STARTTLS.
enum MailDialect: Sendable {
    /// IMAP (RFC 3501 §6.2.1): the greeting, then `K0 STARTTLS` and its tagged OK.
    case imap
    /// SMTP submission (RFC 3207): the 220 greeting, EHLO and its 250, then STARTTLS and its 220.
    case smtp
}

/// The plain opening of a STARTTLS connection, done in the channel itself, before the session sees a byte: the
/// greeting read, STARTTLS asked for, and, on the server's yes, TLS put first in the pipeline in that same step, so that
/// every byte after it goes through TLS. Bytes that came in the clear after the yes are refused: only an attacker
/// between the two could have sent them (the STARTTLS injection of CVE-2011-0411). Anything but a yes ends the
/// connection: there is no falling back to plain. `opened` gives the channel, wrapped for the session, over TLS.
final class StartTLSOpening: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let dialect: MailDialect
    private let tls: NIOSSLContext
    private let host: String
    /// The channel over TLS, wrapped for the session, once the server said yes; or why not.
    let opened: EventLoopPromise<NIOAsyncChannel<ByteBuffer, ByteBuffer>>
    /// Bytes read and not yet a whole line.
    private var pending: [UInt8] = []
    /// How far the opening has come: 0 the greeting, 1 (SMTP: EHLO's reply) 2 STARTTLS's reply.
    private var step = 0
    /// Whether `opened` is settled (a promise is settled once).
    private var settled = false

    /// An opening for `dialect` that turns to TLS with `tls`, the certificate checked for `host`.
    init(dialect: MailDialect, tls: NIOSSLContext, host: String, opened: EventLoopPromise<NIOAsyncChannel<ByteBuffer, ByteBuffer>>) {
        (self.dialect, self.tls, self.host, self.opened) = (dialect, tls, host, opened)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        pending += unwrapInboundIn(data).readableBytesView
        // A greeting is a line or a few: 64 KB without a line's end is no mail server.
        guard pending.count <= 65_536 else { _ = fail(context, IMAPError.refused("the greeting", "more than 64 KB without a line's end")); return }
        while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: pending[..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            pending.removeSubrange(...end)
            guard heard(line, context: context) else { return }
        }
    }

    /// Takes one line of the server's; false once the opening is over (turned to TLS, or failed).
    private func heard(_ line: String, context: ChannelHandlerContext) -> Bool {
        let shown = String(line.prefix(200))
        switch (dialect, step) {
        case (.imap, 0):
            guard line.uppercased().hasPrefix("* OK") else { return fail(context, IMAPError.refused("STARTTLS", "the greeting was not * OK: \(shown)")) }
            say("K0 STARTTLS", context: context)
            step = 2
        case (.imap, _):
            if line.hasPrefix("*") { return true }  // a capability, said before the answer
            guard line.uppercased().hasPrefix("K0 OK") else { return fail(context, IMAPError.refused("STARTTLS", shown)) }
            return turnToTLS(context)
        case (.smtp, 0), (.smtp, 1):
            let expected = step == 0 ? "220" : "250"
            guard line.hasPrefix(expected) else { return fail(context, IMAPError.refused(step == 0 ? "the greeting" : "EHLO", shown)) }
            guard !line.hasPrefix(expected + "-") else { return true }  // more lines of the same reply
            say(step == 0 ? "EHLO kinetic.localdomain" : "STARTTLS", context: context)
            step += 1
        case (.smtp, _):
            guard line.hasPrefix("220") else { return fail(context, IMAPError.refused("STARTTLS", shown)) }
            return turnToTLS(context)
        }
        return true
    }

    /// TLS first in the pipeline, in this same step; the session's wrapper after it; this opening gone.
    private func turnToTLS(_ context: ChannelHandlerContext) -> Bool {
        guard pending.isEmpty else {
            return fail(context, IMAPError.refused("STARTTLS", "the server sent data in the clear after agreeing to TLS"))
        }
        do {
            try context.pipeline.syncOperations.addHandler(try MailChannel.tlsHandler(tls, host: host), position: .first)
            let wrapped = try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: context.channel)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            settled = true
            opened.succeed(wrapped)
        } catch {
            return fail(context, IMAPError.refused("TLS", MailChannel.tlsWords(error)))
        }
        return false
    }

    private func say(_ line: String, context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: line + "\r\n")), promise: nil)
    }

    /// Ends the opening with `error`, and the connection with it.
    private func fail(_ context: ChannelHandlerContext, _ error: Error) -> Bool {
        if !settled { opened.fail(error) }
        settled = true
        context.close(promise: nil)
        return false
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !settled { opened.fail(IMAPError.closed("the server closed the connection before TLS")) }
        settled = true
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        _ = fail(context, IMAPError.closed("\(error)"))
    }
}
