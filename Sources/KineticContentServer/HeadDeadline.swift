import NIOCore
import NIOHTTP1

/// Gives a client `seconds` to send a whole request head: from the moment its connection opens, and again from the
/// moment each answer has been written. A client that sends nothing, or trickles a head a byte at a time (which no
/// idle timeout catches, since bytes keep coming), is closed when the time is up. Sits after the HTTP decoder, so a
/// head counts once it is complete.
final class HeadDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let seconds: Double
    private var deadline: Scheduled<Void>?

    init(seconds: Double) {
        self.seconds = seconds
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        // The answer is out: the next head has its time from here.
        let written = context.eventLoop.makePromise(of: Void.self)
        // On the channel's own event loop, where the handler and its context live: no Sendable capture needed.
        written.futureResult.assumeIsolated().whenComplete { [weak self] _ in self?.start(context) }
        written.futureResult.cascade(to: promise)
        context.write(data, promise: written)
    }

    private func start(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: .seconds(saturating: seconds)) {
            channel.close(promise: nil)
        }
    }
}
