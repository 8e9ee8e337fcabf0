import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 channel, plus what HTTP/1.0 needs: a 1.0 request without `Connection: keep-alive` ends its
/// connection once answered (RFC 9112 §9.3). Hummingbird's request head no longer knows its version (it is turned
/// into the version-free HTTP types early), so `HTTP10Close` marks such a request `Connection: close` before that
/// happens, and Hummingbird closes after the answer as it does for any request that says so. Without it, a client
/// that waits for the close (`ab`, old proxies) waits for ever.
///
/// It also puts `HeadDeadline` in the same place, where whole heads are seen: a client has `headSeconds` to send one.
struct HTTP1ChannelClosingHTTP10: ServerChildChannel {
    let inner: HTTP1Channel
    let headSeconds: Double

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let codec = try channel.pipeline.syncOperations.handler(type: HTTP1ToHTTPServerCodec.self)
            try channel.pipeline.syncOperations.addHandler(HeadDeadline(seconds: headSeconds), position: .before(codec))
            try channel.pipeline.syncOperations.addHandler(HTTP10Close(), position: .before(codec))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// Marks an HTTP/1.0 request that does not ask to be kept alive `Connection: close`.
final class HTTP10Close: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), head.version == .http1_0, !head.isKeepAlive else {
            context.fireChannelRead(data)
            return
        }
        head.headers.replaceOrAdd(name: "connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
